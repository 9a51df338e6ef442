"""Futebol's pawns and sides: names, indices and the places a pawn can be."""

from __future__ import annotations

from typing import Literal

from ludoteca.core.i18n import T, Text

Side = Literal["Blue", "Orange"]
Status = Literal["bench", "pitch", "off", "expelled"]

PAWNS_PER_SIDE = 7
SIDE_NAMES: tuple[Side, Side] = ("Blue", "Orange")
SIDES = (T("Blue"), T("Orange"))
"""The sides in the log (their pawns' colours), translated when read."""
PAWN_LETTERS = "BO"


def player(pawn: int) -> Text:
    """A pawn with its side, for the log: "Blue B4" (made once a pawn: a game logs one
    for most of its thousands of lines, and a `Text` never changes)."""
    if 0 <= pawn < len(_PLAYERS):
        return _PLAYERS[pawn]
    return T("{side} {pawn}", side=SIDES[pawn // PAWNS_PER_SIDE], pawn=pawn_name(pawn))


def pawn_name(pawn: int) -> str:
    """`B1`..`B7` for Blue's pawns 0-6, `O1`..`O7` for Orange's pawns 7-13."""
    return f"{PAWN_LETTERS[pawn // PAWNS_PER_SIDE]}{pawn % PAWNS_PER_SIDE + 1}"


def pawn_index(name: str) -> int:
    """The pawn index of a name like `B3`, or -1."""
    if len(name) != 2 or name[0] not in PAWN_LETTERS or not "1" <= name[1] <= "7":
        return -1
    return PAWN_LETTERS.index(name[0]) * PAWNS_PER_SIDE + int(name[1]) - 1


_PLAYERS = tuple(
    T("{side} {pawn}", side=SIDES[pawn // PAWNS_PER_SIDE], pawn=pawn_name(pawn))
    for pawn in range(2 * PAWNS_PER_SIDE)
)

BENCH, PITCH, OFF, EXPELLED = 0, 1, 2, 3
"""A pawn's status: on its substitution space, on the pitch, substituted, sent off."""
STATUS_NAMES: tuple[Status, ...] = ("bench", "pitch", "off", "expelled")
PAWNS = 2 * PAWNS_PER_SIDE
SUB = PAWNS_PER_SIDE - 1
"""The seventh pawn of a side starts on its substitution space."""
