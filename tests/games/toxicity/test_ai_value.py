"""Toxicity 101 search hooks on constructed positions: the leaf value projects each
pawn's escape chance against the gas (*Gás Tóxico*, *Keys*, *Porta*, *Pontuação*),
and checkpoints fall at the start of a general turn."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as hs

from ludoteca import games
from ludoteca.agents import ISMCTSAgent, SeatView
from ludoteca.agents.knowledge import knowledge
from ludoteca.games.toxicity import rounds
from ludoteca.games.toxicity.ai import outlook, value
from ludoteca.games.toxicity.ai.heuristic import checkpoint
from ludoteca.games.toxicity.state import ToxicityState
from tests.agents.test_heuristics import random_steps
from tests.depth import examples
from tests.games.toxicity.helpers import bare, card, pawn, place_pawn, put, turn_of


def _chance(state: ToxicityState, colour: str) -> float:
    return value.escape_chance(value.Picture.of(state), state.pawns[pawn(state, colour)])


def _board(gas: int, zone: int) -> ToxicityState:
    """Round 1, nothing dealt beyond the pre-filled columns, 20 plain floors in each of
    the zone-2 and zone-3 decks (keys and door still to find), the gas at `gas`
    columns and the furthest zone reached `zone` (0-based)."""
    st = bare()
    st.decks[1] = [card("floor-plain", n) for n in range(20)]
    st.decks[2] = [card("floor-plain", n) for n in range(20, 40)]
    st.gas, st.gas_timer, st.zone_reached = gas, 1, zone
    return st


def test_checkpoint_registered_as_toxicity_hook() -> None:
    assert knowledge("toxicity").checkpoint is checkpoint


def test_a_key_is_worth_more_than_none_on_the_same_square() -> None:
    """*Keys*: a pawn with a key on i4 (zone 2) only needs the door; without one it
    must find a key first."""
    st = _board(gas=2, zone=1)
    place_pawn(st, "blue", "i4")
    without = _chance(st, "blue")
    st.pawns[0].key = card("key")
    with_key = _chance(st, "blue")
    assert 0.0 < without < with_key <= 1.0


def test_the_gas_at_the_heels_lowers_the_chance() -> None:
    """*Gás Tóxico*: the same pawn with a key on j4, the gas two columns behind it
    (two columns a turn once zone 3 is reached) against six columns behind."""
    st = _board(gas=3, zone=2)
    place_pawn(st, "blue", "j4")
    st.pawns[0].key = card("key")
    far = _chance(st, "blue")
    st.gas = 7
    near = _chance(st, "blue")
    assert near < far


def test_a_pawn_the_gas_takes_next_turn_is_worth_nothing() -> None:
    """*Gás Tóxico*: zone 3 reached (two columns a turn), the gas at 9 columns and the
    pawn on j4 (column 10) without a key and nowhere to find one: it dies."""
    st = bare()
    place_pawn(st, "blue", "j4")
    st.gas, st.gas_timer, st.zone_reached = 9, 1, 2
    assert _chance(st, "blue") == 0.0


def test_entering_zone_3_without_a_key_is_worth_less() -> None:
    """*Gás Tóxico*: a first pawn in zone 3 speeds the gas to two columns a turn; a
    pawn without a key on j4 is worth less than on i4, where the keys are."""
    st = _board(gas=3, zone=1)
    place_pawn(st, "blue", "i4")
    in_zone_2 = _chance(st, "blue")
    place_pawn(st, "blue", "j4")
    assert _chance(st, "blue") < in_zone_2


def test_a_face_up_door_within_reach_is_the_seen_door_value() -> None:
    """*Porta*: with a key and the door face up two squares away, the pawn walks there
    before the gas: the fixed `SEEN_DOOR` chance; far behind the gas, none."""
    st = bare()
    put(st, "l4", card("door"), face_up=True)
    place_pawn(st, "blue", "j4")
    st.pawns[0].key = card("key")
    st.gas, st.gas_timer, st.zone_reached = 4, 1, 2
    assert _chance(st, "blue") == value.SEEN_DOOR
    put(st, "l4", card("floor-plain"), face_up=True)
    put(st, "a4", card("door"), face_up=True)
    assert _chance(st, "blue") == 0.0


def test_a_dead_pawn_is_a_point_for_the_gamemaster() -> None:
    """*Pontuação*: the gamemaster scores one point per dead pawn: killing a pawn
    raises the gamemaster's value and lowers its owner's."""
    st = bare()
    place_pawn(st, "blue", "h4")
    st.gas, st.gas_timer, st.zone_reached = 2, 1, 1
    gm, blue = st.gamemaster, st.seat_of(0)
    before = outlook.evaluate(st, gm), outlook.evaluate(st, blue)
    rounds.die(st, 0, None, "test")
    after = outlook.evaluate(st, gm), outlook.evaluate(st, blue)
    assert after[0] > before[0] and after[1] < before[1]


@settings(max_examples=examples(30), deadline=None)
@given(seed=hs.integers(0, 10_000), steps=hs.integers(0, 400))
def test_gas_projection_matches_the_rules(seed: int, steps: int) -> None:
    """*Gás Tóxico*: one projected general turn with every pawn where it stands equals
    `rounds.end_general_turn` (leaves in [-1, 1] on the way)."""
    st = games.load("toxicity", players=5).new_game(seed)
    assert isinstance(st, ToxicityState)
    random_steps(st, random.Random(seed), steps)
    if st.is_terminal:
        return
    for seat in range(st.seats):
        assert -1.0 <= outlook.evaluate(st, seat) <= 1.0
    furthest = max(
        (p.square % st.geo.columns for p in st.pawns if p.on_board),
        default=0,
    )
    projected = value._gas_turn(st, (st.gas, st.gas_timer, st.zone_reached), furthest)
    real = st.clone()
    rounds.reach(real, furthest)
    rounds.end_general_turn(real)
    assert projected == (real.gas, real.gas_timer, real.zone_reached)


def test_checkpoints_are_the_starts_of_general_turns() -> None:
    """The first pawn on the board to move, not yet moved: a checkpoint; after its
    move, during a placement, or on the second pawn's turn: none."""
    st = bare()
    place_pawn(st, "blue", "c4")
    turn_of(st, "blue")
    assert checkpoint(st)
    st.apply("walk:E")
    assert not checkpoint(st)
    turn_of(st, "red")
    assert not checkpoint(st)
    rounds.die(st, 0, None, "test")
    assert checkpoint(st)  # red is now the first pawn on the board


def test_checkpoint_rollouts_end_at_a_general_turn_or_the_cap() -> None:
    """With `horizon=checkpoint` every leaf is at the start of a general turn or the
    end of the game (a general turn is far shorter than `depth + reply` = 64 actions)."""
    st = games.load("toxicity", players=5).new_game(5)
    assert isinstance(st, ToxicityState)
    random_steps(st, random.Random(5), 30)
    agent = ISMCTSAgent(
        seed=1,
        iterations=40,
        rollout_depth=4,
        reply=60,
        rollout="heuristic",
        evaluation="heuristic",
        prior="heuristic",
        horizon="checkpoint",
    )
    leaves: list[bool] = []
    wrapped = outlook.evaluate

    def spy(state: object, seat: int) -> float:
        assert isinstance(state, ToxicityState)
        leaves.append(checkpoint(state))
        return wrapped(state, seat)

    agent._eval_spec = spy
    agent.act(SeatView(st, st.current_player or 0))
    assert leaves and all(leaves)
