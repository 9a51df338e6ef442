"""Finished games keep their replay (issue 8, "Playing"): step through it, download it."""

from __future__ import annotations

from fastapi.testclient import TestClient

from ludoteca import games
from ludoteca.core import Replay
from tests.web.helpers import create, wait_for_turn


def _finished_table(client: TestClient) -> str:
    created = create(client, "toinc", ["random", "random"], seed=21)
    final = wait_for_turn(client, created["id"], "", -1)
    assert final["observation"]["terminal"]
    table: str = created["id"]
    return table


def test_the_replay_downloads_and_replays_to_the_same_result(client: TestClient) -> None:
    """The JSON is a replay file: `ludoteca replay` (Game.replay) reproduces its result."""
    table = _finished_table(client)
    response = client.get(f"/api/tables/{table}/replay")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    record = Replay.from_json(response.json())
    state = games.load(record.game, **record.options).replay(record)
    assert state.is_terminal and record.seed == 21
    assert record.result == state.result()


def test_frames_step_through_the_game(client: TestClient) -> None:
    """Frame n is the game after n moves; the last frame is the final public view."""
    table = _finished_table(client)
    record = Replay.from_json(client.get(f"/api/tables/{table}/replay").json())
    steps = len(record.actions)
    game = games.load(record.game, **record.options)
    state = game.new_game(record.seed)
    first = client.get(f"/api/tables/{table}/frames/0").json()
    assert first["observation"] == state.observation(None) and first["action"] is None
    assert first["next_action"] == record.actions[0]
    for action in record.actions:
        state.apply(action)
    last = client.get(f"/api/tables/{table}/frames/{steps}").json()
    assert last["observation"] == state.observation(None)
    assert last["action"] == record.actions[-1] and last["steps"] == steps
    as_seat = client.get(f"/api/tables/{table}/frames/{steps}", params={"seat": 1}).json()
    assert as_seat["observation"] == state.observation(1)
    assert client.get(f"/api/tables/{table}/frames/{steps + 1}").status_code == 404
    assert client.get(f"/api/tables/{table}/frames/1", params={"seat": 9}).status_code == 404
