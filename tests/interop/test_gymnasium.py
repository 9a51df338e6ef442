"""One seat against ludoteca's computer players as a Gymnasium environment (issue 21)."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from ludoteca.core import OptionError
from ludoteca.interop.gymnasium import SeatEnv


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(
    ("name", "options"),
    [("kalah", {}), ("futebol", {"mode": "goal-limit", "goals": 1, "turn_limit": 10})],
)
def test_gymnasiums_checker_passes(name: str, options: dict[str, object]) -> None:
    check_env(SeatEnv(name, seat=1, opponents="random", **options), skip_render_check=True)


def test_an_episode_against_the_heuristic_ends_with_the_seats_return() -> None:
    game = SeatEnv("kalah", seat=0, opponents="heuristic")
    observation, _ = game.reset(seed=2)
    rng = np.random.default_rng(2)
    total, done = 0.0, False
    while not done:
        assert observation["action_mask"].any()  # it is always the seat's turn here
        action = int(rng.choice(observation["action_mask"].nonzero()[0]))
        observation, reward, terminated, truncated, _ = game.step(action)
        total += reward
        done = terminated or truncated
    assert total == game.state.returns()[0] and game.state.is_terminal


def test_a_seat_the_game_does_not_have_is_refused() -> None:
    with pytest.raises(OptionError, match="seats 0-1"):
        SeatEnv("kalah", seat=2)


def test_an_illegal_id_ends_the_episode_as_a_loss_and_changes_nothing() -> None:
    game = SeatEnv("futebol", seat=0, mode="goal-limit", goals=1, turn_limit=10)
    observation, _ = game.reset(seed=4)
    illegal = int((observation["action_mask"] == 0).nonzero()[0][0])
    before = game.state.to_json()
    _, reward, terminated, truncated, info = game.step(illegal)
    assert (reward, terminated, truncated, info) == (-1.0, True, False, {"illegal": illegal})
    assert game.state.to_json() == before
