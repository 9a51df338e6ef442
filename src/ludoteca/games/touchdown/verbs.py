"""The `pick:` and `to:` action strings, made once: a random playout lists thousands, so
none is formatted, or hashed by the action space, twice; and the ids of `to:` actions,
known from their squares."""

from __future__ import annotations

from ludoteca.core.spaces import ActionSpace
from ludoteca.games.touchdown.action import Verb
from ludoteca.games.touchdown.geometry import Board
from ludoteca.games.touchdown.reach import BOARDS_KEPT

_TO_ACTIONS: dict[int, tuple[Board, tuple[str, ...], dict[str, int]]] = {}
"""board id -> (the board, the `to:` action of each square, the square of each)."""
_PICKS: dict[str, str] = {}
"""player id -> his `pick:` action."""


def to_actions(board: Board) -> tuple[tuple[str, ...], dict[str, int]]:
    """The `to:` action of each square of `board`, and the square of each."""
    known = _TO_ACTIONS.get(id(board))
    if known is None or known[0] is not board:
        if len(_TO_ACTIONS) >= BOARDS_KEPT:
            _TO_ACTIONS.clear()
        actions = tuple(Verb.TO.of(name) for name in board.names)
        known = _TO_ACTIONS[id(board)] = (board, actions, {a: s for s, a in enumerate(actions)})
    return known[1], known[2]


def pick(pid: str) -> str:
    """The `pick:` action of player `pid`."""
    action = _PICKS.get(pid)
    if action is None:
        action = _PICKS[pid] = Verb.PICK.of(pid)
    return action


def to_ids(space: ActionSpace, board: Board, squares: list[int]) -> list[int]:
    """The action ids of the `to:` actions of `squares` (the space lists them in square
    order, so ascending squares give ascending ids)."""
    first = space.id_of(to_actions(board)[0][0])
    return [first + sq for sq in squares]
