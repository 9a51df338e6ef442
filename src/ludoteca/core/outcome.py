"""How a finished game ended: its result, and why it ended."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Termination(StrEnum):
    """What ended a game."""

    RULES = "rules"
    """The rules ended it: there is a result (a winner, or a draw)."""
    LIMIT = "limit"
    """A limit outside the rules stopped it (a simulation's turn limit): no result."""


@dataclass(frozen=True)
class Outcome:
    """The end of a game: each seat's score and return, the winner, and why it ended.

    `reason` says, in the game's own words, which of its rules ended it ("the
    last quarter's clock ran out", "every pawn is out or dead"); `ending` names that
    rule as one of the game's declared endings (`Game.endings`: "golden goal"), so
    endings can be counted and translated; None for a game that declares none, or an
    unfinished game.
    """

    scores: tuple[float, ...]
    returns: tuple[float, ...]
    winner: int | None
    termination: Termination
    reason: str
    ending: str | None = None

    @property
    def unfinished(self) -> bool:
        """True when the game was stopped by a limit, so it has no result."""
        return self.termination is Termination.LIMIT
