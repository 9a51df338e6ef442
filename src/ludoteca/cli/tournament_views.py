"""The organizer's database, and the tables and files they read: rounds, standings, exports."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from ludoteca.core import OptionError
from ludoteca.core.i18n import N_, _
from ludoteca.core.text import spreadsheet_cell
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.melee import MeleeEvent
from ludoteca.tournament.nrtm import export_nrtm
from ludoteca.tournament.rows import column_label, standings_rows
from ludoteca.tournament.store import TournamentStore

DEFAULT_DB = "ludoteca.db"


def store_of(ctx: typer.Context) -> TournamentStore:
    """The database named by the `tournament --db` option."""
    location: str = ctx.obj["db"]
    return TournamentStore(location)


def print_round(console: Console, event: DuelEvent | MeleeEvent, number: int) -> None:
    """Pairings (Duel: a Swiss round, or a top-cut round after them) or seatings (Melee)
    of round `number`, with any warnings."""
    table = Table(title=_("{event}: round {number}", event=event.name, number=number))
    if isinstance(event, DuelEvent):
        cut, swiss = event.top_cut, len(event.rounds)
        if cut is not None and number > swiss:
            table.title = f"{event.name}: {cut.label(number - swiss)}"
            matches, warnings = cut.rounds[number - swiss - 1], []
        else:
            matches, warnings = event.rounds[number - 1].matches, event.rounds[number - 1].warnings
        for column in (N_("table"), N_("player"), N_("opponent"), N_("result")):
            table.add_column(_(column))
        for match in matches:
            opponent = _("BYE") if match.b is None else _duel_name(event, match.b)
            result = "-" if match.result is None else match.result.value
            table.add_row(str(match.table), _duel_name(event, match.a), opponent, result)
        console.print(table)
        for warning in warnings:
            console.print(_("warning: {warning}", warning=warning), style="yellow")
        return
    for column in (N_("table"), N_("seats (in order)"), N_("powers")):
        table.add_column(_(column))
    for index, seated in enumerate(event.rounds[number - 1], start=1):
        names = ", ".join(f"#{n} {event.player(n).name}" for n in seated.seats)
        powers = "-" if seated.powers is None else " ".join(map(str, seated.powers))
        table.add_row(str(index), names, powers)
    console.print(table)


def _duel_name(event: DuelEvent, player_id: str) -> str:
    player = event.players[player_id]
    return f"#{player.number} {player.name}"


def print_standings(console: Console, event: DuelEvent | MeleeEvent) -> None:
    """The standings table (names without ids, a dropped player marked by his name, to fit
    a terminal): by final place, first column, once the cut or final table is decided."""
    rows = [_compact(row) for row in standings_rows(event)]
    table = Table(
        title=_("{event}: standings", event=event.name),
        box=box.SIMPLE_HEAD,
        collapse_padding=True,
        pad_edge=False,
    )
    if not rows:
        console.print(_("No players yet."))
        return
    for column in rows[0]:
        if column == "player":
            table.add_column(column_label(column), min_width=14, overflow="fold")
        else:
            table.add_column(column_label(column), no_wrap=True)
    for row in rows:
        table.add_row(*(_cell(value) for value in row.values()))
    console.print(table)


def _compact(row: dict[str, object]) -> dict[str, object]:
    out = {k: v for k, v in row.items() if k not in ("id", "dropped")}
    if row.get("dropped"):
        out["player"] = f"{out['player']} ({_(N_('dropped'))})"
    return out


def _cell(value: object) -> str:
    """A standings value as people read it (yes or no for a flag)."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


def export_event(event: DuelEvent | MeleeEvent, path: Path) -> None:
    """JSON: the whole event and its standings (stable English keys, for programs); CSV:
    the standings, headed in the reader's language (for people and spreadsheets)."""
    if path.name.endswith(".nrtm.json"):
        if not isinstance(event, DuelEvent):
            raise OptionError(_("NRTM files hold Duel events"))
        path.write_text(json.dumps(export_nrtm(event), indent=1) + "\n", encoding="utf-8")
        return
    if path.suffix == ".json":
        data = {"event": event.to_dict(), "standings": standings_rows(event)}
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        return
    if path.suffix != ".csv":
        raise OptionError(_("export to a .json or .csv file, not {name}", name=repr(path.name)))
    rows = standings_rows(event)
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow([column_label(key) for key in (rows[0] if rows else ["rank"])])
        writer.writerows([spreadsheet_cell(_cell(value)) for value in row.values()] for row in rows)
