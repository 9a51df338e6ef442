"""The organizer's database, and the tables and files they read: rounds, standings, exports."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from ludoteca.core import OptionError
from ludoteca.core.i18n import _
from ludoteca.core.text import spreadsheet_cell
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.melee import MeleeEvent
from ludoteca.tournament.rows import standings_rows
from ludoteca.tournament.store import TournamentStore

DEFAULT_DB = "ludoteca.db"


def store_of(ctx: typer.Context) -> TournamentStore:
    """The database named by the `tournament --db` option."""
    location: str = ctx.obj["db"]
    return TournamentStore(location)


def print_round(console: Console, event: DuelEvent | MeleeEvent, number: int) -> None:
    """Pairings (Duel) or seatings (Melee) of round `number`, with any warnings."""
    table = Table(title=f"{event.name}: round {number}")
    if isinstance(event, DuelEvent):
        rnd = event.rounds[number - 1]
        for column in ("table", "player", "opponent", "result"):
            table.add_column(column)
        for match in rnd.matches:
            opponent = "BYE" if match.b is None else _duel_name(event, match.b)
            result = "-" if match.result is None else match.result.value
            table.add_row(str(match.table), _duel_name(event, match.a), opponent, result)
        console.print(table)
        for warning in rnd.warnings:
            console.print(f"warning: {warning}", style="yellow")
        return
    for column in ("table", "seats (in order)", "powers"):
        table.add_column(column)
    for index, seated in enumerate(event.rounds[number - 1], start=1):
        names = ", ".join(f"#{n} {event.player(n).name}" for n in seated.seats)
        powers = "-" if seated.powers is None else " ".join(map(str, seated.powers))
        table.add_row(str(index), names, powers)
    console.print(table)


def _duel_name(event: DuelEvent, player_id: str) -> str:
    player = event.players[player_id]
    return f"#{player.number} {player.name}"


def print_standings(console: Console, event: DuelEvent | MeleeEvent) -> None:
    """The standings table."""
    rows = standings_rows(event)
    table = Table(title=f"{event.name}: standings")
    if not rows:
        console.print("No players yet.")
        return
    for column in rows[0]:
        table.add_column(column)
    for row in rows:
        table.add_row(*(str(value) for value in row.values()))
    console.print(table)


def export_event(event: DuelEvent | MeleeEvent, path: Path) -> None:
    """JSON: the whole event and its standings; CSV: the standings."""
    if path.suffix == ".json":
        data = {"event": event.to_dict(), "standings": standings_rows(event)}
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        return
    if path.suffix != ".csv":
        raise OptionError(_("export to a .json or .csv file, not {name}", name=repr(path.name)))
    rows = standings_rows(event)
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]) if rows else ["rank"])
        writer.writeheader()
        writer.writerows({k: spreadsheet_cell(v) for k, v in row.items()} for row in rows)
