"""Accounts (issue 44, item 1): sign up, in and out, sessions in Secure HttpOnly SameSite
cookies, CSRF tokens, rate limits, no account enumeration, settings, deletion."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from ludoteca.web import create_app
from ludoteca.web.accounts import limits, passwords, store
from ludoteca.web.accounts.api import COOKIE

PASSWORD = "correct horse battery"


def sign_up(client: TestClient, name: str, password: str = PASSWORD) -> dict[str, Any]:
    reply = client.post("/api/accounts", json={"name": name, "password": password})
    assert reply.status_code == 201, reply.text
    body: dict[str, Any] = reply.json()
    return body


def sign_in(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    return client.post("/api/session", json={"name": name, "password": password})


def test_signing_up_signs_in_with_a_secure_httponly_samesite_cookie(apps: list[TestClient]) -> None:
    """The session is a Secure, HttpOnly, SameSite cookie; its value is not in the body and
    only its hash is stored; the account is read back with its CSRF token."""
    client = apps[0]
    reply = client.post("/api/accounts", json={"name": "Ana Lúcia", "password": PASSWORD})
    assert reply.status_code == 201
    cookie = reply.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    flags = {part.strip().lower() for part in cookie.split(";")}
    assert {"secure", "httponly", "samesite=lax", "path=/"} <= flags
    token = client.cookies[COOKIE]
    assert token not in reply.text
    me = client.get("/api/account").json()
    assert me["account"]["name"] == "Ana Lúcia" and me["csrf"] == reply.json()["csrf"]
    assert me["account"]["login"] == "ana lúcia"


def test_a_session_is_good_on_every_server_process(apps: list[TestClient]) -> None:
    """Sessions are kept in the database: signed in on one process, known on the other."""
    first, second = apps
    sign_up(first, "Bea")
    second.cookies.set(COOKIE, first.cookies[COOKIE])
    assert second.get("/api/account").json()["account"]["name"] == "Bea"


def test_an_unknown_name_and_a_wrong_password_are_refused_alike(
    apps: list[TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No account enumeration: the same 401 and message, and a password hash checked
    either way (a refusal takes as long)."""
    client = apps[0]
    sign_up(client, "Caio")
    client.cookies.clear()
    checked: list[str] = []
    real = passwords._verify

    def counting(stored: str | None, password: str) -> bool:
        checked.append(stored or passwords._dummy())
        return real(stored, password)

    monkeypatch.setattr(passwords, "_verify", counting)
    wrong = sign_in(client, "Caio", "not the password")
    unknown = sign_in(client, "Nobody Here", "not the password")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert len(checked) == 2 and all(s.startswith("$argon2id$") for s in checked)
    assert sign_in(client, "caio").status_code == 200  # names are told apart casefolded


def test_refused_sign_ins_are_limited_per_name_whether_or_not_it_exists(
    apps: list[TestClient],
) -> None:
    """After `LOGIN.count` refusals for a name within its window, even the right password
    is refused (429), on every process; an unknown name is limited the same way."""
    first, second = apps
    sign_up(first, "Dora")
    first.cookies.clear()
    for name in ("Dora", "Ghost"):
        for _ in range(limits.LOGIN.count):
            assert sign_in(first, name, "guessing wrong").status_code == 401
        limited = sign_in(second, name)
        assert limited.status_code == 429 and "min" in limited.json()["error"]
    assert COOKIE not in second.cookies


