"""Issue 36, item 1: a table's cache of views is bounded whatever a stranger sends. On a
finished table (whose position never changes again, so nothing else would empty it), every
`since`, every language and a hundred renames leave at most one view per seat and language,
each with at most `SINCE_TEXTS` shorter texts; and what is sent is what a fresh build sends."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.web.tables import seating
from ludoteca.web.tables.views import SINCE_TEXTS
from tests.web.helpers import create, view, wait_for_turn

LANGUAGES = ["en", "pt-BR", "it"]


def _finished(client: TestClient) -> tuple[str, str]:
    """A Kalah game played to its end by a person (first legal move) and the computer."""
    created = create(client, "kalah", ["human", "random"])
    table, token = created["id"], created["seats"][0]["token"]
    while not (current := wait_for_turn(client, table, token, 0))["observation"]["terminal"]:
        move = {"index": current["index"], "action": current["actions"][0]["action"]}
        answer = client.post(f"/api/tables/{table}/actions", params={"token": token}, json=move)
        assert answer.status_code == 200, answer.text
    return table, token


def _cache(client: TestClient, table: str) -> dict[Any, Any]:
    live = client.app.state.service.tables[table]  # type: ignore[attr-defined]
    cache: dict[Any, Any] = live.view_cache
    return cache


def _held(cache: dict[Any, Any]) -> tuple[int, int]:
    """(views, shorter texts) the cache holds."""
    entries = [value for key, value in cache.items() if isinstance(key, tuple)]
    return len(entries), sum(len(entry[2]) for entry in entries)


def test_every_since_and_language_leaves_the_cache_bounded(client: TestClient) -> None:
    table, token = _finished(client)
    length = len(view(client, table, None)["log"])
    assert length > 20
    for language in LANGUAGES:
        for since in range(1, length + 1):
            for seat_token in (None, token):
                params = {"since": since} | ({"token": seat_token} if seat_token else {})
                answer = client.get(
                    f"/api/tables/{table}/view",
                    params=params,
                    headers={"accept-language": language},
                )
                assert answer.status_code == 200 and answer.json()["since"] == since
    views, texts = _held(_cache(client, table))
    assert views <= 2 * len(LANGUAGES) and texts <= views * SINCE_TEXTS, (views, texts)


def test_renames_leave_the_cache_bounded_and_every_view_current(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(seating, "RENAMES", 1_000)  # as many as a stranger's processes
    table, token = _finished(client)
    for number in range(100):
        answer = client.post(
            f"/api/tables/{table}/name", params={"token": token}, json={"name": f"Ana {number}"}
        )
        assert answer.status_code == 200, answer.text
        assert view(client, table, None)["table"]["seats"][0]["name"] == f"Ana {number}"
    views, _texts = _held(_cache(client, table))
    assert views <= 2, views


def test_an_evicted_text_is_built_again_the_same(client: TestClient) -> None:
    """A `since` pushed out of the cache is encoded again: the same text as before."""
    table, token = _finished(client)
    first = client.get(f"/api/tables/{table}/view", params={"since": 1, "token": token}).text
    for since in range(2, 3 + SINCE_TEXTS):
        client.get(f"/api/tables/{table}/view", params={"since": since, "token": token})
    again = client.get(f"/api/tables/{table}/view", params={"since": 1, "token": token}).text
    assert json.loads(again) == json.loads(first)
