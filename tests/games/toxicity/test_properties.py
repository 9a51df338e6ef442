"""Property tests: full random games keep every invariant, end, and replay exactly."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from ludoteca import games
from ludoteca.games.toxicity.cards import all_cards, is_wall
from ludoteca.games.toxicity.state import ToxicityState
from tests.depth import examples

GAMES = 2000  # in total over 3, 4 and 5 seats
PER_SEAT_COUNT = GAMES // 3 + 1
REPLAYED = 4
"""One game in four is replayed from its record (a replay costs a game's actions again;
replays are checked on every golden playthrough and by the conformance suite too)."""


_EXPECTED: dict[int, frozenset[str]] = {}


def check_invariants(state: ToxicityState, dead_at: dict[tuple[int, int], int]) -> None:
    """Card conservation, five walls a column, stamina bounds, dead pawns do nothing."""
    expected = _EXPECTED.get(state.round)
    if expected is None:
        expected = _EXPECTED[state.round] = frozenset(all_cards(state.data, state.round))
    cards = [c for c in state.board if c]
    walls = [0] * state.geo.columns
    for s, c in enumerate(state.board):
        if c and is_wall(c):
            walls[s % state.geo.columns] += 1
            assert state.face_up[s], "a face-down wall"
    assert max(walls) <= state.data.max_walls_per_column
    for p in state.pawns:
        cards += p.items
        if p.key:
            cards.append(p.key)
    for group, _ in state.pending:
        cards += group
    for deck in state.decks:
        cards += deck
    cards += state.discard
    # ids are unique: same size and same set means the same cards, none twice
    assert len(cards) == len(expected) and set(cards) == expected, "cards not conserved"
    for i, p in enumerate(state.pawns):
        if p.on_board:
            assert 0 < p.stamina <= p.max_stamina(state.characters[p.colour])
            assert not state.is_wall_at(p.square)
        elif not p.alive:
            assert p.stamina == 0
            key = (state.round, i)
            dead_at.setdefault(key, p.square)
            assert p.square == dead_at[key], "a dead pawn moved"
    if not state.is_terminal and not state.pending:
        assert state.pawns[state.turn].on_board, "a dead or escaped pawn is on turn"


def play_checked(players: int, seed: int) -> ToxicityState:
    """One random game, invariants checked after every action; one in `REPLAYED` replayed
    at the end."""
    game = games.load("toxicity", players=players)
    state = game.new_game(seed)
    assert isinstance(state, ToxicityState)
    rng = random.Random(seed)
    dead_at: dict[tuple[int, int], int] = {}
    steps = 0
    while not state.is_terminal:
        check_invariants(state, dead_at)
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
        steps += 1
        assert steps < 20_000, "a random game must end (the gas guarantees it)"
    check_invariants(state, dead_at)
    assert state.round == players  # a round for each seat
    if seed % REPLAYED == 0:
        again = game.replay(game.record(state))
        assert again.dump() == state.dump() and again.events == state.events
    return state


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_keep_invariants(players: int) -> None:
    """About 2,000 full random games over 3, 4 and 5 seats (*Fim do Jogo*: 5 rounds)."""

    @settings(max_examples=PER_SEAT_COUNT, database=None)
    @given(seed=st_.integers(min_value=0, max_value=2**32 - 1))
    def run(seed: int) -> None:
        play_checked(players, seed)

    run()


@settings(max_examples=examples(40), database=None)
@given(
    seed=st_.integers(min_value=0, max_value=2**32 - 1),
    players=st_.sampled_from([3, 4, 5]),
    steps=st_.integers(min_value=0, max_value=400),
)
def test_determinized_worlds_are_legal_deals(seed: int, players: int, steps: int) -> None:
    """A determinized world keeps the seat's view and is itself a legal state: every
    card once, walls face up, five walls a column; it plays on to the end."""
    state = games.load("toxicity", players=players).new_game(seed)
    assert isinstance(state, ToxicityState)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    for seat in range(players):
        world = state.determinize(seat, random.Random(seed + seat))
        assert world.observation(seat) == state.observation(seat)
        check_invariants(world, {})
        while not world.is_terminal:
            world.apply(rng.choice(world.legal_actions()))
