"""Self-play in batches (`ludoteca.interop.batch.SelfPlay`) plays exactly the native API's
games, restarts what ends, refuses an illegal id whole; Gymnasium's vector API runs the
registered environments."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest

from ludoteca import games
from ludoteca.core import IllegalAction
from ludoteca.interop import gymnasium as _registered  # noqa: F401 (registers the games)
from ludoteca.interop.batch import SelfPlay
from tests.interop.cases import tensor_games

CASES = tensor_games()


@pytest.mark.slow  # 400 steps of three games, each compared with the native API's
@pytest.mark.parametrize("name", sorted(CASES))
def test_a_batch_plays_the_native_apis_games_and_restarts_them(name: str) -> None:
    game = games.load(name, **CASES[name])
    batch = SelfPlay(game, n=3, seed=10)
    native = [game.new_game(10 + i, quiet=True) for i in range(3)]
    rng, ended = random.Random(4), 0
    for _step in range(400):
        for i, state in enumerate(native):
            seat = state.current_player
            assert seat == batch.seats[i]
            assert np.array_equal(batch.observations[i], state.observation_tensor(seat))
            assert batch.masks[i].nonzero()[0].tolist() == state.legal_action_ids()
        choices = [rng.choice(state.legal_action_ids()) for state in native]
        batch.step(choices)
        for i, state in enumerate(native):
            state.apply_action_id(choices[i])
            assert batch.done[i] == state.is_terminal
            if state.is_terminal:
                ended += 1
                assert batch.returns[i].tolist() == list(state.returns())
                assert batch.seeds[i] == state.seed + 3  # the next seed of game i
                native[i] = game.new_game(state.seed + 3, quiet=True)
    assert ended or name == "touchdown"  # 400 steps end the short games of the others


def test_an_illegal_id_is_refused_naming_its_game_and_nothing_moves() -> None:
    game = games.load("toinc", **CASES["toinc"])
    batch = SelfPlay(game, n=2, seed=1)
    before = [state.to_json() for state in batch.states]
    legal = int(batch.masks[0].nonzero()[0][0])
    illegal = int((batch.masks[1] == 0).nonzero()[0][0])
    with pytest.raises(IllegalAction, match=f"game 1: action id {illegal} is not legal"):
        batch.step([legal, illegal])
    assert [state.to_json() for state in batch.states] == before
    with pytest.raises(ValueError, match="one action a game"):
        batch.step([legal])


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_gymnasiums_vector_api_runs_a_registered_game() -> None:
    envs = gymnasium.make_vec("ludoteca/Futebol-v0", num_envs=2, mode="goal-limit", goals=1)
    observations, _ = envs.reset(seed=3)
    assert observations["observation"].shape[0] == 2
    rng = np.random.default_rng(3)
    for _step in range(20):
        masks = observations["action_mask"]
        actions = [int(rng.choice(row.nonzero()[0])) for row in masks]
        observations, rewards, *_rest = envs.step(actions)
        assert rewards.shape == (2,)
    envs.close()
