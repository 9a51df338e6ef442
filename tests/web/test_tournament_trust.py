"""Organizer keys and bad input on the tournament pages (issue 8, "Trust").

Every change to an event needs its organizer key (403 otherwise); reading is
public and carries no organizer control; bad input gets a 4xx with one clear
message and changes nothing.
"""

from __future__ import annotations

import hashlib
import re

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from tests.web.conftest import is_sqlite
from tests.web.test_tournament_duel import new_event, organizer, post

ACTIONS = ["players", "drop", "rounds", "repair", "results", "fix", "cut", "cut-advance"]


def test_every_change_needs_the_events_own_key(client: TestClient) -> None:
    """No key, a wrong key or another event's key: 403 with a clear message, no change."""
    event, key = new_event(client)
    other, other_key = new_event(client, name="Another")
    post(client, event, key, "players", {"name": "Ana"})
    revision = client.get(f"/api/events/{event}").json()["revision"]
    for action in [*ACTIONS, "final", "playoff", "clock"]:
        url = f"/api/events/{event}/{action}"
        body = {"name": "Mallory", "player": "ana", "size": 2, "action": "start"}
        bare = client.post(url, json=body)
        assert bare.status_code == 403, action
        assert "needs its organizer key" in bare.json()["error"]
        wrong = client.post(url, json=body, headers=organizer(other_key))
        assert wrong.status_code == 403 and "not the organizer key" in wrong.json()["error"]
        query = client.post(url, json=body, params={"key": "x" * 32})
        assert query.status_code == 403
    assert client.get(f"/api/events/{event}").json()["revision"] == revision
    assert client.get(f"/api/events/{event}/organizer").status_code == 403
    wrong = client.get(f"/api/events/{event}/organizer", headers=organizer(other_key))
    assert wrong.status_code == 403
    mine = client.get(f"/api/events/{event}/organizer", headers=organizer(key))
    assert mine.status_code == 200 and mine.json()["organizer"] is True
    assert (
        client.get(f"/api/events/{other}/organizer", params={"key": other_key}).status_code == 200
    )


def test_the_key_is_stored_only_as_its_hash(client: TestClient, database: str) -> None:
    """Like seat tokens, only the SHA-256 of the organizer key is in the database."""
    event, key = new_event(client)
    url = database if not is_sqlite(database) else f"sqlite:///{database}"
    engine = create_engine(url)
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT * FROM web_events")).all()
        operations = connection.execute(text("SELECT * FROM web_event_operations")).all()
    engine.dispose()
    assert rows and all(key not in str(row) for row in [*rows, *operations])
    assert hashlib.sha256(key.encode()).hexdigest() in str(rows[0])
    assert event in str(rows[0])


def test_public_pages_show_no_organizer_control_and_no_key(client: TestClient) -> None:
    """The public standings page and the print page are read-only; the API shows no key."""
    event, key = new_event(client)
    for name in ("Ana", "Bruno", "Carla"):
        post(client, event, key, "players", {"name": name})
    post(client, event, key, "rounds", {})
    for path in (f"/events/{event}", f"/events/{event}/print"):
        page = client.get(path)
        assert page.status_code == 200
        # The top bar's theme and language switches are the page's only controls: they
        # change how it reads, nothing of the event.
        top = re.search(r'<header class="top">.*?</header>', page.text, re.S)
        assert top is not None
        assert re.findall(r"<(button|select)\b[^>]*\bid=\"(\w+)\"", top.group(0)) == [
            ("select", "language"),
            ("button", "theme"),
        ]
        body = page.text.replace(top.group(0), "")
        assert not re.search(r"<(button|form|input|select|textarea)\b", body), path
        assert key not in page.text
    module = client.get("/static/event_public.js").text
    assert "method:" not in module and "/organize" not in module and "/organizer" not in module
    shared = client.get("/static/event_render.js").text
    assert "method:" not in shared and "/organizer" not in shared
    public = client.get(f"/api/events/{event}").json()
    assert "journal" not in public and "organizer" not in public
    assert key not in str(public) and "key_hash" not in str(public)
    listing = client.get("/api/events").json()["events"]
    assert {"id": event, "name": "Sunday Duel", "kind": "duel"} in listing
    assert key not in str(listing)


def test_bad_input_gets_a_clear_4xx_and_changes_nothing(client: TestClient) -> None:
    """Malformed JSON, unknown player, unknown table, bad fields, unknown event."""
    event, key = new_event(client)
    for name in ("Ana", "Bruno", "Carla", "Davi"):
        post(client, event, key, "players", {"name": name})
    post(client, event, key, "rounds", {})
    revision = client.get(f"/api/events/{event}").json()["revision"]
    headers = {**organizer(key), "Content-Type": "application/json"}
    cases = [
        ("results", b'{"round": 1, "table": ', 400, "malformed JSON"),
        ("results", b"[1, 2]", 400, "JSON object"),
        ("drop", b'{"player": "zelda"}', 422, "no player with the id, name or number 'zelda'"),
        ("results", b'{"round": 1, "table": 9, "result": "win"}', 422, "no table 9"),
        ("results", b'{"round": 7, "table": 1, "result": "win"}', 422, "no round 7"),
        ("results", b'{"round": 1, "table": 1, "result": "crushed"}', 400, "must be one of"),
        ("results", b'{"round": "1", "table": 1, "result": "win"}', 400, "'round'"),
        ("players", b'{"name": ""}', 400, "'name'"),
        ("players", b'{"name": "Ana"}', 422, "already registered"),
        ("cut", b'{"size": 4}', 422, "finish the Swiss rounds"),
        ("final", b"{}", 409, "melee events only"),
        ("clock", b'{"action": "rewind"}', 400, "start, pause or resume"),
        ("teleport", b"{}", 422, "unknown event action"),
    ]
    for action, body, status, message in cases:
        answer = client.post(f"/api/events/{event}/{action}", content=body, headers=headers)
        assert answer.status_code == status, (action, body, answer.text)
        assert message in answer.json()["error"], (action, answer.json())
    big = b'{"name": "' + b"x" * 20_000 + b'"}'
    assert (
        client.post(f"/api/events/{event}/players", content=big, headers=headers).status_code == 413
    )
    assert client.get(f"/api/events/{event}").json()["revision"] == revision
    assert client.get("/api/events/nope").status_code == 404
    assert (
        client.post("/api/events/nope/rounds", json={}, headers=organizer(key)).status_code == 404
    )
    assert client.get("/events/nope").status_code == 404
    bad = client.post("/api/events", json={"kind": "chess", "name": "x"})
    assert bad.status_code == 400
    minutes = client.post("/api/events", json={"kind": "duel", "name": "x", "round_minutes": 45})
    assert minutes.status_code == 422 and "45" in minutes.json()["error"]
    tier = client.post("/api/events", json={"kind": "melee", "name": "x", "tier": "galactic"})
    assert tier.status_code == 422 and "tier" in tier.json()["error"]


def test_names_are_shown_as_text_never_as_markup(client: TestClient) -> None:
    """An event or player name holding HTML is escaped on every server-made page."""
    markup = "<script>alert(1)</script>"
    event, key = new_event(client, name=f"Cup {markup}")
    for name in (markup, "Bruno"):
        post(client, event, key, "players", {"name": name})
    post(client, event, key, "rounds", {})
    for path in (f"/events/{event}", f"/events/{event}/organize", f"/events/{event}/print"):
        page = client.get(path).text
        assert markup not in page, path
        assert "&lt;script&gt;" in page, path
