"""Issue 36, item 8: a table whose seed its creator chose is never joinable by anyone
else. A seeded hot-seat table is bound to the browser that made it (`web.devices`): its
seat links act nowhere else, so its creator cannot hand a seat to someone whose cards
the seed tells them. And a hot-seat table names no one (item 9)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ludoteca.web.tables.devices import COOKIE
from tests.web.conftest import ClientFactory
from tests.web.helpers import view
from tests.web.test_seeds import new_table

TWO = [{"kind": "human"}, {"kind": "human"}]
BOUND = "played only in the browser that made it"


def _seeded_hotseat(client: TestClient) -> tuple[str, list[str], Any]:
    made = new_table(client, TWO, seed=11, hotseat=True)
    assert made.status_code == 201, made.text
    return made.json()["id"], [s["token"] for s in made.json()["seats"]], made


def test_the_making_browser_gets_an_httponly_strict_cookie(client: TestClient) -> None:
    _table, _tokens, made = _seeded_hotseat(client)
    cookie = made.headers["set-cookie"].lower()
    assert cookie.startswith(f"{COOKIE}=") and "httponly" in cookie
    assert "samesite=strict" in cookie and "path=/" in cookie


def test_a_table_without_a_chosen_seed_sets_no_cookie(client: TestClient) -> None:
    made = new_table(client, TWO, hotseat=True)
    assert made.status_code == 201 and "set-cookie" not in made.headers


@contextmanager
def _elsewhere(client: TestClient) -> Iterator[TestClient]:
    """`client` as another browser: without the cookies it holds (they come back after)."""
    kept = dict(client.cookies)
    client.cookies.clear()
    try:
        yield client
    finally:
        client.cookies.update(kept)


def test_a_seat_link_sent_to_another_browser_acts_nowhere(client: TestClient) -> None:
    """The token of the seat to move, at a seeded hot-seat table, from a browser without
    the maker's cookie: its view, its moves, its chat and its socket are refused (403),
    nothing is changed; the public view is anyone's; in the maker's browser it plays."""
    maker = client
    table, tokens, _made = _seeded_hotseat(maker)
    before = view(maker, table, None)["index"]
    seat = view(maker, table, None)["observation"]["current_player"]
    token = tokens[seat]
    action = view(maker, table, token)["actions"][0]["action"]
    with _elsewhere(client) as stranger:
        asked = [
            stranger.get(f"/api/tables/{table}/view", params={"token": token}),
            stranger.post(
                f"/api/tables/{table}/actions",
                params={"token": token},
                json={"index": before, "action": action},
            ),
            stranger.post(
                f"/api/tables/{table}/chat", params={"token": token}, json={"text": "hi"}
            ),
            stranger.get(f"/api/tables/{table}/chat", params={"token": token}),
        ]
        for answer in asked:
            assert answer.status_code == 403 and BOUND in answer.json()["error"], answer.text
        with (
            stranger.websocket_connect(f"/ws/tables/{table}?token={token}") as socket,
            pytest.raises(WebSocketDisconnect),
        ):
            assert socket.receive_json()["status"] == 403
            socket.receive_json()
        assert view(stranger, table, None)["index"] == before  # a spectator's, unchanged
    moved = maker.post(
        f"/api/tables/{table}/actions",
        params={"token": token},
        json={"index": before, "action": action},
    )
    assert moved.status_code == 200, moved.text


def test_the_binding_survives_a_restart(make_client: ClientFactory) -> None:
    with make_client() as maker:
        table, tokens, _made = _seeded_hotseat(maker)
        kept = dict(maker.cookies)
    with make_client() as restarted:
        refused = restarted.get(f"/api/tables/{table}/view", params={"token": tokens[0]})
        assert refused.status_code == 403
        restarted.cookies.update(kept)  # the maker's browser keeps its cookie
        assert view(restarted, table, tokens[0])["seat"] == 0


def test_a_table_seeded_for_one_person_is_not_bound(client: TestClient) -> None:
    """One person against the computer: whoever holds the link is the only person there;
    the seed tells nobody else's cards, so the table is not bound (API scripts keep
    working without cookies)."""
    made = new_table(client, [{"kind": "human"}, {"kind": "agent", "agent": "random"}], seed=5)
    assert made.status_code == 201 and "set-cookie" not in made.headers
    table, token = made.json()["id"], made.json()["seats"][0]["token"]
    with _elsewhere(client) as other:
        assert view(other, table, token)["seat"] == 0


def test_a_hotseat_table_names_no_one(client: TestClient) -> None:
    named = [{"kind": "human", "name": "Ana"}, {"kind": "human"}]
    refused = new_table(client, named, hotseat=True)
    assert refused.status_code == 422 and "names no one" in refused.json()["error"]
    made = new_table(client, TWO, hotseat=True)
    table, token = made.json()["id"], made.json()["seats"][0]["token"]
    renamed = client.post(f"/api/tables/{table}/name", params={"token": token}, json={"name": "Bo"})
    assert renamed.status_code == 409 and "names no one" in renamed.json()["error"]
    assert view(client, table, token)["table"]["seats"][0].get("name") is None
