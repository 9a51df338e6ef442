"""`ludoteca tournament reinstate | undo | slips`: the organizer's corrections and the match
slips (`tournament/day.py`); each change goes through the event's journal."""

from __future__ import annotations

from typing import Annotated

import typer

from ludoteca.cli.console import text_console
from ludoteca.cli.tournament_views import store_of
from ludoteca.core import OptionError
from ludoteca.core.i18n import _
from ludoteca.tournament.day import slips as round_slips
from ludoteca.tournament.day import take_back
from ludoteca.tournament.duel import DuelEvent

console = text_console()
EventArg = Annotated[str, typer.Argument(help="The event's name.")]


def reinstate(
    ctx: typer.Context, event: EventArg, player: Annotated[str, typer.Argument()]
) -> None:
    """Bring back a dropped player (Duel: id; Melee: number) before the next pairing."""
    with store_of(ctx).change(event, "reinstate", {"player": player}) as record:
        if isinstance(record.event, DuelEvent):
            record.event.reinstate(player)
        elif player.isdigit():
            record.event.reinstate(int(player))
        else:
            raise OptionError(
                _("a melee player is named by number, got {player}", player=repr(player))
            )
    console.print(_("{player} is back in the event.", player=player))


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
        for seat in slip.seats:
            console.print(_("  {seat}: result ______  signature ______________", seat=seat))
        console.print("-" * 60)
