"""Passkeys' API against hostile answers (issue 44, item 1): forged, malformed, replayed
or expired ceremonies are refused with a clear 4xx, make nothing and never fail the
server; challenges are bounded. (A whole ceremony with an authenticator is the browser
test's: tests/web/browser/test_accounts.py.)"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.web import create_app
from ludoteca.web.accounts import passkeys
from ludoteca.web.accounts.api import COOKIE

FORGED: list[Any] = [
    {},
    {"id": 5},
    {"id": "AAAA", "rawId": "AAAA", "type": "public-key", "response": {}},
    {"id": "AAAA", "response": {"clientDataJSON": "bm90IGpzb24", "attestationObject": "AAAA"}},
    {"id": "x" * 3000, "response": {"clientDataJSON": [1, 2, 3]}},
    {"id": "AAAA", "response": {"clientDataJSON": {"nested": {"deep": [[[[]]]]}}}},
]


def options(client: TestClient, path: str, body: dict[str, Any] | None = None) -> str:
    reply = client.post(path, json=body or {})
    assert reply.status_code == 200, reply.text
    assert reply.json()["options"]["challenge"]
    challenge_id: str = reply.json()["challenge_id"]
    return challenge_id


@pytest.mark.parametrize("credential", FORGED)
def test_a_forged_passkey_makes_no_account(apps: list[TestClient], credential: Any) -> None:
    """A made-up registration is refused (400) and makes no account; its challenge is
    spent: sent again, it is refused (409)."""
    client = apps[0]
    made = options(client, "/api/passkeys/sign-up/options", {"name": "Forger"})
    body = {"challenge_id": made, "credential": credential}
    reply = client.post("/api/passkeys/sign-up", json=body)
    assert reply.status_code == 400 and reply.json()["error"]
    assert COOKIE not in client.cookies
    assert client.post("/api/passkeys/sign-up", json=body).status_code == 409
    again = client.post("/api/passkeys/sign-up/options", json={"name": "Forger"})
    assert again.status_code == 200  # the name is still free


@pytest.mark.parametrize("credential", FORGED)
def test_a_forged_passkey_signs_no_one_in(apps: list[TestClient], credential: Any) -> None:
    """A made-up sign-in answer is refused (401, the same message whatever it holds),
    and counts against the address's limit."""
    client = apps[0]
    made = options(client, "/api/passkeys/sign-in/options")
    reply = client.post(
        "/api/passkeys/sign-in", json={"challenge_id": made, "credential": credential}
    )
    assert reply.status_code == 401 and reply.json()["error"] == "this passkey was not accepted"
    assert COOKIE not in client.cookies


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"challenge_id": 5, "credential": {}},
        {"challenge_id": "x", "credential": "y"},
        {"challenge_id": "x" * 5000, "credential": {}},
    ],
)
def test_a_malformed_answer_is_a_clear_4xx(apps: list[TestClient], body: dict[str, Any]) -> None:
    """Missing or mistyped fields are a 400; an unknown challenge a 409."""
    reply = apps[0].post("/api/passkeys/sign-in", json=body)
    assert reply.status_code in (400, 409) and reply.json()["error"]


def test_a_challenge_is_good_once_on_any_process_and_not_after_it_expires(
    apps: list[TestClient],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A challenge made on one process is spent on another; an expired one is refused."""
    first, second = apps
    made = options(first, "/api/passkeys/sign-in/options")
    body = {"challenge_id": made, "credential": FORGED[2]}
    assert second.post("/api/passkeys/sign-in", json=body).status_code == 401
    assert first.post("/api/passkeys/sign-in", json=body).status_code == 409
    monkeypatch.setattr(passkeys, "CHALLENGE_LIFE", timedelta(seconds=-1))
    stale = options(first, "/api/passkeys/sign-in/options")
    body = {"challenge_id": stale, "credential": FORGED[2]}
    assert first.post("/api/passkeys/sign-in", json=body).status_code == 409


def test_challenges_are_bounded(apps: list[TestClient], monkeypatch: pytest.MonkeyPatch) -> None:
    """Past `MAX_CHALLENGES` alive, a new one is refused (503) until some expire."""
    monkeypatch.setattr(passkeys, "MAX_CHALLENGES", 3)
    client = apps[0]
    for _ in range(3):
        options(client, "/api/passkeys/sign-in/options")
    assert client.post("/api/passkeys/sign-in/options", json={}).status_code == 503


def test_a_taken_name_gets_no_passkey_options(apps: list[TestClient]) -> None:
    """The name of an account is refused before any passkey is made (409)."""
    client = apps[0]
    client.post("/api/accounts", json={"name": "Taken", "password": "long enough pass"})
    reply = client.post("/api/passkeys/sign-up/options", json={"name": "TAKEN"})
    assert reply.status_code == 409


def test_adding_a_passkey_needs_a_session_and_its_csrf_token(apps: list[TestClient]) -> None:
    """Signed out: 401; signed in without the CSRF token: 403."""
    client = apps[0]
    assert client.post("/api/passkeys/add/options", json={}).status_code == 401
    client.post("/api/accounts", json={"name": "Adder", "password": "long enough pass"})
    assert client.post("/api/passkeys/add/options", json={}).status_code == 403


def test_an_address_by_number_cannot_have_passkeys(
    database: str, pool: ProcessPoolExecutor
) -> None:
    """WebAuthn's relying party is a name: on an IP address the options are a 422 that
    says so."""
    app = create_app(database, pool=pool)
    with TestClient(app, base_url="https://127.0.0.1:8000") as client:
        reply = client.post("/api/passkeys/sign-in/options", json={})
        assert reply.status_code == 422 and "IP address" in reply.json()["error"]
