"""Seat tokens (issue 8, "Trust"): each seat acts only with its own secret token.

A request for another seat or with no token is refused, a spectator gets
`observation(None)` only, tokens are stored hashed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ludoteca import games
from ludoteca.web.shared.records import token_hash
from ludoteca.web.tables.store import WebStore
from tests.web.conftest import is_sqlite
from tests.web.helpers import create, view


def _post(client: TestClient, table: str, token: str | None, body: object) -> tuple[int, str]:
    params = {"token": token} if token else {}
    response = client.post(f"/api/tables/{table}/actions", params=params, json=body)
    return response.status_code, response.json().get("error", "")


def _two_humans(client: TestClient) -> tuple[str, list[str]]:
    created = create(client, "toinc", ["human", "human"], listed=True)
    return created["id"], [seat["token"] for seat in created["seats"]]


def test_each_seat_sees_its_own_observation_and_a_spectator_the_public_one(
    client: TestClient,
) -> None:
    """`view` with a seat's token is `observation(seat)`; without one, `observation(None)`."""
    table, tokens = _two_humans(client)
    state = games.load("toinc", length="practice", practice_turns=2).new_game(7)
    for seat, token in enumerate(tokens):
        message = view(client, table, token)
        assert message["seat"] == seat
        assert message["observation"] == state.observation(seat)
    spectator = view(client, table, None)
    assert spectator["seat"] is None and spectator["actions"] == []
    assert spectator["observation"] == state.observation(None)
    assert spectator["observation"] != state.observation(0)


def test_no_token_is_refused_and_changes_nothing(client: TestClient) -> None:
    """Acting without a token: 401."""
    table, tokens = _two_humans(client)
    action = view(client, table, tokens[0])["actions"][0]["action"]
    status, error = _post(client, table, None, {"index": 0, "action": action})
    assert status == 401 and "token is required" in error
    assert view(client, table, None)["index"] == 0


def test_another_seats_turn_and_claims_are_refused(client: TestClient) -> None:
    """Seat 1's token cannot play seat 0's turn (409) nor claim to be seat 0 (403)."""
    table, tokens = _two_humans(client)
    mover = view(client, table, tokens[0])
    assert mover["observation"]["current_player"] == 0
    action = mover["actions"][0]["action"]
    status, error = _post(client, table, tokens[1], {"index": 0, "action": action})
    assert status == 409 and "not your turn" in error
    status, error = _post(client, table, tokens[1], {"index": 0, "action": action, "seat": 0})
    assert status == 403 and "belongs to seat 1" in error
    assert view(client, table, None)["index"] == 0


def test_a_token_of_another_table_or_a_made_up_one_is_refused(client: TestClient) -> None:
    """Tokens are per table: 403 for a foreign or unknown token, for reading and acting."""
    table, _tokens = _two_humans(client)
    _other, other_tokens = _two_humans(client)
    for token in (other_tokens[0], "not-a-token"):
        response = client.get(f"/api/tables/{table}/view", params={"token": token})
        assert response.status_code == 403
        status, _ = _post(client, table, token, {"index": 0, "action": "x"})
        assert status == 403


def test_bearer_header_works_like_the_query(client: TestClient) -> None:
    """`Authorization: Bearer <token>` identifies the seat as `?token=` does."""
    table, tokens = _two_humans(client)
    response = client.get(
        f"/api/tables/{table}/view", headers={"Authorization": f"Bearer {tokens[1]}"}
    )
    assert response.json()["seat"] == 1


def test_tokens_are_stored_hashed(client: TestClient, database: str) -> None:
    """The database holds SHA-256 hashes, never a token itself."""
    table, tokens = _two_humans(client)
    stored = WebStore(database).load_table(table)
    assert stored is not None
    assert [s.token_hash for s in stored.seats] == [token_hash(t) for t in tokens]
    if not is_sqlite(database):
        return
    files = list(Path(database).parent.glob(Path(database).name + "*"))  # the db and its WAL
    raw = b"".join(path.read_bytes() for path in files)
    assert table.encode() in raw, "the table id is stored in these files"
    assert all(token.encode() not in raw for token in tokens)


def test_a_listed_table_shows_no_token(client: TestClient) -> None:
    """The lobby list gives public facts: seat kinds, never tokens or hashes."""
    table, tokens = _two_humans(client)
    text = client.get("/api/tables").text
    assert table in text and all(token not in text for token in tokens)
    assert "token" not in text


def test_open_seat_is_claimed_once(client: TestClient) -> None:
    """An open seat gives a token to the first who joins; a second join is refused."""
    created = create(client, "toinc", ["human", "open"])
    table = created["id"]
    assert created["seats"][1]["token"] is None
    joined = client.post(f"/api/tables/{table}/join", json={"seat": 1})
    assert joined.status_code == 200
    assert view(client, table, joined.json()["token"])["seat"] == 1
    again = client.post(f"/api/tables/{table}/join", json={"seat": 1})
    assert again.status_code == 409


def test_websocket_with_a_wrong_token_gets_an_error_and_is_closed(client: TestClient) -> None:
    """A wrong token on the socket: an error frame, then close code 4403."""
    table, _tokens = _two_humans(client)
    with client.websocket_connect(f"/ws/tables/{table}?token=wrong") as socket:
        error = socket.receive_json()
        assert error["type"] == "error" and error["status"] == 403
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 4403


def test_websocket_spectator_cannot_act(client: TestClient) -> None:
    """A spectator's socket receives the public view; an action from it is refused (401)."""
    table, tokens = _two_humans(client)
    action = view(client, table, tokens[0])["actions"][0]["action"]
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        first = socket.receive_json()
        assert first["seat"] is None and first["actions"] == []
        socket.send_json({"type": "action", "index": 0, "action": action})
        assert socket.receive_json()["status"] == 401
    assert view(client, table, None)["index"] == 0
