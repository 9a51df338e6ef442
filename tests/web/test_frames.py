"""Issue 36, item 9: a finished game's frames at a bounded cost. Kept states make a
frame cost fewer than `EVERY` moves; the kept states are bounded in bytes; one frame is
worked out at a time and a crowd beyond `WAITING` is refused (503), not queued."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.core import State
from ludoteca.web.tables.frames import Frames
from ludoteca.web.tables.table import LiveTable
from tests.web.test_replay import _finished_table


def _live(client: TestClient, table: str) -> LiveTable:
    live: LiveTable = client.app.state.service.tables[table]  # type: ignore[attr-defined]
    return live


def _replayed(live: LiveTable, step: int) -> State:
    state = live.game.new_game(live.record.seed)
    for action in live.state.history[:step]:
        state.apply(action)
    return state


def test_a_frame_from_kept_states_is_the_replayed_game(client: TestClient) -> None:
    """Steps asked in any order: each is the game replayed from the start to that step
    (every seat's observation and log), and the work from a kept state is under EVERY."""
    live = _live(client, _finished_table(client))
    count = len(live.state.history)
    frames = Frames(every=8)
    steps = random.Random(3).sample(range(count + 1), min(count + 1, 25))
    for step in [*steps, count, 0]:
        got, want = frames.state_at(live, step), _replayed(live, step)
        for seat in (None, 0, 1):
            assert got.observation(seat) == want.observation(seat)
            assert got.log_for(seat) == want.log_for(seat)
        kept = frames._kept[live.id].steps
        assert step - max([0, *(s for s in kept if s <= step)]) < 8


def test_kept_states_stay_within_their_budget(client: TestClient) -> None:
    live = _live(client, _finished_table(client))
    count = len(live.state.history)
    small = Frames(every=2)
    small.state_at(live, count)
    whole = small.size
    assert whole > 0
    bounded = Frames(every=2, budget=whole // 3)
    for step in range(0, count + 1, 3):
        bounded.state_at(live, step)
        assert bounded.size <= whole // 3
    assert bounded.size > 0
    assert bounded.state_at(live, count).observation(None) == live.state.observation(None)


def test_a_crowd_of_frame_requests_beyond_the_queue_gets_503(client: TestClient) -> None:
    """With one frame being worked out, `waiting` more may wait; the next is refused."""
    live = _live(client, _finished_table(client))
    frames = Frames(waiting=3)

    async def crowd() -> list[Any]:
        await frames._turn.acquire()  # a frame is being worked out
        waiting = [asyncio.create_task(frames.frame(live, 1, None)) for _ in range(3)]
        await asyncio.sleep(0)
        refused = await asyncio.gather(frames.frame(live, 1, None), return_exceptions=True)
        frames._turn.release()
        return [*refused, *await asyncio.gather(*waiting)]

    refused, *answered = asyncio.run(crowd())
    assert getattr(refused, "status", None) == 503
    assert [answer["step"] for answer in answered] == [1, 1, 1]


@pytest.mark.every_database  # integers and NULs reach PostgreSQL apart
@pytest.mark.parametrize("path", ["frames/0", "frames/-1", "frames/99999999"])
def test_frames_of_a_game_in_play_or_out_of_range_change_nothing(
    client: TestClient, path: str
) -> None:
    made = client.post(
        "/api/tables",
        json={"game": "kalah", "seats": [{"kind": "human"}, {"kind": "agent", "agent": "random"}]},
    )
    table = made.json()["id"]
    assert client.get(f"/api/tables/{table}/{path}").status_code == 409
    assert client.app.state.frames.size == 0  # type: ignore[attr-defined]
