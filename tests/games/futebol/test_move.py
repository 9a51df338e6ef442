"""*Mover*: one pawn one space in any direction; up to 3 inside a speed zone."""

from __future__ import annotations

import pytest

from ludoteca.core import IllegalAction

from .helpers import arrange, custom_board, spaces


def test_one_step_in_any_direction() -> None:
    """*o peão pode se mover a qualquer Morada 1 espaço*: all eight neighbours."""
    state = arrange({"B1": "d5"}, None)
    assert spaces(state, "move:B1:") == {"c4", "d4", "e4", "c5", "e5", "c6", "d6", "e6"}


def test_occupied_space_cannot_be_entered() -> None:
    state = arrange({"B1": "d5", "O1": "d6", "B2": "c6"}, None)
    assert not spaces(state, "move:B1:") & {"d6", "c6"}
    with pytest.raises(IllegalAction, match="d6 is occupied"):
        state.apply("move:B1:d6")


def test_blocked_space_cannot_be_entered() -> None:
    """Blocked spaces (X) are closed to pawns: c3's neighbour b2 is X."""
    state = arrange({"B1": "c3"}, None)
    assert "b2" not in spaces(state, "move:B1:")
    with pytest.raises(IllegalAction, match="b2 is a blocked space"):
        state.apply("move:B1:b2")


def test_only_the_carrier_enters_the_opponents_goal() -> None:
    """*Puntuação*: moving the ball into the opponent's goal; others may not enter."""
    state = arrange({"B1": "d12", "B2": "c11", "O1": "c12"}, "d12")
    assert {"c13", "d13", "e13"} <= spaces(state, "move:B1:")
    state = arrange({"B1": "d12", "B2": "c12"}, "e11")
    assert not spaces(state, "move:B1:") & {"c13", "d13", "e13"}


def test_no_move_into_ones_own_goal() -> None:
    state = arrange({"B1": "d2"}, "d2")
    assert not spaces(state, "move:B1:") & {"c1", "d1", "e1"}


def test_goal_kick_area_holds_one_pawn_per_side() -> None:
    """*Área de chute a gol*: one pawn at most (per side) as goalkeeper."""
    state = arrange({"B1": "d2", "B2": "d3", "O1": "c2", "O2": "e3"}, None)
    assert "c2" not in spaces(state, "move:B2:") and "e2" not in spaces(state, "move:B2:")
    assert "e2" in spaces(state, "move:B1:")
    state = arrange({"B1": "d2", "O1": "c2", "O2": "e3"}, None, side=1)
    assert "e2" not in spaces(state, "move:O2:") and "d2" not in spaces(state, "move:O2:")


def test_speed_zone_allows_up_to_three_spaces_inside_it() -> None:
    """*Zona de velocidade*: landing in it, a pawn may go up to 3 spaces inside."""
    state = arrange({"B1": "b4"}, None)
    assert spaces(state, "move:B1:") == {"a3", "a4", "a5", "a6", "b3", "c3", "c4", "c5", "b5"}


WING = [
    "##GGG##", "XXKKKXX", "SPP*PPS", "S.....S", "SL...LS", "S.....S", "S.....S",
    "=======",
    "S.....S", "S.....S", "SL...LS", "S.....S", "SPP*PPS", "XXKKKXX", "##GGG##",
]  # fmt: skip


def test_speed_zone_run_stops_after_three_spaces() -> None:
    """On a wing 5 long, a pawn at a3 reaches a6 (3 spaces) but not a7 (4)."""
    state = arrange({"B1": "a3"}, None, board=custom_board(WING, "d8"))
    reached = spaces(state, "move:B1:")
    assert {"a4", "a5", "a6"} <= reached
    assert "a7" not in reached


def test_speed_zone_run_cannot_pass_through_pawns() -> None:
    state = arrange({"B1": "a3", "O1": "a4"}, None)
    assert not spaces(state, "move:B1:") & {"a4", "a5", "a6"}


def test_a_speed_run_stops_at_a_loose_ball() -> None:
    state = arrange({"B1": "a3"}, "a4")
    assert "a4" in spaces(state, "move:B1:")
    assert not spaces(state, "move:B1:") & {"a5", "a6"}


def test_moving_onto_a_loose_ball_picks_it_up_and_the_carrier_takes_it_along() -> None:
    state = arrange({"B1": "d5", "O1": "a9"}, "d6")
    state.apply("move:B1:d6")
    assert state.occ[state.ball] == 0
    assert "picks up the ball" in state.events[-1].text
    state.apply("move:O1:a8")
    state.apply("move:B1:d7")
    assert state.board.cell_names[state.ball] == "d7"


def test_a_move_ends_the_turn() -> None:
    """*Em turnos alternados*: one action, then the other side."""
    state = arrange({"B1": "d5", "O1": "d9"}, None)
    state.apply("move:B1:d4")
    assert state.side == 1 and state.phase == "play"
