"""Individual and general turns (*Estrutura do Jogo*)."""

from __future__ import annotations

import pytest

from ludoteca.core import IllegalAction

from .helpers import bare, card, give, pawn, place_pawn, put, turn_of


def test_pawns_play_in_colour_order() -> None:
    """*Decidir ... Ordem de Jogo*: blue plays first, then red, yellow, green."""
    st = bare()
    order = []
    for _ in range(4):
        order.append(st.colours[st.turn])
        st.apply("end")
    assert order == ["blue", "red", "yellow", "green"]
    assert st.colours[st.turn] == "blue" and st.general_turn == 2


def test_dead_and_escaped_pawns_are_skipped() -> None:
    """*Turnos Gerais*: the general turn ends when every pawn still playing has played."""
    st = bare()
    st.pawns[pawn(st, "red")].alive = False
    st.pawns[pawn(st, "yellow")].escaped = "door"
    st.apply("end")
    assert st.colours[st.turn] == "green"
    st.apply("end")
    assert st.colours[st.turn] == "blue" and st.general_turn == 2


def test_gamemaster_acts_only_to_place_cards() -> None:
    """The gamemaster is a seat: it is on turn exactly while drawn cards await placement."""
    st = bare()
    assert st.current_player == st.seat_of(0)
    st.decks[0] = ["floor-plain-1#r1", "floor-plain-2#r1"]
    st.apply("walk:E")  # reveals c1, c2, c3 with two cards
    assert st.current_player == st.gamemaster
    assert all(a.startswith("place:") for a in st.legal_actions())


def test_illegal_actions_explained_and_refused() -> None:
    """An illegal action raises IllegalAction naming the reason; nothing changes."""
    st = bare()
    put(st, "f8", card("wall"))
    turn_of(st, "red")
    give(st, "red", card("item-freeze"))  # keeps red's turn going
    place_pawn(st, "red", "b4")
    st.apply("walk:E")
    before = st.to_json()
    with pytest.raises(IllegalAction, match="already moved"):
        st.apply("walk:E")
    st.apply("ability:destroy:f8")
    with pytest.raises(IllegalAction, match="never two abilities"):
        st.apply("ability:blast")
    assert st.to_json() != before  # the legal ability did apply
    after = st.to_json()
    with pytest.raises(IllegalAction):
        st.apply("place:c4")
    assert st.to_json() == after
