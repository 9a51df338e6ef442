"""Players' accounts (issue 44): optional; anonymous play is unchanged.

`passwords` hashes and checks passwords (Argon2id), `limits` counts attempts against the
rate limits, `store` keeps accounts and sessions, `cookies` carries a session and checks
that a request comes from this site, `api` is the HTTP API.
"""
