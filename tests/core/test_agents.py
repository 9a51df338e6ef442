"""Agent specs, the seat view and the match runner."""

from __future__ import annotations

import pytest

from ludoteca.agents import make_agent, parse_spec
from ludoteca.core import OptionError, game_seed
from ludoteca.sim.runner import play_match
from tests.core.toy import Toy


def test_spec_parsing() -> None:
    assert parse_spec("ismcts:iterations=2000,rollout=heuristic") == (
        "ismcts",
        {"iterations": "2000", "rollout": "heuristic"},
    )
    with pytest.raises(OptionError, match="must be key=value"):
        parse_spec("random:fast")


def test_unknown_agent_is_named() -> None:
    with pytest.raises(OptionError, match="unknown agent 'genius'"):
        make_agent("genius")


def test_random_agent_takes_no_parameters() -> None:
    with pytest.raises(OptionError, match="takes no parameters"):
        make_agent("random:depth=3")


def test_match_is_reproducible_and_recorded() -> None:
    game = Toy()
    a = play_match(game, [make_agent("random", 1), make_agent("random", 2)], seed=4)
    b = play_match(game, [make_agent("random", 1), make_agent("random", 2)], seed=4)
    assert a == b
    assert game.replay(a.replay).result() == {"scores": list(a.scores), "winner": a.winner}


def test_game_seeds_differ_per_index_and_run() -> None:
    seeds = {game_seed(run, i) for run in range(3) for i in range(100)}
    assert len(seeds) == 300
