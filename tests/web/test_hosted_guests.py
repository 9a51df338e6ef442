"""Issue 45, item 1: "a player link for those without one". A player with no account
registers for an event by name: a name-only account is made and signed in on that
browser, and its link signs the player in on any other device; the player checks in,
finds their table and withdraws as an account does, and may delete it with no password.
A refused registration leaves no account behind."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ludoteca.web.shared.db import AccountRow
from tests.web.helpers import another_browser
from tests.web.test_hosted import host, hosted_event
from tests.web.test_tournament_duel import new_event, post


def accounts(client: TestClient) -> int:
    with Session(client.app.state.accounts.engine) as session:  # type: ignore[attr-defined]
        return int(session.scalar(select(func.count()).select_from(AccountRow)) or 0)


def test_a_player_without_an_account_registers_by_name_and_comes_back_by_link(
    apps: list[TestClient],
) -> None:
    client = apps[0]
    event, key = hosted_event(apps, checking_in=True)
    guest = another_browser(client)
    made = guest.post(f"/api/events/{event}/guests", json={"name": "Zeca"})
    assert made.status_code == 201, made.text
    body = made.json()
    assert body["account"]["name"] == "Zeca" and body["account"]["name_only"]
    assert body["account"]["private"]  # on no leaderboard, a profile of a name only
    assert "Secure" in made.headers["set-cookie"] and "HttpOnly" in made.headers["set-cookie"]
    mine = guest.get(f"/api/events/{event}/me").json()
    assert mine["player"] == body["player"]
    names = [p["name"] for p in client.get(f"/api/events/{event}").json()["players"]]
    assert names == ["Zeca"]

    phone = another_browser(client)
    assert phone.get(f"/api/events/{event}/me").status_code == 401
    wrong = phone.post("/api/session/link", json={"token": body["link"][:-1] + "x"})
    assert wrong.status_code == 401
    signed = phone.post("/api/session/link", json={"token": body["link"]})
    assert signed.status_code == 200, signed.text
    csrf = signed.json()["csrf"]
    assert phone.get(f"/api/events/{event}/me").json()["player"] == body["player"]
    checked = phone.post(f"/api/events/{event}/check-in", headers={"X-CSRF-Token": csrf})
    assert checked.status_code == 204
    assert guest.get(f"/api/events/{event}/me").json()["checked_in"]

    lia = another_browser(client)
    lia_csrf = lia.post(f"/api/events/{event}/guests", json={"name": "Lia"}).json()["csrf"]
    lia.post(f"/api/events/{event}/check-in", headers={"X-CSRF-Token": lia_csrf})
    another_browser(client).post(f"/api/events/{event}/guests", json={"name": "Noa"})
    view = post(client, event, key, "rounds", {})
    assert len(view["rounds"][0]["tables"]) == 1  # Noa did not check in: dropped
    table = phone.get(f"/api/events/{event}/me").json()["table"]
    assert table is not None  # Zeca and Lia play at a table here
    here = f"/api/account/seats/{table['id']}/{table['seat']}/here"
    assert phone.post(here, headers={"X-CSRF-Token": csrf}).status_code == 200
    gone = phone.request("DELETE", "/api/account", json={}, headers={"X-CSRF-Token": csrf})
    assert gone.status_code == 204  # no password to ask: its sessions are its proof
    assert guest.get("/api/account").json()["account"] is None  # every session ended
    assert phone.post("/api/session/link", json={"token": body["link"]}).status_code == 401


def test_a_refused_name_only_registration_makes_no_account(apps: list[TestClient]) -> None:
    client = apps[0]
    event, key = new_event(client)
    before = accounts(client)
    guest = another_browser(client)
    no_hosting = guest.post(f"/api/events/{event}/guests", json={"name": "Zeca"})
    assert no_hosting.status_code == 404
    assert host(client, event, key, registering=False).status_code == 200
    closed = guest.post(f"/api/events/{event}/guests", json={"name": "Zeca"})
    assert closed.status_code == 409 and "closed" in closed.json()["error"]
    assert host(client, event, key, registering=True, cap=2).status_code == 200
    for bad in ({}, {"name": ""}, {"name": "x" * 33}, {"name": "a\nb"}, {"name": 7}):
        assert guest.post(f"/api/events/{event}/guests", json=bad).status_code == 400
    for name in ("A", "B"):
        assert (
            another_browser(client)
            .post(f"/api/events/{event}/guests", json={"name": name})
            .status_code
            == 201
        )
    full = guest.post(f"/api/events/{event}/guests", json={"name": "Zeca"})
    assert full.status_code == 409 and "full" in full.json()["error"]
    elsewhere = guest.post(
        f"/api/events/{event}/guests",
        json={"name": "Zeca"},
        headers={"Origin": "https://evil.example"},
    )
    assert elsewhere.status_code == 403
    assert accounts(client) == before + 2
    for bad_link in ({}, {"token": ""}, {"token": "x" * 65}, {"token": ["a"]}):
        assert guest.post("/api/session/link", json=bad_link).status_code == 400
