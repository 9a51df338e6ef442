"""Kalah's rules as functions of the board (README.md, *Rules*): sowing, captures, the end.

The board is a list of 14 counts: pits 0-5 are South's (seat 0), 6 is South's store,
7-12 North's (seat 1), 13 North's store. Seeds travel counter-clockwise (upwards in index).
"""

from __future__ import annotations

PITS = 6
STORES = (PITS, 2 * PITS + 1)
SIZE = 2 * PITS + 2


def pits_of(seat: int) -> range:
    """The indices of `seat`'s six pits."""
    return range(seat * (PITS + 1), seat * (PITS + 1) + PITS)


def opposite(pit: int) -> int:
    """The pit across the board (*Captures*)."""
    return 2 * PITS - pit


def sow(board: list[int], seat: int, pit: int) -> tuple[int, bool]:
    """*Sowing*: lift every seed of `pit` and drop one in each following hole, the
    mover's store included and the opponent's store skipped. Returns the last hole and
    whether the last seed captured (*Captures*: it fell into an empty pit of the mover's,
    and the pit across holds seeds: both go to the mover's store)."""
    seeds, board[pit] = board[pit], 0
    hole = pit
    skip = STORES[1 - seat]
    while seeds:
        hole = (hole + 1) % SIZE
        if hole == skip:
            continue
        board[hole] += 1
        seeds -= 1
    across = opposite(hole) if hole in pits_of(seat) else -1
    if across >= 0 and board[hole] == 1 and board[across] > 0:
        board[STORES[seat]] += board[across] + 1
        board[hole] = board[across] = 0
        return hole, True
    return hole, False


def side_empty(board: list[int]) -> bool:
    """*The end*: one side's six pits are all empty."""
    return any(all(board[p] == 0 for p in pits_of(seat)) for seat in (0, 1))


def sweep(board: list[int]) -> None:
    """*The end*: each side's remaining seeds go to its own store."""
    for seat in (0, 1):
        for pit in pits_of(seat):
            board[STORES[seat]] += board[pit]
            board[pit] = 0
