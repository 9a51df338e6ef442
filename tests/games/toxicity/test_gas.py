"""The toxic gas (*Gás Tóxico*) and the Gas Mask and Freeze Gun (*Itens*)."""

from __future__ import annotations

from ludoteca.games.toxicity import rounds

from .helpers import bare, card, give, pawn, place_pawn, sq


def _safe(st) -> None:  # type: ignore[no-untyped-def]
    for p in st.pawns:
        p.square = sq(st, "f4")


def _advance(st, turns: int) -> list[int]:  # type: ignore[no-untyped-def]
    seen = []
    for _ in range(turns):
        rounds.end_general_turn(st)
        seen.append(st.gas)
    return seen


def test_gas_every_two_general_turns_at_first() -> None:
    """*Gás Tóxico*: when the game starts the gas consumes a column every two turns."""
    st = bare()
    _safe(st)
    assert _advance(st, 6) == [0, 1, 1, 2, 2, 3]


def test_gas_every_turn_once_a_pawn_is_in_zone_2() -> None:
    """*Gás Tóxico*: from the first pawn in the second zone, one column every turn."""
    st = bare()
    _safe(st)
    rounds.reach(st, sq(st, "g4"))
    assert _advance(st, 3) == [1, 2, 3]


def test_gas_two_columns_once_a_pawn_is_in_zone_3() -> None:
    """*Gás Tóxico*: from the first pawn in the last zone, two columns every turn."""
    st = bare()
    _safe(st)
    rounds.reach(st, sq(st, "j4"))
    assert _advance(st, 2) == [2, 4]


def test_walking_into_zone_2_speeds_the_gas() -> None:
    """*Gás Tóxico*: reaching the second zone by moving sets the faster pace."""
    st = bare()
    place_pawn(st, "blue", "f4")
    st.apply("walk:E")
    assert st.zone_reached == 1


def test_freeze_gun_delays_the_gas_one_general_turn() -> None:
    """*Freeze Gun*: delays the gas's spread by one general turn."""
    st = bare()
    _safe(st)
    give(st, "blue", card("item-freeze"))
    st.apply(f"item:{card('item-freeze')}")
    assert _advance(st, 4) == [0, 0, 1, 1]


def test_pawn_in_consumed_column_dies() -> None:
    """*Gás Tóxico*: a pawn in a column the gas consumes dies."""
    st = bare()
    _safe(st)
    place_pawn(st, "red", "a4")
    _advance(st, 2)
    assert not st.pawns[pawn(st, "red")].alive
    assert st.pawns[pawn(st, "blue")].alive


def test_gas_mask_protects_two_turns() -> None:
    """*Gas Mask*: protects its holder from the gas for 2 turns (then it is spent)."""
    st = bare()
    _safe(st)
    red = pawn(st, "red")
    place_pawn(st, "red", "a4")
    give(st, "red", card("item-mask"))
    _advance(st, 2)  # column a consumed: the mask starts protecting
    assert st.pawns[red].alive and st.pawns[red].mask_turns == 2
    assert card("item-mask") in st.discard
    _advance(st, 1)
    assert st.pawns[red].alive
    _advance(st, 1)
    assert not st.pawns[red].alive


def test_masked_pawn_may_walk_out_of_the_gas() -> None:
    """Design: while its mask protects it, a pawn may move through gas squares."""
    st = bare()
    _safe(st)
    place_pawn(st, "blue", "a4")
    give(st, "blue", card("item-mask"))
    _advance(st, 2)
    st.gas = 3  # columns a-c are gas: b4 lies in it
    rounds.start_turn(st)
    st._legal = None
    assert "walk:E" in st.legal_actions()
    st.pawns[0].mask_turns = 0
    st._legal = None
    assert "walk:E" not in st.legal_actions()
