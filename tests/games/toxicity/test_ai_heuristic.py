"""The Toxicity 101 heuristic pawn on constructed positions: it outruns the gas when
a line survives (*Gás Tóxico*), lands where the key or the door may lie (*Keys*,
*Porta*), and forecasts the gas exactly as the rules move it."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as hs

from ludoteca import games
from ludoteca.agents.knowledge import knowledge
from ludoteca.games.toxicity import rounds
from ludoteca.games.toxicity.ai import route
from ludoteca.games.toxicity.ai.heuristic import evaluate, policy
from ludoteca.games.toxicity.state import ToxicityState
from ludoteca.sim.ratings import wilson_interval
from tests.agents.test_heuristics import heuristic_seat_wins, random_steps
from tests.depth import examples
from tests.games.toxicity.helpers import bare, card, place_pawn, put, sq, turn_of

ROWS = range(1, 9)


def _known(state: ToxicityState, columns: str) -> None:
    """Face-up plain floors on every square of `columns` (nothing left to find there)."""
    for column in columns:
        for row in ROWS:
            put(state, f"{column}{row}", card("floor-plain", row), face_up=True)


def _zone2_search(gas: int) -> ToxicityState:
    """The blue pawn on g4 (zone 2) without a key; g3 and g5 hold face-down cards that
    may be keys, columns h and i are known floors; the gas at `gas` columns, a pawn
    already in zone 2 (one column every general turn)."""
    st = bare()
    _known(st, "ghi")
    put(st, "g3", card("floor-wet"), face_up=False)
    put(st, "g5", card("floor-refresh"), face_up=False)
    st.decks[1] = [card("floor-plain", n) for n in range(10)]
    for colour in ("red", "yellow", "green"):
        place_pawn(st, colour, "i8")
    place_pawn(st, "blue", "g4")
    st.gas, st.gas_timer, st.zone_reached = gas, 1, 1
    turn_of(st, "blue")
    return st


def test_registered_as_toxicity_knowledge() -> None:
    known = knowledge("toxicity")
    assert known.known and known.policy is policy and known.evaluate is evaluate


def test_pawn_steps_away_from_the_gas_when_a_line_survives() -> None:
    """*Gás Tóxico*: the gas takes column g at the end of this general turn. The
    face-down cards on g3 and g5 may be keys, but the pawn moves to column h, where
    it survives, rather than die holding whatever it finds."""
    st = _zone2_search(gas=6)
    for seed in range(5):
        action = policy(st.clone(), random.Random(seed))
        assert action in ("walk:NE", "walk:E", "walk:SE", "run:E"), action


def test_pawn_searches_the_unknown_squares_when_the_gas_is_far() -> None:
    """The same position with the gas four columns away: the pawn steps on a
    face-down zone-2 card (*Keys*: a key is found by stepping on it)."""
    st = _zone2_search(gas=2)
    for seed in range(5):
        assert policy(st.clone(), random.Random(seed)) in ("walk:N", "walk:S")


def test_pawn_with_a_key_lands_where_the_door_may_be() -> None:
    """*Porta*: with a key, the only square of zone 3 that may hide the door is the
    face-down card on k5; the pawn on j4 steps on it."""
    st = bare()
    _known(st, "ghijkl")
    put(st, "k5", card("trap-stun"), face_up=False)
    st.decks[2] = [card("wall", n) for n in range(3)]
    place_pawn(st, "blue", "j4")
    st.pawns[0].key = card("key")
    st.gas, st.gas_timer, st.zone_reached = 3, 1, 2
    turn_of(st, "blue")
    assert policy(st.clone(), random.Random(0)) == "walk:SE"


def test_pawn_escapes_through_a_door_it_reaches() -> None:
    """*Porta*: on the door with a key the pawn leaves at once."""
    st = bare()
    put(st, "k5", card("door"), face_up=True)
    place_pawn(st, "blue", "k5")
    st.pawns[0].key = card("key")
    turn_of(st, "blue")
    assert policy(st.clone(), random.Random(0)) == "escape"


def test_every_unknown_square_of_a_zone_has_the_same_chance() -> None:
    """Door left / unseen non-wall zone-3 cards: 2 face-down cards and a deck of 4
    with no wall unseen anywhere (all 24 are on the board) give 1/6."""
    st = bare()
    put(st, "k5", card("trap-stun"), face_up=False)
    put(st, "l5", card("floor-wet"), face_up=False)
    for n in range(24):
        put(st, f"{'cdef'[n // 8]}{n % 8 + 1}", card("wall", n + 1))
    st.decks[2] = [card("floor-plain", n) for n in range(4)]
    view = route.outlook(st, st.pawns[0])
    assert abs(route._target_chance(st, route.DOOR_ZONE) - 1 / 6) < 1e-9
    st.pawns[0].key = card("key")
    view = route.outlook(st, st.pawns[0])
    assert view.chance[sq(st, "k5")] == view.chance[sq(st, "l5")] == view.chance[sq(st, "j2")]


@settings(max_examples=examples(40), deadline=None)
@given(seed=hs.integers(0, 10_000), steps=hs.integers(0, 160))
def test_gas_forecast_matches_the_rules(seed: int, steps: int) -> None:
    """*Gás Tóxico*: the forecast of the next two general turns equals what
    `rounds.end_general_turn` does, in positions reached by random play."""
    st = games.load("toxicity", players=5).new_game(seed)
    assert isinstance(st, ToxicityState)
    random_steps(st, random.Random(seed), steps)
    if st.is_terminal:
        return
    forecast = route.gas_forecast(st, st.zone_reached, 2)
    real = st.clone()
    seen = [real.gas]
    for _ in range(2):
        rounds.end_general_turn(real)
        seen.append(real.gas)
    assert forecast == seen


def test_one_heuristic_seat_among_four_random_wins_alone_most_games() -> None:
    """*Pontuação*: the heuristic seat wins alone when its pawn escapes once in its
    four pawn rounds. Over 240 fixed games, one heuristic seat (rotating) among four
    random ones, the lower 95% Wilson bound of its sole-win rate is above 1/2 (it wins
    67% of 700 games; 240 games keep the bound clear of 1/2 whatever the seeds, where
    80 games did not: 53 and 47 of 80 for two streams of the same agent)."""
    n = 240
    wins = heuristic_seat_wins(games.load("toxicity", players=5), n)
    low, _ = wilson_interval(wins, n)
    assert low > 0.5, f"{wins}/{n} sole wins"
