"""Building futebol positions for rule tests."""

from __future__ import annotations

from typing import Any

from ludoteca import games
from ludoteca.games.futebol.geometry import Board, board_from_data
from ludoteca.games.futebol.pawns import BENCH, PITCH, pawn_index
from ludoteca.games.futebol.state import FutebolState


def new_state(seed: int = 0, board: Board | None = None, **options: Any) -> FutebolState:
    """A fresh game (formation placement unless told otherwise), maybe on `board`."""
    options.setdefault("placement", "formation")
    game = games.load("futebol", **options)
    if board is not None:
        game.board = board  # type: ignore[attr-defined]
    state = game.new_game(seed)
    assert isinstance(state, FutebolState)
    return state


def arrange(
    pieces: dict[str, str],
    ball: str | None,
    side: int = 0,
    board: Board | None = None,
    **options: Any,
) -> FutebolState:
    """A position in the middle of play: only the listed pawns on the pitch.

    `ball` names the ball's space (carried if a pawn stands there); `side` is to move.
    """
    state = new_state(board=board, **options)
    board = state.board
    state.occ = [-1] * len(board.kinds)
    state.pos = [-1] * len(state.pos)
    state.status = [BENCH] * len(state.status)
    for name, space in pieces.items():
        pawn, cell = pawn_index(name), board.cell(space)
        assert pawn >= 0 and cell >= 0, (name, space)
        state.pos[pawn], state.occ[cell], state.status[pawn] = cell, pawn, PITCH
    state.ball = -1 if ball is None else board.cell(ball)
    state.phase, state.side, state.next_side = "play", side, side
    state.pending, state.chain, state.no_steal = [], [], -1
    state.turns = 10
    state._legal = None
    return state


def spaces(state: FutebolState, prefix: str) -> set[str]:
    """The legal actions starting with `prefix`, with the prefix cut off."""
    return {a[len(prefix) :] for a in state.legal_actions() if a.startswith(prefix)}


def custom_board(rows: list[str], kickoff: str) -> Board:
    """A board built from rows, with the default formation."""
    doc = {"name": "custom", "rows": rows, "kickoff": kickoff,
           "formation": ["d2", "b3", "f3", "d4", "c6", "e6"]}  # fmt: skip
    return board_from_data(doc, "custom.toml")
