"""Every game as an OpenSpiel game (issue 21, part 3): OpenSpiel's own random-simulation
checks, a faithful `GameType`, the same ids, tensors and returns as the engine, seeds
that make a run reproducible, and OpenSpiel's MCTS and `evaluate_bots` playing them."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts

from ludoteca import games
from ludoteca.interop import openspiel
from ludoteca.interop.openspiel_agent import ShortRollout
from ludoteca.interop.picture import picture
from tests.interop.cases import tensor_games

openspiel.register()

# Every game with a tensor, with its short options (`Game.short_options`): OpenSpiel's check
# looks at every position (each seat's observation string and tensor, a copy, the legal
# actions), so short games keep it to seconds.
CASES: dict[str, dict[str, Any]] = tensor_games()


def load(name: str, **extra: Any) -> Any:
    params = {**CASES[name], **extra}
    return pyspiel.load_game(f"ludoteca_{name}", params)


def random_walk(state: Any, steps: int, seed: int) -> list[Any]:
    """`steps` random moves on `state`; the positions passed (a copy of each)."""
    rng = random.Random(seed)
    seen = []
    for _step in range(steps):
        if state.is_terminal():
            break
        seen.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return seen


@pytest.mark.slow  # several seconds: make test runs it, make check leaves it
@pytest.mark.parametrize("name", sorted(CASES))
def test_openspiels_random_simulation_checks_pass(name: str) -> None:
    # Serialized and restored at every step: the chance is a chance node, the deal, so the
    # game object keeps no generator OpenSpiel would have to save.
    pyspiel.random_sim_test(load(name), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_game_type_says_what_the_game_declares(name: str) -> None:
    spiel = load(name)
    kind, info = spiel.get_type(), games.info(name)
    ours = games.load(name, **CASES[name])
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    # The dice to come are fixed by the deal and hidden: a game of chance is imperfect
    # information even where no card is hidden.
    assert (kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION) is (
        info.hidden_information or info.chance
    )
    assert (kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) is info.chance
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM  # every game here is
    assert (kind.min_num_players, kind.max_num_players) == (info.min_seats, info.max_seats)
    assert spiel.num_players() == ours.num_seats
    assert spiel.num_distinct_actions() == ours.num_distinct_actions
    assert (spiel.min_utility(), spiel.max_utility()) == ours.utility_range()
    assert spiel.utility_sum() == 0.0
    assert spiel.max_game_length() == ours.max_game_length() + info.chance  # and the deal
    assert spiel.max_chance_outcomes() == (openspiel.DEALS if info.chance else 0)
    assert tuple(spiel.observation_tensor_shape()) == (int(np.prod(ours.observation_shape())),)
    assert kind.provides_information_state_string
    assert not kind.provides_information_state_tensor


def test_toxicity_utility_range_is_its_five_seat_shares() -> None:
    # The default returns: the winner +1, every other seat -1/(n-1).
    assert load("toxicity", players=5).min_utility() == -0.25
    assert load("toxicity", players=3).min_utility() == -0.5


@pytest.mark.parametrize("name", sorted(CASES))
def test_ids_tensors_and_strings_are_the_engines(name: str) -> None:
    state = load(name).new_initial_state()
    for position in random_walk(state, 60, seed=5):
        if position.is_chance_node():
            assert position.legal_actions() == list(range(openspiel.DEALS))
            continue
        world = position.world
        assert position.legal_actions() == world.legal_action_ids()
        for action in position.legal_actions()[:5]:
            assert position.action_to_string(action) == world.game.action_space.action_of(action)
        for seat in range(world.game.num_seats):
            expected = world.observation_tensor(seat).ravel()
            assert np.array_equal(np.asarray(position.observation_tensor(seat)), expected)
            assert position.observation_string(seat) == picture(world, seat)
            assert position.information_state_string(seat) == world.information_state(seat)
    final = state
    while not final.is_terminal():
        final.apply_action(random.Random(1).choice(final.legal_actions()))
    assert final.returns() == list(final.world.returns())


def test_the_deal_is_a_chance_node_over_seeds_that_rng_seed_picks() -> None:
    state = load("toinc", rng_seed=11).new_initial_state()
    assert state.is_chance_node() and str(state) == "(the deal)"
    outcomes = state.chance_outcomes()
    assert [deal for deal, _p in outcomes] == list(range(openspiel.DEALS))
    assert {p for _deal, p in outcomes} == {1 / openspiel.DEALS}
    state.apply_action(5)
    assert state.world.seed == 11 * openspiel.DEALS + 5
    assert state.history() == [5] and state.current_player() == state.world.current_player
    again = load("toinc", rng_seed=11).new_initial_state()
    again.apply_action(5)
    assert again.world.to_json() == state.world.to_json()


def test_copies_play_on_identically() -> None:
    state = load("toinc", rng_seed=3).new_initial_state()
    random_walk(state, 30, seed=2)  # takes 30 copies along the way
    copy = state.clone()
    rng = random.Random(4)
    for _step in range(40):
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        copy.apply_action(action)
    assert copy.world.to_json() == state.world.to_json()
    assert copy.history() == state.history()


@pytest.mark.parametrize("steps", [0, 50])
def test_a_state_survives_openspiels_serialization(steps: int) -> None:
    spiel = load("toinc")
    state = spiel.new_initial_state()
    random_walk(state, steps, seed=6)
    restored = spiel.deserialize_state(state.serialize())
    assert restored.history() == state.history()
    assert restored.is_chance_node() is state.is_chance_node() is (steps == 0)
    if steps:
        assert restored.world.to_json() == state.world.to_json()
    assert restored.legal_actions() == state.legal_actions()
    again, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(spiel, state))
    assert copy.history() == state.history() and str(again) == str(spiel)


@pytest.mark.parametrize("name", sorted(CASES))
def test_openspiels_mcts_plays_whole_games_in_evaluate_bots(name: str) -> None:
    spiel = load(name)
    numbers = np.random.RandomState(0)
    searcher = mcts.MCTSBot(spiel, 2.0, 4, ShortRollout(5, random.Random(0)), numbers)
    bots = [searcher] + [
        pyspiel.make_uniform_random_bot(seat, seat) for seat in range(1, spiel.num_players())
    ]
    state = spiel.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, numbers)
    assert state.is_terminal() and returns == list(state.world.returns())
    assert all(spiel.min_utility() <= value <= spiel.max_utility() for value in returns)


def test_research_interfaces_default_to_the_games_research_options() -> None:
    """Touch down's rulebook quarters (15 minutes) make 6,000-decision random matches: the
    research interfaces default to its 1-minute `research_options`; asked, they play 15."""
    from ludoteca.interop.pettingzoo import env

    assert pyspiel.load_game("ludoteca_touchdown").get_parameters()["quarter_minutes"] == 1
    rulebook = pyspiel.load_game("ludoteca_touchdown", {"quarter_minutes": 15})
    assert rulebook.get_parameters()["quarter_minutes"] == 15
    assert env("touchdown").game.options["quarter_minutes"] == 1
    assert env("touchdown", quarter_minutes=15).game.options["quarter_minutes"] == 15
    assert games.load("touchdown").options["quarter_minutes"] == 15  # the game itself


def test_the_observers_dict_names_the_tensor_layouts_blocks() -> None:
    spiel = load("futebol")
    observer = spiel.make_py_observer()
    state = spiel.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    observer.set_from(state, 0)
    layout = games.load("futebol", **CASES["futebol"]).observation_layout()
    assert list(observer.dict) == [block.name for block in layout.blocks]
    assert observer.dict["kinds"].shape == layout.block("kinds").shape
    assert np.array_equal(observer.tensor, state.observation_tensor(0))
