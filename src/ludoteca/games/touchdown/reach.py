"""Reachable squares by bit masks: the fast half of the path search (*Movimento*).

A set of squares is an int with bit `sq` set. One king step spreads a mask one
column either way (masking the wrap-around between rows) and one row either way.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ludoteca.games.touchdown.geometry import Board


@dataclass(frozen=True)
class Masks:
    """The masks of one board."""

    width: int
    playable: int  # rows 1 .. height-2, every column (neighbours never leave them)
    not_first: int  # every square but column 0
    not_last: int  # every square but the last column
    outside: int  # the out-of-bounds strips
    byte_squares: tuple[tuple[tuple[int, ...], ...], ...]  # [byte index][byte] -> squares


_MASKS: dict[int, tuple[Board, Masks]] = {}
BOARDS_KEPT = 8
"""The boards whose tables (`masks`, `verbs.to_actions`, `paths.end_zone_mask`) are kept
at once: games share a board (`load_board`), so one is the usual; more start afresh."""


def masks(board: Board) -> Masks:
    """The masks of `board` (computed once per board object)."""
    known = _MASKS.get(id(board))
    if known is not None and known[0] is board:
        return known[1]
    if len(_MASKS) >= BOARDS_KEPT:
        _MASKS.clear()
    _MASKS[id(board)] = (board, _make_masks(board))
    return _MASKS[id(board)][1]


def _make_masks(board: Board) -> Masks:
    width, height = board.width, board.height
    row = (1 << width) - 1
    every = sum(row << (r * width) for r in range(height))
    playable = sum(row << (r * width) for r in range(1, height - 1))
    first = sum(1 << (r * width) for r in range(height))
    last = first << (width - 1)
    return Masks(
        width,
        playable,
        every & ~first,
        every & ~last,
        bits_of(board.outside),
        tuple(
            tuple(tuple(8 * i + b for b in range(8) if n >> b & 1) for n in range(256))
            for i in range((width * height + 7) // 8)
        ),
    )


def bits_of(squares: Iterable[int]) -> int:
    """The mask of some squares."""
    out = 0
    for sq in squares:
        out |= 1 << sq
    return out


def layers(board: Board, start: int, steps: int, blocked: int, halting: int) -> list[int]:
    """The squares first reached at each of up to `steps` king steps from `start`:
    `[start, one step, two steps, ...]`, as masks, up to the last non-empty one.

    `blocked` squares are never entered; `halting` ones are entered but not left.
    """
    m = masks(board)
    width, allowed = m.width, m.playable & ~blocked
    not_first, not_last = m.not_first, m.not_last
    seen = frontier = 1 << start
    out = [seen]
    for _ in range(steps):
        h = frontier | ((frontier << 1) & not_first) | ((frontier >> 1) & not_last)
        new = (h | (h << width) | (h >> width)) & allowed & ~seen
        if not new:
            break
        seen |= new
        out.append(new)
        frontier = new & ~halting
    return out


def reachable(board: Board, start: int, steps: int, blocked: int, halting: int) -> int:
    """Squares reached within `steps` king steps from `start` (start included), with
    the rules of `layers`."""
    seen = 0
    for layer in layers(board, start, steps, blocked, halting):
        seen |= layer
    return seen


def squares_of(board: Board, mask: int) -> list[int]:
    """The squares of `mask`, ascending."""
    if not mask:
        return []
    table = masks(board).byte_squares
    first = ((mask & -mask).bit_length() - 1) >> 3
    data = (mask >> (8 * first)).to_bytes((mask.bit_length() + 7) // 8 - first, "little")
    out: list[int] = []
    for i, byte in enumerate(data, first):
        if byte:
            out += table[i][byte]
    return out


def on_shortest_paths(
    board: Board, start: int, dest: int, steps: int, blocked: int, halting: int
) -> int:
    """Squares on some shortest path from `start` to `dest` (both included; 0 if
    `dest` is not reachable within `steps`), with the rules of `layers`."""
    return on_paths(board, layers(board, start, steps, blocked, halting), dest, halting)


def on_paths(board: Board, reached: list[int], dest: int, halting: int) -> int:
    """Squares on some shortest path to `dest` (0 if it is in no layer) through
    `reached`, the `layers` of a search with these `halting` squares."""
    m = masks(board)
    width, not_first, not_last = m.width, m.not_first, m.not_last
    target = 1 << dest
    last = 0
    for layer in reached:
        if layer & target:
            break
        last += 1
    else:
        return 0
    passable = ~halting | reached[0]
    on = back = target
    while last:
        last -= 1
        h = back | ((back << 1) & not_first) | ((back >> 1) & not_last)
        back = (h | (h << width) | (h >> width)) & reached[last] & passable
        on |= back
    return on
