"""Movement and stamina (*Movimentação*, *Stamina*)."""

from __future__ import annotations

from ludoteca.games.toxicity import rounds

from .helpers import bare, card, pawn, place_pawn, put, sq, turn_of


def test_walk_any_of_eight_directions_costs_one() -> None:
    """*Movimentação*: one square in any direction; *Stamina*: walking costs 1."""
    st = bare()
    place_pawn(st, "blue", "b4")
    legal = st.legal_actions()
    for d in ("N", "NE", "E", "SE", "S", "SW", "W", "NW"):
        assert f"walk:{d}" in legal
    st.apply("walk:W")
    assert st.pawns[0].square == sq(st, "a4") and st.pawns[0].stamina == 2


def test_run_two_straight_costs_two() -> None:
    """*Movimentação*: running moves two squares, only vertically or horizontally;
    *Stamina*: it costs 2."""
    st = bare()
    place_pawn(st, "blue", "a4")
    legal = st.legal_actions()
    assert "run:E" in legal
    assert {a for a in legal if a.startswith("run")} <= {"run:N", "run:E", "run:S", "run:W"}
    st.apply("run:E")
    assert st.pawns[0].square == sq(st, "c4") and st.pawns[0].stamina == 1


def test_never_walk_twice_in_a_turn() -> None:
    """*Nota: no mesmo turno, o jogador não pode andar 2 vezes.*"""
    st = bare()
    put(st, "f8", card("wall"))  # gives red an ability to use, so its turn goes on
    turn_of(st, "red")
    place_pawn(st, "red", "a4")
    st.apply("walk:E")
    assert st.current_player == st.seat_of(pawn(st, "red"))
    assert not any(a.startswith(("walk", "run")) for a in st.legal_actions())
    assert "ability:destroy:f8" in st.legal_actions()


def test_diagonal_with_wall_ahead_costs_two() -> None:
    """*Stamina*: a diagonal step with a wall in front of the pawn costs 2."""
    st = bare()
    place_pawn(st, "blue", "b4")
    put(st, "c4", card("wall"))
    st.apply("walk:NE")
    assert st.pawns[0].stamina == 1


def test_walls_block_walking_and_running() -> None:
    """A pawn cannot enter or run through a wall."""
    st = bare()
    place_pawn(st, "blue", "b4")
    put(st, "c4", card("wall"))
    legal = st.legal_actions()
    assert "walk:E" not in legal and "run:E" not in legal


def test_a_move_may_spend_the_last_stamina_and_the_pawn_dies() -> None:
    """*Stamina*: "Se um jogador chegar a 0 de stamina, o jogador morre" — nothing forbids
    the move (issue 17): at 2 stamina a run is offered, at 1 a walk, and taking it kills
    the pawn before it lands (no card is revealed); the gamemaster scores the death."""
    st = bare()
    place_pawn(st, "blue", "b4")
    st.pawns[0].stamina = 2
    st._legal = None
    assert "walk:E" in st.legal_actions() and "run:E" in st.legal_actions()
    st.pawns[0].stamina = 1
    st._legal = None
    assert "walk:E" in st.legal_actions() and not any(
        a.startswith("run") for a in st.legal_actions()
    )
    target = sq(st, "c4")
    st.apply("walk:E")
    blue = st.pawns[0]
    assert not blue.alive and blue.square != target and not st.face_up[target]
    assert rounds.round_points(st)[st.gamemaster] == 1


def test_stamina_restored_at_start_of_own_turn() -> None:
    """*Stamina*: it regenerates fully at the start of each player's turn."""
    st = bare()
    red = pawn(st, "red")
    st.pawns[red].stamina = 1
    turn_of(st, "red")
    assert st.pawns[red].stamina == 3


def test_gas_squares_are_not_entered() -> None:
    """Design: a pawn does not walk into a consumed column (without an active mask)."""
    st = bare()
    st.gas = 1
    place_pawn(st, "blue", "b4")
    assert not any(a.endswith("W") for a in st.legal_actions() if a.startswith("walk"))
