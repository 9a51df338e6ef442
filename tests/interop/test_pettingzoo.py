"""Every game as a PettingZoo AEC environment (issue 21, part 2): PettingZoo's own API and
seed tests, whole episodes to the end, and a game stopped by a limit as a truncation."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from ludoteca.interop.pettingzoo import env
from tests.interop.cases import tensor_games

# Every game with a tensor, with its short options (`Game.short_options`): PettingZoo's tests play a
# few hundred steps, and these games end in them.
CASES: dict[str, dict[str, Any]] = tensor_games()


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.parametrize("name", sorted(CASES))
def test_pettingzoos_api_and_seed_tests_pass(name: str) -> None:
    api_test(env(name, **CASES[name]), num_cycles=300)
    seed_test(lambda: env(name, **CASES[name]), num_cycles=300)


def play(name: str, options: dict[str, Any], seed: int) -> tuple[Any, dict[str, float]]:
    """A whole episode with random masked actions; the rewards each agent collected."""
    game = env(name, **options)
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)
    collected = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter(max_iter=200_000):
        observation, reward, termination, truncation, _info = game.last()
        collected[agent] += reward
        if termination or truncation:
            game.step(None)
            continue
        legal = observation["action_mask"].nonzero()[0]
        assert len(legal) and observation["observation"].dtype == np.float32
        game.step(int(rng.choice(legal)))
    return game, collected


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_whole_episode_ends_with_each_seats_returns(name: str) -> None:
    game, collected = play(name, CASES[name], seed=3)
    state = game.world
    assert state.is_terminal and game.agents == []  # every agent left once done
    assert collected == {
        agent: float(value)
        for agent, value in zip(game.possible_agents, state.returns(), strict=True)
    }


def test_a_game_stopped_by_its_turn_limit_is_a_truncation() -> None:
    """futebol's golden goal with a turn limit: no goal in time is no result (truncated),
    not a draw (terminated)."""
    options = {"mode": "golden-goal", "turn_limit": 1}
    for seed in range(20):
        game = env("futebol", **options)
        game.reset(seed=seed)
        for _agent in game.agent_iter(max_iter=10_000):
            observation, _reward, termination, truncation, _info = game.last()
            if termination or truncation:
                assert truncation == game.world.unfinished and termination != truncation
                break
            game.step(int(random.Random(seed).choice(observation["action_mask"].nonzero()[0])))
        if game.world.unfinished:
            return
    raise AssertionError("no game of 20 stopped at its limit")


def test_the_same_seed_plays_the_same_episode() -> None:
    first, _ = play("toinc", CASES["toinc"], seed=11)
    again, _ = play("toinc", CASES["toinc"], seed=11)
    assert first.world.history == again.world.history


def test_the_log_is_kept_only_for_render() -> None:
    """A learner's episodes keep no event log (`State.quiet`, the same game); with a
    `render_mode` the log is kept and the picture shows its latest events."""
    options = CASES["toinc"]
    silent, shown = env("toinc", **options), env("toinc", render_mode="ansi", **options)
    for game in (silent, shown):
        game.reset(seed=5)
        for _ in range(12):
            mask = game.last()[0]["action_mask"]
            game.step(int(mask.nonzero()[0][0]))
    assert silent.world.events == [] and shown.world.events
    assert silent.world.dump() == shown.world.dump()
    picture = shown.render()
    assert picture is not None and shown.world.events_for(None)[-1] in picture


def test_state_is_every_seats_observation_for_a_centralised_critic() -> None:
    """PettingZoo's `state()` (the attribute `state` once hid it): each seat's tensor, flat."""
    game = env("toinc", **CASES["toinc"])
    game.reset(seed=5)
    world = game.world
    joint = game.state()
    assert joint.shape == game.state_space.shape and joint.dtype == np.float32
    size = int(np.prod(game.game.observation_shape()))
    for seat in range(game.game.num_seats):
        part = joint[seat * size : (seat + 1) * size]
        assert np.array_equal(part, world.observation_tensor(seat).ravel())


def test_pettingzoos_api_test_passes_with_planar_observations() -> None:
    api_test(env("touchdown", planar=True, **CASES["touchdown"]), num_cycles=100)


def test_the_observation_space_is_bounded_by_the_tensor_layout() -> None:
    aec = env("toinc", **CASES["toinc"])
    box = aec.observation_space("player_0")["observation"]
    low, high = aec.game.observation_layout().bounds()
    assert np.array_equal(box.low, low) and np.array_equal(box.high, high)
    assert np.isfinite(aec.state_space.high).all()
