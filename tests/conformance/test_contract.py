"""The conformance suite: every registered game, every listed configuration.

A new game passes this file unchanged or it is not done.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from ludoteca import games
from ludoteca.core import Game, IllegalAction, Replay, State
from ludoteca.sim.playout import random_game

GAMES_PER_CONFIG = 3

CONFIGS: list[Any] = [
    pytest.param((name, config), id=f"{name}-{i}")
    for name in games.names()
    for i, config in enumerate(games.game_class(name).conformance_configs())
]


SNAPSHOTS = 24


def _walk(game: Game, seed: int, keep: int = SNAPSHOTS) -> list[State]:
    """Copies of the start, the end and `keep` states drawn uniformly along one random game.

    Reservoir sampling: a state is copied only when drawn, so a long game costs few copies.
    """
    rng = random.Random(seed)
    state = game.new_game(seed)
    first = state.clone()
    reservoir: list[State] = []
    step = 0
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        step += 1
        if len(reservoir) < keep:
            reservoir.append(state.clone())
        else:
            slot = rng.randrange(step)
            if slot < keep:
                reservoir[slot] = state.clone()
    return [first, *reservoir, state]


def _sample(snapshots: list[State], k: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    return [snapshots[0], snapshots[-1], *rng.sample(snapshots, min(k, len(snapshots)))]


@pytest.fixture(params=CONFIGS)
def game(request: pytest.FixtureRequest) -> Game:
    name, config = request.param
    return games.load(name, **config)


def test_info_is_declared(game: Game) -> None:
    info = game.info
    assert info.name in games.names()
    assert 1 <= info.min_seats <= game.num_seats <= info.max_seats
    assert info.title and info.summary and info.rulebook


@pytest.mark.parametrize("seed", range(GAMES_PER_CONFIG))
def test_random_games_finish_consistently(game: Game, seed: int) -> None:
    state = game.new_game(seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal:
        player = state.current_player
        assert player is not None and 0 <= player < game.num_seats
        actions = state.legal_actions()
        assert actions, "a non-terminal state must offer an action"
        assert len(actions) == len(set(actions)), "legal actions must be distinct"
        assert all(isinstance(a, str) and a and a.strip() == a for a in actions)
        state.apply(rng.choice(actions))
        steps += 1
        assert steps < 200_000
    assert state.legal_actions() == []
    assert len(state.scores) == game.num_seats
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9
    # A game stopped by a limit in its options has no result (no winner, no draw).
    result = state.result()
    assert result.get("unfinished", False) is state.unfinished
    if state.unfinished:
        assert state.winner is None and returns == (0.0,) * game.num_seats
        assert state.observation(None)["unfinished"] is True


@pytest.mark.parametrize("seed", range(GAMES_PER_CONFIG))
def test_replay_reproduces(game: Game, seed: int) -> None:
    state = random_game(game, seed)
    record = Replay.from_json(json.loads(json.dumps(game.record(state).to_json())))
    again = game.replay(record)
    assert again.to_json() == state.to_json()


def test_same_seed_same_game(game: Game) -> None:
    assert random_game(game, 7).to_json() == random_game(game, 7).to_json()


@pytest.mark.parametrize("seed", range(GAMES_PER_CONFIG))
def test_json_round_trip(game: Game, seed: int) -> None:
    snapshots = _walk(game, seed)
    for state in _sample(snapshots, 8, seed):
        text = json.dumps(state.to_json())
        restored = game.state_from_json(json.loads(text))
        assert restored.to_json() == state.to_json()
        assert restored.legal_actions() == state.legal_actions()
        # Both continue identically: the RNG state travelled with the rest.
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        for _ in range(50):
            if state.is_terminal:
                break
            state.apply(rng_a.choice(state.legal_actions()))
            restored.apply(rng_b.choice(restored.legal_actions()))
        assert restored.to_json() == state.to_json()


def _seats(game: Game) -> list[int | None]:
    return [None, *range(game.num_seats)]


@pytest.mark.parametrize("seed", range(GAMES_PER_CONFIG))
def test_observations_leak_nothing(game: Game, seed: int) -> None:
    for state in _sample(_walk(game, seed), 12, seed):
        for seat in _seats(game):
            text = json.dumps(state.observation(seat))
            tokens = set(re.findall(r"[A-Za-z0-9_.:#+-]+", text))
            leaked = state.secrets(seat) & tokens
            assert not leaked, f"seat {seat} can see hidden {sorted(leaked)}"


def test_seat_names_are_public_and_name_every_seat(game: Game) -> None:
    """`seat_names` gives one distinct, non-empty name a seat, the same whichever seat's
    observation (or a spectator's) it is read from: the names are public."""
    for state in _sample(_walk(game, 0), 6, 0):
        named = [game.seat_names(state.observation(seat)) for seat in _seats(game)]
        assert all(names == named[0] for names in named), named
        assert len(named[0]) == game.num_seats and all(named[0])
        assert len(set(named[0])) == game.num_seats, named[0]


@pytest.mark.parametrize("seed", range(GAMES_PER_CONFIG))
def test_determinize_keeps_what_the_seat_sees(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    for state in _sample(_walk(game, seed), 12, seed):
        before = state.to_json()
        for seat in range(game.num_seats):
            world = state.determinize(seat, rng)
            assert world.observation(seat) == state.observation(seat)
            if seat == state.current_player:
                assert world.legal_actions() == state.legal_actions()
            if not world.is_terminal:
                world.apply(world.legal_actions()[0])  # the copy plays on
        assert state.to_json() == before, "determinize must not touch the original"


@pytest.mark.parametrize("seed", range(GAMES_PER_CONFIG))
def test_clone_with_a_generator_changes_only_the_chance(game: Game, seed: int) -> None:
    """`clone(rng)` is the state with `rng` as its generator; the original keeps its own."""
    for state in _sample(_walk(game, seed), 6, seed):
        before = state.to_json()
        rng = random.Random(seed)
        world = state.clone(rng)
        assert world.rng is rng and state.rng is not rng
        plain = state.clone()
        plain.rng = random.Random(seed)
        assert world.to_json() == plain.to_json()
        if not world.is_terminal:
            world.apply(world.legal_actions()[0])
        assert state.to_json() == before


@pytest.mark.parametrize("seed", range(GAMES_PER_CONFIG))
def test_determinize_depends_only_on_what_the_seat_sees(game: Game, seed: int) -> None:
    for state in _sample(_walk(game, seed), 6, seed):
        for seat in range(game.num_seats):
            # Two states of one information set, then the same sampling of each.
            one = state.determinize(seat, random.Random(1))
            two = state.determinize(seat, random.Random(2))
            world_one = one.determinize(seat, random.Random(99)).to_json()
            world_two = two.determinize(seat, random.Random(99)).to_json()
            assert world_one == world_two, "determinize must not depend on hidden facts"
            assert all(e[1] is None or seat in e[1] for e in world_one["events"])


@pytest.mark.parametrize("seed", range(GAMES_PER_CONFIG))
def test_determinize_resamples_hidden_information(game: Game, seed: int) -> None:
    if not game.info.hidden_information:
        pytest.skip("perfect-information game")
    hidden = [
        (state, seat)
        for state in _walk(game, seed)
        for seat in range(game.num_seats)
        if state.secrets(seat)
    ]
    if not hidden:
        pytest.skip("nothing was hidden from any seat in this game")
    for state, seat in hidden[:: max(1, len(hidden) // 25)]:
        worlds = {
            json.dumps(state.determinize(seat, random.Random(i)).dump(), sort_keys=True)
            for i in range(6)
        }
        if len(worlds) > 1:
            return
    raise AssertionError("what a seat cannot see must be re-sampled")


BAD_ACTIONS = ["", "nonsense", "confirm:extra:junk", "12345", " pass", "\u00e9\u00e9"]


@pytest.mark.parametrize("seed", range(GAMES_PER_CONFIG))
def test_illegal_actions_refused_unchanged(game: Game, seed: int) -> None:
    for state in _sample(_walk(game, seed), 10, seed):
        before = state.to_json()
        legal = set(state.legal_actions())
        for bad in BAD_ACTIONS:
            if bad in legal:
                continue
            with pytest.raises(IllegalAction) as info:
                state.apply(bad)
            assert str(info.value), "the refusal names a reason"
            assert state.to_json() == before


def test_clone_is_independent(game: Game) -> None:
    state = game.new_game(11)
    copy = state.clone()
    before = state.to_json()
    random_rng = random.Random(0)
    for _ in range(30):
        if copy.is_terminal:
            break
        copy.apply(random_rng.choice(copy.legal_actions()))
    assert state.to_json() == before
