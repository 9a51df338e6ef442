"""*Substituições*: one substitute a side, any time before or after one's turn."""

from __future__ import annotations

import pytest

from ludoteca.core import IllegalAction
from ludoteca.games.futebol.state import EXPELLED, OFF, PITCH

from .helpers import arrange, spaces

B1, B2, B7 = 0, 1, 6


def test_substitution_takes_the_space_and_ball_and_keeps_the_turn() -> None:
    state = arrange({"B1": "d5", "B2": "b4", "O1": "d9"}, "d5")
    state.apply("sub:B1")
    assert state.status[B1] == OFF and state.status[B7] == PITCH
    assert state.occ[state.ball] == B7
    assert state.side == 0 and state.phase == "play", "the substitution is not the turn"
    assert spaces(state, "sub:") == set()
    state.apply("move:B7:d6")
    assert state.side == 1


def test_only_one_substitution_per_side() -> None:
    state = arrange({"B1": "d5", "B2": "b4", "O1": "d9"}, None)
    state.apply("sub:B2")
    with pytest.raises(IllegalAction, match="already made its one substitution"):
        state.apply("sub:B1")


def test_expelled_pawn_cannot_be_substituted() -> None:
    """*Peões com cartões vermelhos não podem ser substituído*: they left the pitch."""
    state = arrange({"B2": "b4", "O1": "d9"}, None)
    state.status[B1] = EXPELLED
    assert "B1" not in spaces(state, "sub:")
    with pytest.raises(IllegalAction, match="B1 is not on the pitch"):
        state.apply("sub:B1")


def test_substitute_takes_the_replaced_pawns_formation_space() -> None:
    """After a goal the substitute returns to the space of the pawn it replaced."""
    state = arrange({"B1": "d12", "B2": "b4", "O1": "a3"}, "d12", mode="goal-limit")
    state.slots[0] = [0, 1, 2, 3, 4, 5]
    state.formation[0] = [state.board.cell(n) for n in ("d2", "b3", "f3", "d4", "c6", "e6")]
    state.apply("sub:B2")
    state.apply("move:B1:d13")
    assert state.board.cell_names[state.pos[B7]] == "b3"
    assert state.pos[B2] == -1