def test_refused_sign_ins_are_limited_per_address(
    apps: list[TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """After `ADDRESS.count` refusals from one address, any name is refused from it (the
    count made 8 here: each refusal checks a hash, 0.1 s)."""
    monkeypatch.setattr(limits, "ADDRESS", limits.Limit("address", 8, limits.ADDRESS.window))
    client = apps[0]
    sign_up(client, "Eva")
    client.cookies.clear()
    for n in range(limits.ADDRESS.count):
        assert sign_in(client, f"name {n}", "guessing wrong").status_code == 401
    assert sign_in(client, "Eva").status_code == 429


def test_sign_ups_are_limited_per_address(
    apps: list[TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`SIGNUP.count` sign-ups an address an hour, a refused one (a taken name) included
    (the count made 4 here)."""
    monkeypatch.setattr(limits, "SIGNUP", limits.Limit("signup", 4, limits.SIGNUP.window))
    client = apps[0]
    sign_up(client, "Fabi")
    taken = client.post("/api/accounts", json={"name": "FABI", "password": PASSWORD})
    assert taken.status_code == 409
    for n in range(limits.SIGNUP.count - 2):
        sign_up(client, f"Fabi {n}")
    over = client.post("/api/accounts", json={"name": "One More", "password": PASSWORD})
    assert over.status_code == 429


def test_changes_need_the_sessions_csrf_token(apps: list[TestClient]) -> None:
    """A signed-in change without the CSRF token, or with another session's, is refused
    (403) and changes nothing."""
    first, second = apps
    csrf = sign_up(first, "Gil")["csrf"]
    other = sign_up(second, "Hugo")["csrf"]
    for headers in ({}, {"X-CSRF-Token": other}, {"X-CSRF-Token": ""}):
        reply = first.patch("/api/account", json={"name": "Hacked"}, headers=headers)
        assert reply.status_code == 403
    assert first.get("/api/account").json()["account"]["name"] == "Gil"
    changed = first.patch(
        "/api/account",
        json={"name": "Gil B.", "language": "it", "theme": "dark", "private": True},
        headers={"X-CSRF-Token": csrf},
    )
    assert changed.status_code == 200
    account = first.get("/api/account").json()["account"]
    assert (account["name"], account["language"], account["theme"], account["private"]) == (
        "Gil B.",
        "it",
        "dark",
        True,
    )


@pytest.mark.parametrize(
    "headers",
    [{"Origin": "https://evil.example"}, {"Sec-Fetch-Site": "cross-site"}],
)
def test_another_sites_requests_are_refused(
    apps: list[TestClient], headers: dict[str, str]
) -> None:
    """Signing up or in from another site's page is refused (403), nothing made."""
    client = apps[0]
    body = {"name": "Iris", "password": PASSWORD}
    assert client.post("/api/accounts", json=body, headers=headers).status_code == 403
    assert client.post("/api/session", json=body).status_code == 401  # no account was made


def test_a_form_posting_json_as_plain_text_is_refused(apps: list[TestClient]) -> None:
    """A `text/plain` form can write a body that parses as JSON; the API wants JSON sent
    as JSON (415), which only this site's scripts can send."""
    client = apps[0]
    text = '{"name": "Iris", "password": "' + PASSWORD + '", "x": "="}'
    sent = client.post("/api/accounts", content=text, headers={"Content-Type": "text/plain"})
    assert sent.status_code == 415 and "JSON" in sent.json()["error"]
    assert (
        client.post("/api/session", json={"name": "Iris", "password": PASSWORD}).status_code == 401
    )


def test_signing_out_ends_the_session_and_everywhere_ends_all(apps: list[TestClient]) -> None:
    """A cookie replayed after signing out is refused; signing out everywhere ends the
    sessions of every browser."""
    first, second = apps
    csrf = sign_up(first, "Joana")["csrf"]
    stolen = first.cookies[COOKIE]
    assert first.delete("/api/session", headers={"X-CSRF-Token": csrf}).status_code == 204
    assert COOKIE not in first.cookies
    second.cookies.set(COOKIE, stolen)
    assert second.get("/api/account").json()["account"] is None
    second.cookies.clear()
    one = sign_in(first, "Joana").json()["csrf"]
    assert sign_in(second, "Joana").status_code == 200
    everywhere = first.delete("/api/sessions", headers={"X-CSRF-Token": one})
    assert everywhere.status_code == 204
    assert second.get("/api/account").json()["account"] is None


def test_deleting_the_account_asks_the_password_again(apps: list[TestClient]) -> None:
    """A wrong password deletes nothing; the right one deletes the account and its
    sessions, and its name is free again. Its data downloads first as a file."""
    client = apps[0]
    csrf = sign_up(client, "Kátia")["csrf"]
    download = client.get("/api/account/data")
    assert download.status_code == 200 and "attachment" in download.headers["content-disposition"]
    assert download.json()["account"]["name"] == "Kátia"
    headers = {"X-CSRF-Token": csrf}
    refused = client.request("DELETE", "/api/account", json={"password": "nope"}, headers=headers)
    assert refused.status_code == 401 and client.get("/api/account").json()["account"]
    deleted = client.request("DELETE", "/api/account", json={"password": PASSWORD}, headers=headers)
    assert deleted.status_code == 204
    client.cookies.clear()
    assert sign_in(client, "Kátia").status_code == 401
    sign_up(client, "Kátia")


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"name": "Leo", "password": "short"}, 400),
        ({"name": "Leo", "password": "x" * 257}, 400),
        ({"name": "Le\u0000o", "password": PASSWORD}, 400),
        ({"name": "L\ne\to", "password": PASSWORD}, 400),
        ({"name": "  ", "password": PASSWORD}, 400),
        ({"name": "L" * 33, "password": PASSWORD}, 400),
        ({"name": ["Leo"], "password": PASSWORD}, 400),
        ({"name": "Leo", "password": 12345678}, 400),
        ({"name": "Leo", "password": PASSWORD, "pad": "x" * 20_000}, 413),
    ],
)
def test_bad_sign_ups_are_refused_with_a_clear_message(
    apps: list[TestClient], body: dict[str, Any], status: int
) -> None:
    """A malformed sign-up gets one clear 4xx message and makes no account."""
    client = apps[0]
    reply = client.post("/api/accounts", json=body)
    assert reply.status_code == status and reply.json()["error"]
    assert COOKIE not in client.cookies


