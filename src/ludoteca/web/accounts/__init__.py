"""Players' accounts (issue 44): optional; anonymous play is unchanged.

`passwords` hashes and checks passwords (Argon2id), `limits` counts attempts against the
rate limits, `store` keeps accounts and sessions, `passkeys` and `ceremonies` the
passkeys, `service` and `api` are the accounts' service and HTTP API, `games` the seats
an account sat at ("my games"). `ratings` holds the rating models, `ladders` the stored
ratings, `rated` makes, joins and rates rated tables, `rated_api` serves them with the
leaderboards and profiles; `queue` and `queue_api` are quick pairing.
"""
