"""The CLI's `CommandKit`: what games' own commands print and play with."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from importlib.metadata import entry_points
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from ludoteca.cli.console import text_console
from ludoteca.cli.options import parse_options
from ludoteca.cli.play import play_terminal, seat_listing, terminal_seats
from ludoteca.core import Game, State
from ludoteca.core.commands import GROUP, CommandKit


class TerminalKit:
    """A `CommandKit` on the terminal: plain-text console, the CLI's option words and
    its terminal play."""

    def __init__(self) -> None:
        self.console = text_console()

    def say(self, text: str, *, style: str | None = None) -> None:
        """Print `text` as it is."""
        self.console.print(text, style=style)

    def table(self, title: str, columns: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        """Print a table of text cells."""
        table = Table(title=title)
        for column in columns:
            table.add_column(column)
        for row in rows:
            table.add_row(*row)
        self.console.print(table)

    def options(self, pairs: Sequence[str] | None) -> dict[str, str]:
        """`key=value` words as options."""
        return parse_options(None, list(pairs or []))

    def play(self, game: Game, seats: Sequence[str] | None, seed: int, save: Path | None) -> State:
        """One terminal match, as `ludoteca play`."""
        chosen, seed = terminal_seats(list(seats or []) or None, game, seed)
        self.say(seat_listing(game, chosen, seed), style="bold")
        # `play_terminal` styles with markup and escapes the text it prints itself.
        return play_terminal(game, chosen, seed, Console(), save)


def add_game_commands(app: typer.Typer, kit: CommandKit) -> None:
    """Add every installed game's command group to `app`; a broken one is left out and
    logged, as a broken game is left out of the lobby."""
    log = logging.getLogger("ludoteca.cli")
    taken = {c.name or (c.callback.__name__ if c.callback else "") for c in app.registered_commands}
    taken |= {g.name or "" for g in app.registered_groups}
    for point in entry_points(group=GROUP):
        if point.name in taken:
            log.warning("commands '%s' (%s) left out: the name is taken", point.name, point.value)
            continue
        try:
            factory: Callable[[CommandKit], object] = point.load()
            group = factory(kit)
        except Exception as exc:
            log.warning("commands '%s' (%s) did not load: %r", point.name, point.value, exc)
            continue
        if not isinstance(group, typer.Typer):
            log.warning("commands '%s' (%s) is not a typer.Typer", point.name, point.value)
            continue
        app.add_typer(group, name=point.name)
        taken.add(point.name)
