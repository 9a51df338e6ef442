"""A seat's observation tensor (issue 21): what `observation(seat)` shows, as numbers.

Float32 in [0, 1], in named blocks (`layout`): planes over the board (each space's kind,
one-hot `KINDS`; one plane per pawn, the seat's own side first; the ball); a row per
pawn (status, yellow cards, the pawn that may not steal back, the chain passers); the
phase; the counts (goals, reds, substitutions, offences, the turn as a share of the
limit); and the seat's own penalty pick, only while its side has aimed and the other
side has not dived.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ludoteca.core.layout import Block, TensorLayout, scaled
from ludoteca.games.futebol.fields import FutebolFields, Phase
from ludoteca.games.futebol.geometry import Board
from ludoteca.games.futebol.pawns import PAWNS, PAWNS_PER_SIDE, STATUS_NAMES

KINDS = "GKP*LSX=.#"
"""The space kinds of a board file (`boards/*.txt`), in the tensor's order."""
PHASES = tuple(Phase)
PICKS = 3  # a penalty's 1, 2 or 3 fingers
GOALS_CAP = 10
"""Goals, offences and turns without a limit are cut at these counts."""
OFFENCES_CAP = 10
TURNS_CAP = 200


def layout(board: Board) -> TensorLayout:
    """The blocks on `board`: planes (space kinds, one per pawn, the ball), then the
    pawns' rows, the phase, the counts and the seat's own penalty pick."""
    grid = (board.height, board.width)
    per_pawn = len(STATUS_NAMES) + 3  # status, yellow, no steal back, in the chain
    return TensorLayout(
        [
            Block("kinds", (len(KINDS), *grid)),
            Block("pawns", (PAWNS, *grid)),
            Block("ball", (1, *grid)),
            Block("pawn_rows", (PAWNS, per_pawn)),
            Block("phase", (len(PHASES),)),
            Block("counts", (10,)),
            Block("pick", (PICKS,)),
        ],
        board=grid,
    )


def encode(state: FutebolFields, seat: int) -> npt.NDArray[np.float32]:
    """`seat`'s tensor: everything public, and its own side's hidden penalty pick."""
    board = state.board
    shape = state.config.observation_layout()
    flat = shape.zeros()
    parts = shape.split(flat)
    side = seat % 2
    order = [*_side(side), *_side(1 - side)]
    kinds = parts["kinds"].reshape(len(KINDS), -1)
    for cell, kind in enumerate(board.kinds):
        kinds[KINDS.index(kind), cell] = 1.0
    where = parts["pawns"].reshape(PAWNS, -1)
    rows = parts["pawn_rows"]
    for plane, pawn in enumerate(order):
        if state.pos[pawn] >= 0:
            where[plane, state.pos[pawn]] = 1.0
        rows[plane, state.status[pawn]] = 1.0
        rows[plane, len(STATUS_NAMES)] = scaled(state.yellow[pawn], 2)
        rows[plane, len(STATUS_NAMES) + 1] = float(state.no_steal == pawn)
        rows[plane, len(STATUS_NAMES) + 2] = float(pawn in state.chain)
    if state.ball >= 0:
        parts["ball"].reshape(-1)[state.ball] = 1.0
    parts["phase"][PHASES.index(state.phase)] = 1.0
    mine, theirs = side, 1 - side
    limit = state.config.turn_limit
    parts["counts"][:] = [
        *(scaled(state.goals[s], GOALS_CAP) for s in (mine, theirs)),
        *(scaled(state.reds[s], PAWNS_PER_SIDE) for s in (mine, theirs)),
        *(float(state.sub_used[s]) for s in (mine, theirs)),
        *(scaled(state.offences[s], OFFENCES_CAP) for s in (mine, theirs)),
        scaled(state.turns, limit or TURNS_CAP),
        float(bool(limit)),
    ]
    if state.phase == Phase.DIVE and side == 1 - state.side:  # the taker's side, waiting
        parts["pick"][state.aim - 1] = 1.0
    return flat


def _side(side: int) -> range:
    return range(side * PAWNS_PER_SIDE, (side + 1) * PAWNS_PER_SIDE)
