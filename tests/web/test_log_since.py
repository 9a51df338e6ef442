"""A page is sent a seat's log once: later views bring only the entries after `since`.

Over HTTP (`GET .../view?since=`, `POST .../actions?since=`) and the WebSocket (its first
view after `?since=`, then each view after the last), checked against the whole view.
"""

from __future__ import annotations

import pytest
from fastapi import WebSocketDisconnect
from fastapi.testclient import TestClient

from tests.web.helpers import HeldLog, create, play_on, view


def _played(client: TestClient, moves: int) -> tuple[str, str]:
    """A hot-seat futebol table after `moves` moves, and seat 0's token."""
    created = create(client, "futebol", ["human", "human"], seed=4)
    table = created["id"]
    for _ in range(moves):
        play_on(client, table, [seat["token"] for seat in created["seats"]])
    return table, created["seats"][0]["token"]


def test_a_view_since_n_brings_the_entries_after_n(client: TestClient) -> None:
    table, token = _played(client, 3)
    whole = view(client, table, token)
    entries = len(whole["log"])
    assert entries >= 2
    held = HeldLog()
    held.complete(whole)
    held.events, held.log = held.events[:1], held.log[:1]  # a page that holds one entry
    part = client.get(f"/api/tables/{table}/view", params={"token": token, "since": 1}).json()
    assert part["since"] == 1 and len(part["log"]) == entries - 1
    assert held.complete(part) == whole


def test_a_since_past_the_log_gives_the_whole_view(client: TestClient) -> None:
    table, token = _played(client, 1)
    whole = view(client, table, token)
    far = client.get(f"/api/tables/{table}/view", params={"token": token, "since": 10_000})
    assert far.json() == whole


@pytest.mark.every_database  # integers and NULs reach PostgreSQL apart
@pytest.mark.parametrize("since", ["-1", "two", "99999999999999999999"])
def test_a_malformed_since_is_refused_by_name(client: TestClient, since: str) -> None:
    table, token = _played(client, 0)
    response = client.get(f"/api/tables/{table}/view", params={"token": token, "since": since})
    assert 400 <= response.status_code < 500
    assert "since" in response.text


def test_a_socket_sends_each_view_after_the_last(client: TestClient) -> None:
    """Reconnecting with `?since=n`, the first view brings the entries after n; a move's
    view then brings only the new ones; made whole, each is the view over HTTP."""
    created = create(client, "futebol", ["human", "human"], seed=4)
    table, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    play_on(client, table, tokens)
    token = tokens[0]
    held = HeldLog()
    held.complete(view(client, table, token))
    with client.websocket_connect(f"/ws/tables/{table}?token={token}&since=1") as socket:
        held.events, held.log = held.events[:1], held.log[:1]
        first = socket.receive_json()
        assert first["since"] == 1
        assert held.complete(first) == view(client, table, token)
        play_on(client, table, tokens)
        message = socket.receive_json()
        assert message["index"] == first["index"] + 1
        assert message["since"] == len(first["log"]) + 1
        assert held.complete(message) == view(client, table, token) | {"since": 0}


@pytest.mark.parametrize("since", ["-1", "two", "99999999999", "９"])
def test_a_socket_with_a_malformed_since_gets_an_error_and_is_closed(
    client: TestClient, since: str
) -> None:
    table, token = _played(client, 0)
    with client.websocket_connect(f"/ws/tables/{table}?token={token}&since={since}") as socket:
        error = socket.receive_json()
        assert error["type"] == "error" and error["status"] == 400
        assert "'since'" in error["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 4400
