"""Issue 15, part 3: the WebSocket fuzzed with hypothesis beside the HTTP API's schemathesis
run. Whatever a seat sends — bytes, text, any JSON, near-valid moves — each message gets
exactly one frame back (an error, an ack or a pong), the socket stays open, and the table
moves only on an ack.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludoteca.web import create_app
from ludoteca.web.shared.requests import MAX_MESSAGE
from tests.depth import examples
from tests.web.helpers import create, view

SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=40,
)
NEAR_MOVES = st.fixed_dictionaries(
    {"type": st.sampled_from(["action", "ping", "view", ""])},
    optional={
        "index": st.integers() | st.text(max_size=5) | st.none(),
        "action": st.text(max_size=40) | st.sampled_from(["hide:left", "hide:right"]),
        "seat": st.integers(-2, 3),
    },
)
MESSAGES = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200),
    JSON_VALUES.map(json.dumps),
    NEAR_MOVES.map(json.dumps),
    st.integers(1, 3_000).map(lambda depth: "[" * depth + "]" * depth),
    st.just("x" * (MAX_MESSAGE + 1)),
)


@pytest.fixture(scope="module")
def table(
    tmp_path_factory: pytest.TempPathFactory, pool: ProcessPoolExecutor
) -> Iterator[tuple[TestClient, str, str]]:
    """A running app with a Toinc table of two people: (client, table id, seat 0's token)."""
    database = Path(tmp_path_factory.mktemp("socket")) / "web.db"
    with TestClient(create_app(str(database), pool=pool)) as client:
        created = create(client, "toinc", ["human", "human"])
        yield client, created["id"], created["seats"][0]["token"]


@settings(max_examples=examples(40), deadline=None, suppress_health_check=list(HealthCheck))
@given(messages=st.lists(MESSAGES, min_size=1, max_size=4))
def test_every_message_gets_one_frame_and_the_socket_stays(
    table: tuple[TestClient, str, str], messages: list[str | bytes]
) -> None:
    """One reply per message; a move only on an ack; a ping still answered after all."""
    client, table_id, token = table
    before = view(client, table_id, token)["index"]
    acks = 0
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as socket:
        assert socket.receive_json()["type"] == "view"
        for message in messages:
            if isinstance(message, bytes):
                socket.send_bytes(message)
            else:
                socket.send_text(message)
            reply: dict[str, Any] = socket.receive_json()
            while reply["type"] == "view":  # the table moved: its new view comes first
                reply = socket.receive_json()
            assert reply["type"] in ("error", "ack", "pong"), reply
            if reply["type"] == "error":
                assert 400 <= reply["status"] < 500 and reply["error"], reply
            acks += reply["type"] == "ack"
        socket.send_json({"type": "ping"})
        reply = socket.receive_json()
        while reply["type"] == "view":
            reply = socket.receive_json()
        assert reply == {"type": "pong"}
    assert view(client, table_id, token)["index"] == before + acks
