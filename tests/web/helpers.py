"""Helpers of the web tests: create tables, wait for agents, check messages for secrets."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

from fastapi.testclient import TestClient

from ludoteca import games
from ludoteca.core import Replay, State
from tests.patience import PATIENCE

TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_.:#+-]+")


def short_options(name: str) -> dict[str, Any]:
    """Options giving a short game of `name` (the game's own `short_options`)."""
    return games.game_class(name).short_options()


def rivals(name: str, level: str = "medium") -> list[str]:
    """The computer seats, at the lobby's `level`, beside one person at a short game of
    `name` (`short_options`)."""
    return [level] * (games.load(name, **short_options(name)).num_seats - 1)


def create(
    client: TestClient,
    game: str,
    kinds: list[str],
    options: dict[str, Any] | None = None,
    seed: int = 7,
    listed: bool | None = None,
) -> dict[str, Any]:
    """Create a table; `kinds` are 'human', 'open' or an agent spec ('random'); `seed`
    is taken for a table of at most one person and no open seat (several people: the
    server draws a secret one, as for strangers); `listed` in the lobby (None: the
    server's default)."""
    seats = [
        {"kind": kind} if kind in ("human", "open") else {"kind": "agent", "agent": kind}
        for kind in kinds
    ]
    options = short_options(game) if options is None else options
    body: dict[str, Any] = {"game": game, "options": options, "seats": seats}
    if "open" not in kinds and kinds.count("human") <= 1:  # a chosen seed: one person
        body["seed"] = seed  # (several people: the server's secret seed, as for strangers)
    if listed is not None:
        body["listed"] = listed
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def view(client: TestClient, table: str, token: str | None) -> dict[str, Any]:
    """GET the view of `token`'s seat."""
    params = {"token": token} if token else {}
    response = client.get(f"/api/tables/{table}/view", params=params)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def play_first(client: TestClient, table: str, token: str) -> int:
    """Seat `token` makes its first legal move; returns the table's new index."""
    current = view(client, table, token)
    answer = client.post(
        f"/api/tables/{table}/actions",
        params={"token": token},
        json={"index": current["index"], "action": current["actions"][0]["action"]},
    )
    assert answer.status_code == 200, answer.text
    index: int = answer.json()["index"]
    return index


def another_browser(client: TestClient) -> TestClient:
    """A second browser (its own cookies) on `client`'s app, whose requests run on that
    app's event loop as every request of a server does (a client of its own would run each
    request on a loop of its own, where the app's locks and timers do not belong)."""
    other = TestClient(client.app, base_url=str(client.base_url))
    other.portal = client.portal
    return other


def play_random(
    client: TestClient,
    table: str,
    tokens: list[str],
    rng: random.Random,
    moves: int | None = None,
) -> dict[str, Any]:
    """Whichever seat is to move plays a random legal move with its token, `moves` times
    or (None) to the end; returns the public view then."""
    while True:
        public = view(client, table, None)
        seat = public["observation"]["current_player"]
        if public["observation"]["terminal"] or moves == 0:
            return public
        current = view(client, table, tokens[seat])
        response = client.post(
            f"/api/tables/{table}/actions",
            params={"token": tokens[seat]},
            json={"index": current["index"], "action": rng.choice(current["actions"])["action"]},
        )
        assert response.status_code == 200, response.text
        moves = None if moves is None else moves - 1


def play_on(client: TestClient, table: str, tokens: list[str]) -> int:
    """Whichever seat is to move makes its first legal move; returns the new index."""
    seat = view(client, table, None)["observation"]["current_player"]
    return play_first(client, table, tokens[seat])


def wait_for_turn(
    client: TestClient, table: str, token: str, seat: int, timeout: float = PATIENCE
) -> dict[str, Any]:
    """Poll until it is `seat`'s turn or the game is over; returns that view."""
    deadline = time.monotonic() + timeout
    while True:
        current = view(client, table, token)
        assert current["agent_error"] is None, current["agent_error"]
        obs = current["observation"]
        if obs["terminal"] or obs["current_player"] == seat:
            return current
        assert time.monotonic() < deadline, f"seat {seat} never got the turn"
        time.sleep(0.005)


def states_along(replay: dict[str, Any]) -> list[State]:
    """The state after each number of moves of a finished game (index 0..n)."""
    record = Replay.from_json(replay)
    game = games.load(record.game, **record.options)
    state = game.new_game(record.seed)
    states = [state.clone()]
    for action in record.actions:
        state.apply(action)
        states.append(state.clone())
    return states


def leaked(message: dict[str, Any], state: State, seat: int | None) -> set[str]:
    """Hidden tokens of `seat` (at `state`) that appear anywhere in `message`."""
    tokens = set(TOKEN_PATTERN.findall(json.dumps(message)))
    return state.secrets(seat) & tokens


class HeldLog:
    """A page's copy of one seat's log, kept as `play.js` keeps it: a view after the first
    brings only the log and event entries after its `since`, and no layout."""

    def __init__(self) -> None:
        self.events: list[str] = []
        self.log: list[Any] = []
        self.layout: Any = None

    def complete(self, message: dict[str, Any]) -> dict[str, Any]:
        """`message` (a view) made whole; the copy keeps its entries."""
        since, observation = message["since"], message["observation"]
        assert 0 <= since <= len(self.events), f"since {since}: the page holds {len(self.events)}"
        assert len(observation["events"]) == len(message["log"])
        if since == 0:
            self.layout = message["layout"]
        else:
            assert "layout" not in message
        self.events = self.events[:since] + observation["events"]
        self.log = self.log[:since] + message["log"]
        whole = {**message, "since": 0, "layout": self.layout, "log": self.log}
        return whole | {"observation": {**observation, "events": self.events}}
