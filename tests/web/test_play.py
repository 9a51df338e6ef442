"""Whole games through the API against computer seats, every message checked for secrets.

Issue 8, "Trust": a seat and a spectator receive only their own observation;
nothing hidden ever reaches a page or a WebSocket message.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca import games
from ludoteca.core import Replay
from ludoteca.core.i18n import naming_players
from ludoteca.games import built_in
from tests.web.conftest import is_sqlite
from tests.web.helpers import (
    HeldLog,
    create,
    leaked,
    short_options,
    states_along,
    view,
    wait_for_turn,
)

# The registered games of the package (the test suite also registers a toy game).
GAMES = built_in()


def _check_messages(
    received: list[tuple[int | None, dict[str, Any]]], replay: dict[str, Any]
) -> None:
    """Each message is its seat's observation and log at its index and holds none of its
    secrets."""
    states = states_along(replay)
    for seat, message in received:
        state = states[message["index"]]
        with naming_players(tuple(message["players"])):  # the log names the table's players
            assert message["observation"] == state.observation(seat)
        assert message["log"] == json.loads(json.dumps(state.log_for(seat)))
        assert not leaked(message, state, seat), f"seat {seat} was sent hidden tokens"


def test_the_leak_check_finds_a_planted_secret() -> None:
    """The check above has teeth: a hidden card id put into a message is found."""
    game = games.load("toinc", length="practice")
    state = game.new_game(3)
    hidden = sorted(state.secrets(0))
    assert hidden, "toinc hides the other hand from seat 0"
    message = {"index": 0, "observation": state.observation(0), "note": f"x {hidden[0]} y"}
    assert leaked(message, state, 0) == {hidden[0]}
    assert not leaked({"observation": state.observation(0)}, state, 0)


@pytest.mark.parametrize("name", GAMES)
def test_full_game_over_http_against_agents(client: TestClient, database: str, name: str) -> None:
    """Seat 0 plays random legal moves by HTTP, the others are agents, to the end."""
    if name == "touchdown" and not is_sqlite(database):
        pytest.skip("the longest game plays on SQLite only; the other three cover PostgreSQL")
    seats = games.load(name, **short_options(name)).num_seats
    # Random Touch down matches run from 660 to 4,100 moves, and this test's cost grows
    # with the square of a game's length (every message carries its whole log): seed 1's
    # is 664 moves long, where seed 7's is 4,135.
    seed = 1 if name == "touchdown" else 7
    created = create(client, name, ["human"] + ["random"] * (seats - 1), seed=seed)
    table, token = created["id"], created["seats"][0]["token"]
    rng = random.Random(1)
    received: list[tuple[int | None, dict[str, Any]]] = []
    held = HeldLog()  # the move's answer brings only the log entries after `since`
    while True:
        current = wait_for_turn(client, table, token, 0)
        received += [(0, current), (None, view(client, table, None))]
        if current["observation"]["terminal"]:
            break
        assert [a["action"] for a in current["actions"]] == current["observation"]["legal_actions"]
        action = rng.choice(current["actions"])["action"]
        held.complete(current)
        response = client.post(
            f"/api/tables/{table}/actions",
            params={"token": token, "since": len(held.events)},
            json={"index": current["index"], "action": action},
        )
        assert response.status_code == 200, response.text
        assert response.json()["index"] > current["index"]
        answer = response.json()["view"]
        assert answer["since"] == len(held.events) or not held.events
        received.append((0, held.complete(answer)))
    replay = client.get(f"/api/tables/{table}/replay").json()
    record = Replay.from_json(replay)
    observation = current["observation"]
    expected = {"scores": observation["scores"], "winner": observation["winner"]}
    if observation["unfinished"]:  # stopped by the options' turn limit (futebol)
        expected["unfinished"] = True
    assert record.result == expected
    final = games.load(name, **record.options).replay(record)
    assert final.is_terminal and list(final.scores) == current["observation"]["scores"]
    _check_messages(received, replay)


@pytest.mark.parametrize("name", GAMES)
def test_full_game_over_websocket(client: TestClient, name: str) -> None:
    """Seat 0 plays by WebSocket; every message pushed to it and to a spectator is checked."""
    seats = games.load(name, **short_options(name)).num_seats
    created = create(client, name, ["human"] + ["random"] * (seats - 1), seed=11)
    table, token = created["id"], created["seats"][0]["token"]
    rng = random.Random(2)
    received: list[tuple[int | None, dict[str, Any]]] = []
    held = HeldLog()
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as socket:
        sent_at = -1
        while True:
            message = socket.receive_json()
            assert message["type"] in ("view", "ack"), message
            if message["type"] == "ack":
                continue
            # After the first view, only the entries the page lacks: what it was sent so far.
            assert message["since"] == len(held.events)
            message = held.complete(message)
            received.append((0, message))
            observation = message["observation"]
            if observation["terminal"]:
                break
            if observation["current_player"] == 0 and message["index"] > sent_at:
                sent_at = message["index"]
                action = rng.choice(message["actions"])["action"]
                socket.send_json({"type": "action", "index": sent_at, "action": action})
    with client.websocket_connect(f"/ws/tables/{table}") as spectator:
        received.append((None, HeldLog().complete(spectator.receive_json())))
    replay = client.get(f"/api/tables/{table}/replay").json()
    assert received[-1][1]["index"] == len(replay["actions"])
    _check_messages(received, replay)
