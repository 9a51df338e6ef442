"""Computer seats: moves from worker processes through the same checks; failures stop the
table with a message that names no (possibly hidden) action.
"""

from __future__ import annotations

import json
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca import games
from ludoteca.agents import make_agent, names
from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.web import create_app
from ludoteca.web.tables.ai import agent_seed, check_agent, choose_action, replayed
from tests.patience import eventually
from tests.web.helpers import create, view


def _wait_for_error(client: TestClient, table: str) -> dict[str, Any]:
    return eventually(
        lambda: (current := view(client, table, None))["agent_error"] is not None and current,
        "the computer seat's error",
        every=0.01,
    )


@pytest.mark.parametrize("reply", ["raise", "illegal"])
def test_a_failing_agent_stops_its_table_and_says_so(
    database: str, monkeypatch: pytest.MonkeyPatch, reply: str
) -> None:
    """An agent that crashes or answers an illegal move: no move is stored, the seats are told."""

    def bad_agent(*_args: Any) -> str:
        if reply == "raise":
            raise RuntimeError("hand: OG-2 OG-3")
        return "play:OG-2"

    monkeypatch.setattr("ludoteca.web.tables.service.choose_action", bad_agent)
    with ThreadPoolExecutor(1) as pool, TestClient(create_app(database, pool=pool)) as client:
        table = create(client, "toinc", ["random", "human"])["id"]
        stopped = _wait_for_error(client, table)
        assert stopped["index"] == 0
        assert stopped["agent_error"] == "the computer of seat 0 failed (see server log)"
        assert "OG-2" not in str(stopped)


def test_the_worker_plays_what_the_agent_chooses_for_that_seat() -> None:
    """`choose_action` rebuilds the game from its log and answers a legal move, reproducibly."""
    from ludoteca import games

    options = {"length": "practice", "practice_turns": 2}
    state = games.load("toinc", **options).new_game(9)
    first = state.legal_actions()[0]
    state.apply(first)
    seat = state.current_player
    assert seat is not None
    action = choose_action("toinc", options, 9, [first], seat, "ismcts:iterations=20")
    assert action in state.legal_actions()
    assert action == choose_action("toinc", options, 9, [first], seat, "ismcts:iterations=20")
    assert agent_seed(9, 1, 0) != agent_seed(9, 2, 0)


def test_agent_presets_and_limits() -> None:
    """Presets name specs; specs beyond the server's limits are refused."""
    hard = make_agent(check_agent("hard"))
    assert isinstance(hard, ISMCTSAgent) and hard.seconds == 1 and hard.iterations is None
    assert hard._prior_spec == "heuristic" and check_agent("medium") == "heuristic"
    assert check_agent("random") == "random"
    for game in ("touchdown", "toinc"):
        searcher = make_agent(check_agent("hard", game))
        assert isinstance(searcher, ISMCTSAgent) and searcher.horizon == "checkpoint"
    assert check_agent("hard", "futebol") == check_agent("hard")
    from ludoteca.core import OptionError

    with pytest.raises(OptionError, match="at most"):
        check_agent("ismcts:seconds=60")
    # An installed package's agent sets no limits the server knows: it is not offered.
    assert "openspiel-mcts" in names() and "openspiel-mcts" not in names(installed=False)
    with pytest.raises(OptionError, match="not offered on this server"):
        check_agent("openspiel-mcts:simulations=100000000")


def test_a_workers_replay_extends_its_last_state_and_equals_a_fresh_one() -> None:
    """`replayed` builds a table's next position on the worker's last one when the log
    only grew (no whole replay per computer move), rebuilds it when the log is another,
    and hands out copies: what an agent does to its copy changes nothing kept."""
    options = json.dumps({"quarter_minutes": 1}, sort_keys=True)
    game = games.load("touchdown", quarter_minutes=1)
    fresh = game.new_game(11)
    rng = random.Random(11)
    log: list[str] = []
    for step in range(300):
        action = rng.choice(fresh.legal_actions())
        fresh.apply(action)
        log.append(action)
        if step % 37 == 0:
            copy = replayed("touchdown", options, 11, list(log))
            assert copy.to_json() == fresh.to_json()
            copy.apply(copy.legal_actions()[0])  # an agent playing on its copy
    assert replayed("touchdown", options, 11, list(log)).to_json() == fresh.to_json()
    short = game.new_game(11)
    for action in log[:5]:
        short.apply(action)
    assert replayed("touchdown", options, 11, log[:5]).to_json() == short.to_json()
