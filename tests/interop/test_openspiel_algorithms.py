"""OpenSpiel's algorithms that need information states run on every game (issue 41):
its `ISMCTSBot` plays whole games, resampling only what the seat cannot see, and
outcome-sampling MCCFR runs its iterations over the seats' information states."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, outcome_sampling_mccfr

from ludoteca import games
from ludoteca.interop import openspiel
from ludoteca.interop.openspiel_agent import ShortRollout
from tests.interop.cases import tensor_games

openspiel.register()
CASES: dict[str, dict[str, Any]] = tensor_games()
# ISMCTS is for imperfect information, as OpenSpiel declares these games (hidden cards, or
# dice to come: every game with chance); a game of neither (Kalah) is MCTS's.
IMPERFECT = sorted(n for n in CASES if games.info(n).hidden_information or games.info(n).chance)


def load(name: str) -> Any:
    return pyspiel.load_game(f"ludoteca_{name}", CASES[name])


def dealt(name: str, deal: int = 3) -> Any:
    state = load(name).new_initial_state()
    if state.is_chance_node():
        state.apply_action(deal)
    return state


@pytest.fixture
def deep_recursion() -> Iterator[None]:
    """OpenSpiel's MCCFR recurses once a step; a Touch down match is over a thousand."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 50_000))
    yield
    sys.setrecursionlimit(limit)


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_resampled_state_lies_in_the_seats_information_set(name: str) -> None:
    state = dealt(name)
    steps = random.Random(2)
    for _step in range(25):
        after = state.child(steps.choice(state.legal_actions()))
        if after.is_terminal():
            break
        state = after
    seat = state.current_player()
    known = state.information_state_string(seat)
    sampler = pyspiel.UniformProbabilitySampler(0, 1)
    worlds = [state.resample_from_infostate(seat, sampler) for _ in range(6)]
    assert all(world.information_state_string(seat) == known for world in worlds)
    assert all(world.legal_actions() == state.legal_actions() for world in worlds)
    # The dice to come are drawn afresh; hidden cards too, where the game has them.
    dumps = {json.dumps(world.world.to_json()["data"], sort_keys=True) for world in worlds}
    futures = {repr(world.world.rng.getstate()) for world in worlds}
    assert len(futures) == len(worlds)
    if games.info(name).hidden_information and state.world.secrets(seat):
        assert len(dumps) > 1


@pytest.mark.slow  # a whole game each, with a search at every move of seat 0
@pytest.mark.parametrize("name", IMPERFECT)
def test_openspiels_ismcts_bot_plays_whole_games(name: str) -> None:
    spiel = load(name)
    numbers = np.random.RandomState(0)
    searcher = ismcts.ISMCTSBot(
        spiel, ShortRollout(3, random.Random(0)), 2.0, 4, random_state=numbers
    )
    sampling = random.Random(2)  # its default resampler is seeded by the clock
    searcher.set_resampler(lambda at, seat: at.resample_from_infostate(seat, sampling.random))
    others, searched = random.Random(1), 0
    state = spiel.new_initial_state()
    while not state.is_terminal():  # (evaluate_bots asks restart_at, which it lacks)
        if state.current_player() == 0:
            state.apply_action(searcher.step(state))
            searched += bool(searcher._nodes)  # empty when one action was legal
        else:
            state.apply_action(others.choice(state.legal_actions()))
    assert state.returns() == list(state.world.returns())
    assert searched, "no search kept an information-state node"


@pytest.mark.slow  # one whole sampled game a seat (a Touch down match: seconds)
@pytest.mark.parametrize("name", sorted(CASES))
def test_outcome_sampling_mccfr_runs_over_information_states(
    name: str, deep_recursion: None
) -> None:
    spiel = load(name)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(spiel)
    np.random.seed(1)  # what the solver samples with
    with np.errstate(divide="ignore", invalid="ignore"):  # a long game's reach underflows
        solver.iteration()  # one sampled game for each seat
    keys = list(solver._infostates)
    assert keys, "no information state was visited"
    seats = {json.loads(key)["view"]["seat"] for key in keys}
    assert seats == set(range(spiel.num_players()))
    policy = solver.average_policy()
    state = dealt(name, 0)
    assert len(policy.action_probabilities(state)) == len(state.legal_actions())


@pytest.mark.slow  # a few seconds a game: make test runs it, make check leaves it
@pytest.mark.parametrize("name", IMPERFECT)
def test_nfsp_plays_on_rl_environments_observations(name: str) -> None:
    """OpenSpiel's PyTorch NFSP through its `rl_environment`, which reads the observation
    tensor where a game gives no information-state tensor (docs/research.md says why)."""
    pytest.importorskip("torch", reason="the learn extra is not installed")
    from open_spiel.python import rl_environment
    from open_spiel.python.pytorch import nfsp

    env = rl_environment.Environment(load(name), enable_legality_check=True)
    size = env.observation_spec()["info_state"][0]
    assert size == games.load(name, **CASES[name]).observation_shape()[0]
    agents = [
        nfsp.NFSP(seat, size, env.action_spec()["num_actions"], [16], 100, 0.1)
        for seat in range(env.num_players)
    ]
    time_step, steps = env.reset(), 0
    while not time_step.last() and steps < 300:
        mover = time_step.observations["current_player"]
        time_step = env.step([agents[mover].step(time_step).action])
        steps += 1
    for agent in agents:
        agent.step(time_step)
    assert steps > 0
