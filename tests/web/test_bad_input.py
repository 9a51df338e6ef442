"""Bad input (issue 8, "Trust"): malformed JSON, an illegal action, an oversized message, an
unknown table get a 4xx or a WebSocket error with one clear message, and change nothing.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.web.helpers import create, view


@pytest.fixture
def table(client: TestClient) -> tuple[str, str]:
    """A toinc table with two human seats: (id, seat 0's token)."""
    created = create(client, "toinc", ["human", "human"])
    return created["id"], created["seats"][0]["token"]


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        (b"{not json", 400, "malformed JSON"),
        (b"[1, 2]", 400, "JSON object"),
        (b'{"index": "0", "action": "x"}', 400, "'index' must be a whole number"),
        (b'{"index": 0}', 400, "'action' must be a text"),
        (b'{"index": 0, "action": "' + b"x" * 20_000 + b'"}', 413, "over the limit"),
        (b'{"index": 0, "action": "fly:moon"}', 422, "'fly:moon' is not legal"),
    ],
)
def test_bad_moves_are_refused_with_one_message(
    client: TestClient, table: tuple[str, str], body: bytes, status: int, words: str
) -> None:
    """Each bad body gets its status and a message saying what is wrong; nothing moves."""
    table_id, token = table
    before = view(client, table_id, token)
    response = client.post(
        f"/api/tables/{table_id}/actions",
        params={"token": token},
        content=body,
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == status
    error = response.json()
    assert error["type"] == "error" and words in error["error"]
    assert view(client, table_id, token) == before


def test_unknown_table_is_404(client: TestClient) -> None:
    """Every route of a table answers 404 for an unknown id, naming it."""
    for response in (
        client.get("/api/tables/nope/view"),
        client.post("/api/tables/nope/actions", params={"token": "t"}, json={}),
        client.get("/api/tables/nope/replay"),
        client.get("/tables/nope"),
    ):
        assert response.status_code == 404
        assert "nope" in response.json()["error"]


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "chess", "seats": [{"kind": "human"}]}, 422, "unknown game 'chess'"),
        (
            {"game": "toinc", "options": {"length": "eternal"}, "seats": [{"kind": "human"}] * 2},
            422,
            "option 'length'",
        ),
        ({"game": "toinc", "seats": [{"kind": "human"}]}, 422, "has 2 seats; 1 were given"),
        ({"game": "toinc", "seats": [{"kind": "robot"}] * 2}, 400, "kind must be one of"),
        (
            {"game": "toinc", "seats": [{"kind": "agent", "agent": "oracle"}] * 2},
            422,
            "unknown agent 'oracle'",
        ),
        (
            {"game": "toinc", "seats": [{"kind": "agent", "agent": "ismcts:iterations=10000000"}]},
            422,
            "at most",
        ),
        ({"game": "toinc", "seats": "two"}, 400, "'seats' must be a list"),
        ({"game": "toinc", "seats": [{"kind": "human"}] * 2, "seed": "x"}, 400, "'seed'"),
    ],
)
def test_bad_tables_are_refused(
    client: TestClient, body: dict[str, object], status: int, words: str
) -> None:
    """A table with an unknown game, option, seat kind or agent is not created."""
    response = client.post("/api/tables", json=body)
    assert response.status_code == status, response.text
    assert words in response.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []


def test_websocket_bad_messages_get_error_frames_and_the_socket_stays(
    client: TestClient, table: tuple[str, str]
) -> None:
    """Malformed, oversized, unknown or illegal messages: an error frame each, no change."""
    table_id, token = table
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as socket:
        first = socket.receive_json()
        assert first["type"] == "view" and first["seat"] == 0
        cases = [
            ("{nope", 400, "malformed JSON"),
            ('{"type": "action", "index": 0, "action": "' + "x" * 5000 + '"}', 413, "limit"),
            ('{"type": "dance"}', 400, "message type"),
            ('{"type": "action", "index": 0, "action": "fly:moon"}', 422, "not legal"),
            ('{"type": "action", "index": 3, "action": "fly:moon"}', 409, "stale move"),
        ]
        for text, status, words in cases:
            socket.send_text(text)
            error = socket.receive_json()
            assert error["type"] == "error" and error["status"] == status
            assert words in error["error"]
        socket.send_json({"type": "ping"})
        assert socket.receive_json() == {"type": "pong"}
    assert view(client, table_id, token) == first | {"type": "view"}


def test_a_replay_is_not_given_while_the_game_is_on(
    client: TestClient, table: tuple[str, str]
) -> None:
    """The log holds hidden moves: replay and frames answer 409 until the game ends."""
    table_id, _token = table
    assert client.get(f"/api/tables/{table_id}/replay").status_code == 409
    assert client.get(f"/api/tables/{table_id}/frames/0").status_code == 409
