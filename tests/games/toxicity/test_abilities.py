"""Characters' abilities (*Personagens e Habilidades*)."""

from __future__ import annotations

from .helpers import bare, card, give, pawn, place_pawn, put, sq, turn_of


def _on(colour: str, where: str):  # type: ignore[no-untyped-def]
    st = bare()
    for p in st.pawns:
        p.square = sq(st, "f1")
    turn_of(st, colour)
    place_pawn(st, colour, where)
    return st


def test_blue_uses_two_items_once() -> None:
    """*Azul*: may use two items in a single turn (1 use)."""
    st = _on("blue", "c4")
    knives = card("item-knife"), card("item-knife", 2)
    give(st, "blue", *knives)
    place_pawn(st, "red", "d4")
    st.apply("ability:double")
    st.apply(f"item:{knives[0]}:red")
    st.apply(f"item:{knives[1]}:red")
    assert st.pawns[pawn(st, "red")].stamina == 1
    assert st.pawns[0].uses["double"] == 0


def test_red_destroys_a_chosen_wall_twice() -> None:
    """*Vermelho*: destroy a wall of its choice (2 uses), one ability a turn."""
    st = _on("red", "c4")
    put(st, "h8", card("wall"))
    put(st, "e2", card("wall", 2))
    legal = st.legal_actions()
    assert "ability:destroy:h8" in legal and "ability:destroy:e2" in legal
    st.apply("ability:destroy:h8")
    assert st.board[sq(st, "h8")] == ""
    assert not any(a.startswith("ability") for a in st.legal_actions())
    turn_of(st, "red")
    st.apply("ability:destroy:e2")
    turn_of(st, "red")
    put(st, "e3", card("wall", 3))
    assert not any(a.startswith("ability:destroy") for a in st.legal_actions())


def test_red_blast_destroys_adjacent_walls_and_knocks_back() -> None:
    """*Vermelho*: destroy every adjacent wall; adjacent pawns are pushed one square
    back (1 use)."""
    st = _on("red", "c4")
    put(st, "d4", card("wall"))
    put(st, "b3", card("wall", 2))
    place_pawn(st, "blue", "c5")
    place_pawn(st, "green", "d3")
    st.apply("ability:blast")
    assert st.board[sq(st, "d4")] == "" and st.board[sq(st, "b3")] == ""
    assert st.pawns[pawn(st, "blue")].square == sq(st, "c6")
    assert st.pawns[pawn(st, "green")].square == sq(st, "e2")
    assert st.pawns[pawn(st, "red")].uses["blast"] == 0


def test_yellow_dashes_three_straight_besides_moving() -> None:
    """*Amarelo*: three squares at once, horizontally or vertically, as well as the
    regular move (2 uses)."""
    st = _on("yellow", "b4")
    put(st, "d2", card("wall"))
    legal = st.legal_actions()
    assert "ability:dash:E" in legal and "ability:dash:N" in legal
    st.apply("ability:dash:E")
    assert st.pawns[pawn(st, "yellow")].square == sq(st, "e4")
    assert st.pawns[pawn(st, "yellow")].stamina == 3
    assert "walk:E" in st.legal_actions()


def test_yellow_dash_not_through_walls() -> None:
    """*Amarelo*: the dash does not cross a wall."""
    st = _on("yellow", "b4")
    put(st, "d4", card("wall"))
    assert "ability:dash:E" not in st.legal_actions()


def test_yellow_column_move_until_walls() -> None:
    """*Amarelo*: to any square of the same column while no wall is in the way (1 use)."""
    st = _on("yellow", "c4")
    put(st, "c7", card("wall"))
    legal = {a for a in st.legal_actions() if a.startswith("ability:column")}
    assert legal == {f"ability:column:c{r}" for r in (1, 2, 3, 5, 6)}
    st.apply("ability:column:c1")
    assert st.pawns[pawn(st, "yellow")].square == sq(st, "c1")


def test_green_rearranges_adjacent_walls() -> None:
    """*Verde*: rearrange the walls around it (1 use)."""
    st = _on("green", "c4")
    put(st, "d4", card("wall"))
    put(st, "d5", card("floor-plain"), face_up=False)
    st.apply("ability:rearrange")
    assert "swap:d4:d5" in st.legal_actions() and "done" in st.legal_actions()
    st.apply("swap:d4:d5")
    assert st.board[sq(st, "d5")] == card("wall") and st.board[sq(st, "d4")] == card("floor-plain")
    assert not st.face_up[sq(st, "d4")]
    assert st.pawns[pawn(st, "green")].uses["rearrange"] == 0


def test_never_two_abilities_a_turn() -> None:
    """*É proibido utilizar duas habilidades no mesmo turno.*"""
    st = _on("yellow", "c4")
    st.apply("ability:dash:S")
    assert not any(a.startswith("ability") for a in st.legal_actions())
