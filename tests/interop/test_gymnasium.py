"""One seat against ludoteca's computer players as a Gymnasium environment (issue 21)."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from ludoteca.core import OptionError
from ludoteca.interop.gymnasium import SeatEnv
from tests.interop.cases import tensor_games

CASES = tensor_games()


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
    assert total == game.world.returns()[0] and game.world.is_terminal


def test_a_seat_the_game_does_not_have_is_refused() -> None:
    with pytest.raises(OptionError, match="seats 0-1"):
        SeatEnv("kalah", seat=2)


@pytest.mark.parametrize(
    ("name", "options", "worst"),
    [
        ("futebol", {"mode": "goal-limit", "goals": 1, "turn_limit": 10}, -1.0),
        ("toxicity", {"players": 5}, -0.25),  # a loser's share among five: no worse
    ],
)
def test_an_illegal_id_ends_the_episode_with_the_worst_return_and_changes_nothing(
    name: str, options: dict[str, object], worst: float
) -> None:
    game = SeatEnv(name, seat=0, **options)  # type: ignore[arg-type]
    observation, _ = game.reset(seed=4)
    assert worst == game.game.utility_range()[0]
    illegal = int((observation["action_mask"] == 0).nonzero()[0][0])
    before = game.world.to_json()
    _, reward, terminated, truncated, info = game.step(illegal)
    assert (reward, terminated, truncated, info) == (worst, True, False, {"illegal": illegal})
    assert game.world.to_json() == before


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_every_game_is_registered_with_gymnasium() -> None:
    from ludoteca import games
    from ludoteca.interop.gymnasium import env_id

    made = gymnasium.make("ludoteca/Toinc-v0", opponents="random", length="short")
    assert isinstance(made.unwrapped, SeatEnv) and made.unwrapped.game.info.name == "toinc"
    check_env(made.unwrapped, skip_render_check=True)
    assert all(env_id(name) in gymnasium.registry for name in games.playable())


BOARD_GAMES = ["futebol", "touchdown", "toxicity"]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", BOARD_GAMES)
def test_planar_observations_pass_gymnasiums_checker_within_finite_bounds(name: str) -> None:
    seat_env = SeatEnv(name, seat=0, opponents="random", planar=True, **CASES[name])
    check_env(seat_env, skip_render_check=True)
    observation, _info = seat_env.reset(seed=4)
    planes = observation["observation"]["planes"]
    assert planes.shape == seat_env.game.observation_layout().planes_shape
    space = seat_env.observation_space["observation"]
    for part in ("planes", "vector"):
        box = space[part]
        assert np.isfinite(box.low).all() and np.isfinite(box.high).all()
    flat = seat_env.world.observation_tensor(0)
    vector = observation["observation"]["vector"]
    assert np.array_equal(np.concatenate([planes.ravel(), vector]), flat)


def test_planar_is_refused_for_a_game_without_a_board() -> None:
    with pytest.raises(OptionError, match="has no board"):
        SeatEnv("toinc", planar=True)
