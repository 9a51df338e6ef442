"""A game's own commands in the `ludoteca` CLI (`ludoteca league …` for Touch down).

A game package declares a factory in the `ludoteca.commands` entry point group
(`league = "ludoteca.games.touchdown.commands:commands"`). The CLI calls it with a
`CommandKit` and adds the command group it returns under the entry point's name. The
kit is how a game's commands print, read options and play a match in the terminal
without importing the CLI (a game depends on `ludoteca.core` only).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from ludoteca.core.game import Game, State

GROUP = "ludoteca.commands"
"""The entry point group of games' command factories."""


class CommandKit(Protocol):
    """What the `ludoteca` command lends a game's commands."""

    def say(self, text: str, *, style: str | None = None) -> None:
        """Print a line; `text` is printed as it is (user text is never markup)."""

    def table(self, title: str, columns: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        """Print a table of text cells."""

    def options(self, pairs: Sequence[str] | None) -> dict[str, str]:
        """`--option key=value` words as a game-options mapping (`OptionError` if bad)."""

    def play(self, game: Game, seats: Sequence[str] | None, seed: int, save: Path | None) -> State:
        """Play a match in the terminal as `ludoteca play` does: `seats` are `SEAT=AGENT`
        words (default: you in seat 0, random players elsewhere), a negative `seed` draws
        one, and `save` writes the replay. Returns the state, finished or not."""
