"""Fog of war and the gamemaster's placement (*Fog of War*, *Gamemaster*)."""

from __future__ import annotations

import pytest

from ludoteca.games.toxicity import fog

from .helpers import bare, card, place_pawn, put, sq


def _names(st, squares):  # type: ignore[no-untyped-def]
    return sorted(st.geo.names[s] for s in squares)


@pytest.mark.parametrize(
    ("landing", "direction", "running", "expected"),
    [
        ("d4", "E", False, ["e3", "e4", "e5"]),
        ("d4", "W", False, ["c3", "c4", "c5"]),
        ("d4", "N", False, ["c3", "d3", "e3"]),
        ("d4", "S", False, ["c5", "d5", "e5"]),
        ("d4", "NE", False, ["d3", "e3", "e4"]),
        ("d4", "SW", False, ["c4", "c5", "d5"]),
        ("d4", "E", True, ["d4", "e4"]),
        ("d4", "N", True, ["d3", "d4"]),
    ],
)
def test_reveal_shapes(landing: str, direction: str, running: bool, expected: list[str]) -> None:
    """*Fog of War*: a walk shows the three squares ahead by the direction of travel
    (fig. 2); a run shows the square landed on and the one ahead (fig. 3)."""
    st = bare()
    assert _names(st, st.geo.fog(sq(st, landing), direction, running)) == expected


def test_walk_draws_three_for_the_gamemaster_to_place() -> None:
    """*Gamemaster*: the gamemaster draws three cards and places them as it wishes."""
    st = bare()
    st.decks[0] = [card("floor-plain"), card("trap-stun"), card("item-knife")]
    place_pawn(st, "blue", "a4")
    st.apply("walk:E")
    assert st.current_player == st.gamemaster
    assert sorted(st.legal_actions()) == ["place:c3", "place:c4", "place:c5"]
    st.apply("place:c5")  # the top card: the knife
    assert st.board[sq(st, "c5")] == card("item-knife") and not st.face_up[sq(st, "c5")]
    st.apply("place:c3")
    assert st.board[sq(st, "c3")] == card("trap-stun")
    assert st.board[sq(st, "c4")] == card("floor-plain")  # the last one has no choice
    assert not st.pending and st.decks[0] == []


def test_walls_face_up_others_face_down() -> None:
    """*Gamemaster*: walls are turned face up, the other cards face down; pawns see
    '?' where the gamemaster sees the card."""
    st = bare()
    st.decks[0] = [card("trap-stun"), card("wall")]
    place_pawn(st, "blue", "a1")
    st.apply("walk:E")  # reveals c1, c2
    st.apply("place:c1")  # the wall
    assert st.face_up[sq(st, "c1")] and not st.face_up[sq(st, "c2")]
    blue_view = st.observation(st.seat_of(0))["board"]
    gm_view = st.observation(st.gamemaster)["board"]
    assert blue_view[0][2] == card("wall") and blue_view[1][2] == "?"
    assert gm_view[1][2] == card("trap-stun")


def test_every_seat_sees_which_squares_are_face_down() -> None:
    """*Fog of War*: that a card lies face down is public (pawns see '?'), so every
    observation lists those squares; only the gamemaster's also names the card."""
    st = bare()
    st.decks[0] = [card("trap-stun"), card("wall")]
    place_pawn(st, "blue", "a1")
    st.apply("walk:E")
    st.apply("place:c1")
    for seat in [None, *range(st.seats)]:
        assert st.observation(seat)["face_down"] == ["c2"]
    st.face_up[sq(st, "c2")] = True
    assert st.observation(st.gamemaster)["face_down"] == []


def test_empty_destination_gets_a_card_never_a_wall() -> None:
    """*Gamemaster*: a pawn moving to a square without a card gets one more card;
    a wall drawn for it goes back, the deck is shuffled, and another is drawn."""
    st = bare()
    st.decks[0] = [card("floor-plain"), card("wall")]
    place_pawn(st, "blue", "a4")
    st.apply("run:E")  # lands on c4, reveals d4
    assert st.board[sq(st, "c4")] == card("floor-plain") and st.face_up[sq(st, "c4")]
    assert st.board[sq(st, "d4")] == card("wall")


def test_empty_destination_with_only_walls_left() -> None:
    """Design: if the deck holds only walls, the landing square stays bare."""
    st = bare()
    st.decks[0] = [card("wall")]
    place_pawn(st, "blue", "a4")
    st.apply("run:E")
    assert st.board[sq(st, "c4")] == ""


def test_each_square_draws_from_its_zone_deck() -> None:
    """*Zonas do Tabuleiro*: a revealed square takes its card from its own zone's deck."""
    st = bare()
    put(st, "f5", card("floor-plain"), face_up=True)
    st.decks[0] = [card("floor-plain", 2), card("floor-plain", 3)]
    st.decks[1] = [card("key")]
    place_pawn(st, "blue", "f6")
    st.apply("walk:N")  # reveals e4, f4 (zone 1) and g4 (zone 2)
    while st.pending:
        st.apply(st.legal_actions()[0])
    assert st.board[sq(st, "g4")] == card("key")
    assert {st.board[sq(st, "e4")], st.board[sq(st, "f4")]} == {
        card("floor-plain", 2),
        card("floor-plain", 3),
    }


def test_at_most_five_walls_a_column() -> None:
    """*Gamemaster*: only five walls may be placed in a column."""
    st = bare()
    for row in (1, 2, 6, 7, 8):
        put(st, f"c{row}", card("wall", row))
    st.decks[0] = [card("floor-plain"), card("wall", 20)]
    place_pawn(st, "blue", "a4")
    st.apply("walk:E")  # reveals c3, c4, c5: column c is full of walls
    # the wall cannot go anywhere: back to the deck; the floor replaces it
    assert fog.walls_in_column(st, 2) == 5
    assert card("wall", 20) in st.decks[0]


def test_wall_goes_where_the_column_allows() -> None:
    """*Gamemaster*: with one column full, a wall drawn for a diagonal reveal may only
    go to the other column."""
    st = bare()
    for row in (1, 2, 6, 7, 8):
        put(st, f"d{row}", card("wall", row))
    put(st, "c4", card("floor-plain", 5), face_up=True)
    st.decks[0] = [card("floor-plain"), card("floor-plain", 2), card("wall", 20)]
    place_pawn(st, "blue", "b5")
    st.apply("walk:NE")  # lands on c4, reveals d4, d3, c3
    assert st.board[sq(st, "c3")] == card("wall", 20)  # the only allowed square
    assert st.legal_actions() == ["place:d4", "place:d3"]


def test_three_walls_in_a_row_in_zone_3_are_redrawn() -> None:
    """*Gamemaster*: in the third zone, three walls revealed in one line go back and
    are replaced."""
    st = bare()
    put(st, "j4", card("floor-plain", 9), face_up=True)
    st.decks[2] = [card("floor-plain"), card("wall", 1), card("wall", 2), card("wall", 3)]
    place_pawn(st, "blue", "i4")
    st.apply("walk:E")  # reveals k3, k4, k5
    drawn = st.pending[0][0] if st.pending else []
    placed = [st.board[sq(st, n)] for n in ("k3", "k4", "k5")]
    assert card("floor-plain") in drawn + placed