@pytest.mark.parametrize(
    "body",
    [{"theme": "neon"}, {"language": "xx"}, {"private": "yes"}, {"role": "admin"}, {"name": ""}],
)
def test_bad_settings_are_refused_and_change_nothing(
    apps: list[TestClient], body: dict[str, Any]
) -> None:
    """An unknown field or value is a 400 naming it; the account is unchanged."""
    client = apps[0]
    csrf = sign_up(client, "Mia")["csrf"]
    before = client.get("/api/account").json()
    reply = client.patch("/api/account", json=body, headers={"X-CSRF-Token": csrf})
    assert reply.status_code == 400 and reply.json()["error"]
    assert client.get("/api/account").json() == before


@pytest.mark.parametrize("cookie", ["", "x" * 5000, "not-a-session", "é" * 10, "a\x00b"])
def test_made_up_session_cookies_are_not_signed_in(apps: list[TestClient], cookie: str) -> None:
    """A made-up, oversized or undecodable cookie is simply not a session (signed out;
    401 where one is needed), never a 500."""
    header = f"{COOKIE}={cookie}".encode()
    assert apps[0].get("/api/account", headers={"cookie": header}).json()["account"] is None
    assert apps[0].get("/api/account/data", headers={"cookie": header}).status_code == 401


def _table(client: TestClient) -> dict[str, Any]:
    """A Toinc table for two people (seat 0 to move): its id and both seats' tokens."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = client.post("/api/tables", json={"game": "toinc", "seats": seats})
    assert made.status_code == 201, made.text
    body: dict[str, Any] = made.json()
    return body


def test_my_games_claims_seats_by_their_tokens_only(apps: list[TestClient]) -> None:
    """A browser signed in claims the seats whose tokens it holds: a wrong token or a seat
    another account holds links nothing; the list gives the account's seats, newest first,
    on every process."""
    first, second = apps
    table = _table(first)
    tokens = [seat["token"] for seat in table["seats"]]
    csrf = sign_up(first, "Nina")["csrf"]
    claims = [
        {"table": table["id"], "seat": 0, "token": tokens[0]},
        {"table": table["id"], "seat": 1, "token": tokens[0]},  # seat 1's is another token
        {"table": "no-such-table", "seat": 0, "token": tokens[0]},
    ]
    claimed = first.post(
        "/api/account/seats", json={"seats": claims}, headers={"X-CSRF-Token": csrf}
    )
    assert claimed.status_code == 200 and claimed.json() == {"held": 1}
    assert first.get("/api/account/games").json() == {"seats": [{"table": table["id"], "seat": 0}]}

    other = sign_up(second, "Otto")["csrf"]
    stolen = [{"table": table["id"], "seat": 0, "token": tokens[0]}]
    refused = second.post(
        "/api/account/seats", json={"seats": stolen}, headers={"X-CSRF-Token": other}
    )
    assert refused.json() == {"held": 0} and second.get("/api/account/games").json()["seats"] == []
    second.cookies.clear()
    sign_in(second, "Nina")
    assert second.get("/api/account/games").json()["seats"] == [{"table": table["id"], "seat": 0}]


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"seats": "all"},
        {"seats": [{"table": "t", "seat": "0", "token": "x"}]},
        {"seats": [{"table": "t", "seat": True, "token": "x"}]},
        {"seats": [{"table": "t", "seat": 10**30, "token": "x"}]},
        {"seats": [{"table": "t" * 40, "seat": 0, "token": "x"}]},
        {"seats": [{"table": "t", "seat": 0, "token": "x"}] * 65},
        {"seats": [["t", 0, "x"]]},
    ],
)
def test_bad_claims_are_refused_and_link_nothing(apps: list[TestClient], body: Any) -> None:
    """A malformed or oversized claim is a 400 naming the shape; nothing is linked."""
    client = apps[0]
    csrf = sign_up(client, "Paz")["csrf"]
    reply = client.post("/api/account/seats", json=body, headers={"X-CSRF-Token": csrf})
    assert reply.status_code == 400 and reply.json()["error"]
    assert client.get("/api/account/games").json()["seats"] == []


def test_deleting_the_account_keeps_its_games_unlinked(apps: list[TestClient]) -> None:
    """The tables stay; the account's link to them goes with it."""
    client = apps[0]
    table = _table(client)
    csrf = sign_up(client, "Quim")["csrf"]
    claim = [{"table": table["id"], "seat": 1, "token": table["seats"][1]["token"]}]
    headers = {"X-CSRF-Token": csrf}
    assert client.post("/api/account/seats", json={"seats": claim}, headers=headers).json() == {
        "held": 1
    }
    client.request("DELETE", "/api/account", json={"password": PASSWORD}, headers=headers)
    assert client.get(f"/api/tables?ids={table['id']}").json()["tables"][0]["id"] == table["id"]
    sign_up(client, "Quim")  # the name is free; the new account has no games
    assert client.get("/api/account/games").json()["seats"] == []


def test_passwords_are_stored_as_argon2id_with_rfc_9106_settings(
    database: str, pool: ProcessPoolExecutor
) -> None:
    """The shipped hasher (the other tests use a light one): Argon2id, 64 MiB, 3 passes,
    4 lanes (RFC 9106's second recommendation); the password itself is stored nowhere."""
    with TestClient(create_app(database, pool=pool), base_url="https://testserver") as client:
        sign_up(client, "Rui")
        engine = client.app.state.accounts.engine  # type: ignore[attr-defined]
        with engine.connect() as connection:
            (stored,) = connection.execute(text("SELECT password_hash FROM web_accounts")).one()
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$") and PASSWORD not in stored


def test_an_account_keeps_at_most_max_sessions(
    apps: list[TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sessions are bounded: past `MAX_SESSIONS` (3 here), a new sign-in ends the oldest."""
    monkeypatch.setattr(store, "MAX_SESSIONS", 3)
    first, second = apps
    sign_up(first, "Sara")
    for _ in range(3):
        second.cookies.clear()
        assert sign_in(second, "Sara").status_code == 200
    assert first.get("/api/account").json()["account"] is None
    assert second.get("/api/account").json()["account"]["name"] == "Sara"
