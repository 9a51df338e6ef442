"""Special floors and traps (*Cartas Floor Alternativas e Traps*)."""

from __future__ import annotations

from .helpers import bare, card, give, pawn, place_pawn, put, sq, turn_of


def test_wet_floor_slides_one_forward() -> None:
    """*Wet Floor*: the pawn goes one square further forward."""
    st = bare()
    put(st, "c4", card("floor-wet"), face_up=False)
    st.decks[0] = [card("floor-plain")]
    place_pawn(st, "blue", "b4")
    st.apply("walk:E")
    assert st.pawns[0].square == sq(st, "d4")
    assert st.board[sq(st, "d4")] == card("floor-plain")


def test_wet_floor_stops_at_a_wall() -> None:
    """*Wet Floor*: ... unless there is a wall."""
    st = bare()
    put(st, "c4", card("floor-wet"), face_up=False)
    put(st, "d4", card("wall"))
    place_pawn(st, "blue", "b4")
    st.apply("walk:E")
    assert st.pawns[0].square == sq(st, "c4")


def test_muddy_floor_forbids_running_next_turn() -> None:
    """*Muddy Floor*: the pawn cannot run on its next turn."""
    st = bare()
    put(st, "c4", card("floor-muddy"), face_up=False)
    place_pawn(st, "blue", "b4")
    st.apply("walk:E")
    turn_of(st, "blue")
    legal = st.legal_actions()
    assert "walk:E" in legal and not any(a.startswith("run") for a in legal)
    turn_of(st, "blue")
    assert any(a.startswith("run") for a in st.legal_actions())


def test_refresh_gives_back_a_used_ability_once() -> None:
    """*Refresh*: one used ability may be used again; only once per character."""
    st = bare()
    red = pawn(st, "red")
    st.pawns[red].uses["destroy"] = 0
    put(st, "c4", card("floor-refresh"), face_up=False)
    put(st, "c5", card("floor-refresh", 2), face_up=False)
    turn_of(st, "red")
    place_pawn(st, "red", "b4")
    st.apply("walk:E")
    assert st.pawns[red].uses["destroy"] == 1
    st.pawns[red].uses["destroy"] = 0
    turn_of(st, "red")
    st.apply("walk:S")
    assert st.pawns[red].uses["destroy"] == 0


def test_regenerate_restores_all_stamina_once() -> None:
    """*Regenerate*: stamina back to full; once per character."""
    st = bare()
    put(st, "c4", card("floor-regenerate"), face_up=False)
    put(st, "c5", card("floor-regenerate", 2), face_up=False)
    place_pawn(st, "blue", "b4")
    st.apply("walk:E")
    assert st.pawns[0].stamina == 3
    turn_of(st, "blue")
    st.apply("walk:S")
    assert st.pawns[0].stamina == 2


def test_stamina_trap_takes_one() -> None:
    """*Stamina Trap*: the pawn loses 1 stamina (and dies at 0)."""
    st = bare()
    put(st, "c4", card("trap-stamina"), face_up=False)
    place_pawn(st, "blue", "b4")
    st.apply("walk:E")
    assert st.pawns[0].stamina == 1
    st = bare()
    put(st, "d4", card("trap-stamina"), face_up=False)
    place_pawn(st, "blue", "b4")
    st.apply("run:E")
    assert not st.pawns[0].alive


def test_stun_trap_loses_next_turn() -> None:
    """*Stun Trap*: the pawn does not play its next turn."""
    st = bare()
    put(st, "c4", card("trap-stun"), face_up=False)
    place_pawn(st, "blue", "b4")
    st.apply("walk:E")
    assert st.pawns[0].stunned
    turn_of(st, "blue")
    assert st.turn != 0  # skipped: the turn passed on
    assert not st.pawns[0].stunned


def test_green_ignores_its_first_two_traps() -> None:
    """*Verde*: immune to the first two traps it meets."""
    st = bare()
    green = pawn(st, "green")
    for n, name in enumerate(("c4", "c5", "c6"), start=1):
        put(st, name, card("trap-stamina", n), face_up=False)
    for p in st.pawns:
        p.square = sq(st, "f1")  # out of the gas's way
    turn_of(st, "green")
    place_pawn(st, "green", "b4")
    st.apply("walk:E")
    assert st.pawns[green].stamina == 2
    turn_of(st, "green")
    st.apply("walk:S")
    assert st.pawns[green].stamina == 2
    turn_of(st, "green")
    st.apply("walk:S")
    assert st.pawns[green].stamina == 1


def test_trap_door_escape_needs_a_crowbar() -> None:
    """*Trap Door*: a pawn with a Crowbar can escape through it."""
    st = bare()
    put(st, "c4", card("trap-trapdoor"), face_up=False)
    put(st, "f8", card("wall"))
    turn_of(st, "red")
    place_pawn(st, "red", "b4")
    st.apply("walk:E")
    assert "escape" not in st.legal_actions()
    give(st, "red", card("item-crowbar"))
    assert "escape" in st.legal_actions()
    st.apply("escape")
    red = st.pawns[pawn(st, "red")]
    assert red.escaped == "trapdoor" and card("item-crowbar") in st.discard
