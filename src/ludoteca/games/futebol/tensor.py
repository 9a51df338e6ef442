"""A seat's observation tensor (issue 21): what `observation(seat)` shows, as numbers.

Flat float32, in blocks: the board's kind of each space (one-hot, `KINDS`); each pawn's
space (one plane per pawn, the seat's own side first); the ball's space; each pawn's
status and yellow card; the phase; the counts (goals, reds, substitutions, offences,
turns); the pawn that may not steal back and the chain passers; and the seat's own
penalty pick, only while its side has aimed and the other side has not dived.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ludoteca.games.futebol.fields import FutebolFields, Phase
from ludoteca.games.futebol.geometry import Board
from ludoteca.games.futebol.pawns import PAWNS, PAWNS_PER_SIDE, STATUS_NAMES

KINDS = "GKP*LSX=.#"
"""The space kinds of a board file (`boards/*.txt`), in the tensor's order."""
PHASES = tuple(Phase)
COUNTS = 10  # goals, reds, substitutions used, offences (each side's), turn, turn limit
PICKS = 3  # a penalty's 1, 2 or 3 fingers


def shape(board: Board) -> tuple[int]:
    """The tensor's length on `board`."""
    cells = board.width * board.height
    per_pawn = len(STATUS_NAMES) + 1 + 2  # status, yellow, no steal back, in the chain
    return (cells * (len(KINDS) + PAWNS + 1) + PAWNS * per_pawn + len(PHASES) + COUNTS + PICKS,)


def encode(state: FutebolFields, seat: int) -> npt.NDArray[np.float32]:
    """`seat`'s tensor: everything public, and its own side's hidden penalty pick."""
    board = state.board
    cells = board.width * board.height
    side = seat % 2
    order = [*_side(side), *_side(1 - side)]
    kinds = np.zeros((len(KINDS), cells), dtype=np.float32)
    for cell, kind in enumerate(board.kinds):
        kinds[KINDS.index(kind), cell] = 1.0
    where = np.zeros((PAWNS + 1, cells), dtype=np.float32)
    for plane, pawn in enumerate(order):
        if state.pos[pawn] >= 0:
            where[plane, state.pos[pawn]] = 1.0
    if state.ball >= 0:
        where[PAWNS, state.ball] = 1.0
    pawns = np.zeros((PAWNS, len(STATUS_NAMES) + 3), dtype=np.float32)
    for row, pawn in enumerate(order):
        pawns[row, state.status[pawn]] = 1.0
        pawns[row, len(STATUS_NAMES)] = float(state.yellow[pawn])
        pawns[row, len(STATUS_NAMES) + 1] = float(state.no_steal == pawn)
        pawns[row, len(STATUS_NAMES) + 2] = float(pawn in state.chain)
    phase = np.array([float(state.phase == p) for p in PHASES], dtype=np.float32)
    mine, theirs = side, 1 - side
    counts = np.array(
        [
            *(state.goals[s] for s in (mine, theirs)),
            *(state.reds[s] for s in (mine, theirs)),
            *(float(state.sub_used[s]) for s in (mine, theirs)),
            *(state.offences[s] for s in (mine, theirs)),
            state.turns,
            state.config.turn_limit,
        ],
        dtype=np.float32,
    )
    pick = np.zeros(PICKS, dtype=np.float32)
    if state.phase == Phase.DIVE and side == 1 - state.side:  # the taker's side, waiting
        pick[state.aim - 1] = 1.0
    return np.concatenate([kinds.ravel(), where.ravel(), pawns.ravel(), phase, counts, pick])


def _side(side: int) -> range:
    return range(side * PAWNS_PER_SIDE, (side + 1) * PAWNS_PER_SIDE)
