"""Issue 15, part 3: malformed requests that gave a 500 — JSON nested thousands deep,
seeds out of a 64-bit integer's range — get a 4xx with one message, and change nothing.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.web.helpers import create, view

DEEP = b"[" * 8_000 + b"]" * 8_000  # 16 KB: deeper than Python's parser goes
DEEP_OBJECT = b'{"index": 0, "action": "x", "seat": ' + b"[" * 100 + b"]" * 100 + b"}"


def organizer_event(client: TestClient) -> tuple[str, str]:
    """A new Duel event: (id, organizer key)."""
    answer = client.post("/api/events", json={"name": "cup"})
    assert answer.status_code == 201, answer.text
    return answer.json()["id"], answer.json()["key"]


@pytest.mark.parametrize("body", [DEEP, DEEP_OBJECT], ids=["8000-deep", "100-deep-field"])
def test_deep_json_is_refused_on_every_body_reading_route(client: TestClient, body: bytes) -> None:
    """A move, a new event and an event's result: 400 naming the nesting, nothing stored."""
    created = create(client, "toinc", ["human", "random"])
    table, token = created["id"], created["seats"][0]["token"]
    event, key = organizer_event(client)
    routes = [
        (f"/api/tables/{table}/actions", {"token": token}),
        ("/api/events", {}),
        (f"/api/events/{event}/results", {"key": key}),
        ("/api/tables", {}),
        ("/api/games/toinc/seats", {}),
    ]
    before = view(client, table, token)
    tables = len(client.get("/api/tables").json()["tables"])
    for path, params in routes:
        answer = client.post(path, params=params, content=body)
        assert answer.status_code == 400, (path, answer.text)
        assert "nested more than 16 levels" in answer.json()["error"], path
    assert view(client, table, token)["index"] == before["index"]
    assert len(client.get("/api/tables").json()["tables"]) == tables


def test_deep_json_on_the_socket_gets_an_error_frame_and_the_socket_stays(
    client: TestClient,
) -> None:
    """The WebSocket answers an error frame and goes on serving the seat."""
    created = create(client, "toinc", ["human", "human"])
    table, token = created["id"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as socket:
        assert socket.receive_json()["type"] == "view"
        socket.send_text("[" * 2_000 + "]" * 2_000)  # 4 KB, within a message's limit
        frame = socket.receive_json()
        assert frame["type"] == "error" and "nested" in frame["error"], frame
        socket.send_json({"type": "ping"})
        assert socket.receive_json() == {"type": "pong"}


@pytest.mark.every_database  # integers and NULs reach PostgreSQL apart
@pytest.mark.parametrize(
    ("seed", "status", "said"),
    [
        (2**63, 422, "'seed' must be a whole number from 0 to 2**63 - 1"),
        (-1, 422, "'seed' must be a whole number from 0 to 2**63 - 1"),
        (10**30, 400, "a number longer than 20 digits"),  # no field needs one: refused as read
        (-(2**70), 400, "a number longer than 20 digits"),
    ],
)
def test_a_seed_out_of_range_is_refused(
    client: TestClient, seed: int, status: int, said: str
) -> None:
    """Seeds are 0 to 2**63 - 1 (a signed 64-bit column): others are refused, no table."""
    body = {"game": "toinc", "seats": [{"kind": "human"}, {"kind": "agent"}], "seed": seed}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == status, answer.text
    assert said in answer.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []
    answer = client.post("/api/events", json={"name": "cup", "seed": seed})
    assert answer.status_code == status, answer.text
    assert client.get("/api/events").json()["events"] == []


def test_the_largest_seed_is_stored(client: TestClient) -> None:
    """2**63 - 1 fits the column: the table is created and plays."""
    body = {"game": "toinc", "seats": [{"kind": "human"}, {"kind": "agent"}], "seed": 2**63 - 1}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text


@pytest.mark.parametrize("body", [b"null", b"0", b'"text"'])
def test_json_that_is_not_an_object_is_named_so(client: TestClient, body: bytes) -> None:
    """`null` is not mistaken for deep nesting: it is a body that is not an object."""
    answer = client.post("/api/events", content=body)
    assert answer.status_code == 400
    assert answer.json()["error"] == "the body must be a JSON object"
