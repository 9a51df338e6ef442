"""`ludoteca tournament reinstate | undo | slips | import`: the organizer's corrections, the
match slips (`tournament/day.py`) and an event taken over from an NRTM file; each change
goes through the event's journal."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ludoteca.cli.console import text_console
from ludoteca.cli.tournament_views import store_of
from ludoteca.core.datafile import parse_json, read_bounded
from ludoteca.core.i18n import _
from ludoteca.tournament.day import slips as round_slips
from ludoteca.tournament.day import take_back
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.event_rules import EventStaff, Tier
from ludoteca.tournament.nrtm import check, float_noise, import_nrtm
from ludoteca.tournament.store import Tournament

MAX_FILE = 5_000_000
"""An NRTM file of a large event is well under a megabyte."""

console = text_console()
EventArg = Annotated[str, typer.Argument(help="The event's name.")]


def reinstate(
    ctx: typer.Context,
    event: EventArg,
    player: Annotated[str, typer.Argument(help="The player's name, number or (Duel) id.")],
) -> None:
    """Bring back a dropped player (Duel: until the top cut; Melee: before the next
    seating)."""
    with store_of(ctx).change(event, "reinstate", {"player": player}) as record:
        current = record.event
        if isinstance(current, DuelEvent):
            name = current.find_player(player).name
            current.reinstate(player)
        else:
            number = current.find_player(player)
            name = current.player(number).name
            current.reinstate(number)
    console.print(_("{player} is back in the event.", player=name))


def undo(
    ctx: typer.Context,
    event: EventArg,
    round_number: Annotated[int, typer.Argument(help="Round number (top cut: after Swiss).")],
    table: Annotated[int, typer.Argument(help="Table number.")],
) -> None:
    """Take back a result of the round in play (typed by mistake)."""
    args = {"round": round_number, "table": table}
    with store_of(ctx).change(event, "undo", args) as record:
        take_back(record.event, round_number, table)
    console.print(
        _(
            "Round {round_number} table {table}: result taken back.",
            round_number=round_number,
            table=table,
        )
    )


def slips(
    ctx: typer.Context,
    event: EventArg,
    round_number: Annotated[
        int | None, typer.Option("--round", help="The round (default: the latest).")
    ] = None,
) -> None:
    """Print a match slip per table of a round, for the players to fill in and sign."""
    record = store_of(ctx).load(event)
    for slip in round_slips(record.event, round_number):
        console.print(
            _(
                "{event} — round {number}, table {table}",
                event=record.event.name,
                number=slip.round_number,
                table=slip.table,
            )
        )
        boxes = "  ".join(f"{_(field)} ______" for field in slip.fields)
        for seat in slip.seats:
            console.print(_("  {seat}: {boxes}  signature ______________", seat=seat, boxes=boxes))
        console.print("-" * 60)


def import_event(
    ctx: typer.Context,
    path: Annotated[Path, typer.Argument(help="An NRTM file (.json), as Cobra exports it.")],
    name: Annotated[str | None, typer.Option("--name", help="The event's name here.")] = None,
) -> None:
    """Take over a Netrunner event from its NRTM file (as Cobra exports it).

    Its players, Swiss rounds and cut become a `cobra` event here; where the recomputed
    standings differ from the file's, they are named."""
    data = parse_json(
        read_bounded(path, _("NRTM file"), MAX_FILE), _("NRTM file {path}", path=str(path))
    )
    event = import_nrtm(data, name)
    store_of(ctx).create(Tournament("duel", event, EventStaff(Tier.LOCAL)))
    console.print(
        _(
            "Imported {name}: {players} players, {rounds} Swiss rounds.",
            name=event.name,
            players=len(event.players),
            rounds=len(event.rounds),
        )
    )
    if event.top_cut is not None:
        console.print(
            _(
                "Top {size} cut: {rounds} rounds played.",
                size=len(event.top_cut.seeds),
                rounds=len(event.top_cut.rounds),
            )
        )
    for difference in check(event, data):
        console.print(_("differs from the file: {what}", what=difference), style="yellow")
    noise = float_noise(data)
    if noise:
        console.print(
            _(
                "The file ranks {names} in an order its own numbers do not decide (they"
                " differ by a rounding error); here they are ranked by their next tiebreak.",
                names=", ".join(noise),
            ),
            style="dim",
        )
