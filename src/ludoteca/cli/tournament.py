"""`ludoteca tournament …`: an organizer runs a Duel or Melee event from the terminal."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from ludoteca.cli import tournament_day, tournament_tools
from ludoteca.cli.console import text_console
from ludoteca.cli.tournament_views import (
    DEFAULT_DB,
    export_event,
    print_round,
    print_standings,
    store_of,
)
from ludoteca.core import IllegalAction, OptionError
from ludoteca.core.datafile import read_bounded
from ludoteca.core.i18n import _, ngettext
from ludoteca.tournament import rulesets
from ludoteca.tournament.day import report_duel
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.event_rules import EventStaff, parse_tier
from ludoteca.tournament.melee import MeleeEvent, MeleeTable
from ludoteca.tournament.players import Result, Score
from ludoteca.tournament.registration import read_signups, register
from ludoteca.tournament.scoring import timed_result
from ludoteca.tournament.store import Tournament

MAX_SHEET = 2_000_000
"""Bytes of a sign-up sheet: a thousand players' rows are well under 100 KB."""

app = typer.Typer(
    help="Run tournaments: Duel under a rule set (agot, cobra, mtg, mtg-topdeck) and Melee (agot).",
    rich_markup_mode="markdown",
)
console = text_console()
EventArg = Annotated[str, typer.Argument(help="The event's name.")]


@app.callback()
def options(
    ctx: typer.Context,
    db: Annotated[
        str | None,
        typer.Option("--db", help="Database file or URL (default $LUDOTECA_DB or ludoteca.db)."),
    ] = None,
) -> None:
    """Events are kept in a SQLite database; every change is saved at once."""
    ctx.obj = {"db": db or os.environ.get("LUDOTECA_DB", DEFAULT_DB)}


@app.command("new")
def new(
    ctx: typer.Context,
    name: EventArg,
    kind: Annotated[str, typer.Option("--format", help="duel or melee")] = "duel",
    tier: Annotated[str, typer.Option("--tier", help="local, regional, national, world")] = (
        "local"
    ),
    seed: Annotated[int, typer.Option("--seed")] = 0,
    round_minutes: Annotated[
        int | None, typer.Option("--round-minutes", help="Duel 60, melee 105; or 90, 120.")
    ] = None,
    rules: Annotated[
        str, typer.Option("--rules", help="Duel rule set: agot (default), cobra, mtg, mtg-topdeck.")
    ] = rulesets.DEFAULT,
) -> None:
    """Create an event."""
    staff = EventStaff(parse_tier(tier))
    if kind == "duel":
        event: DuelEvent | MeleeEvent = DuelEvent(name, seed, round_minutes or 60, rules)
    elif rules != rulesets.DEFAULT:
        raise OptionError(_("--rules is for Duel events; Melee follows agot"))
    elif kind == "melee":
        event = MeleeEvent(name, str(seed), minutes=round_minutes or 105)
    else:
        raise OptionError(_("--format must be duel or melee, got {kind}", kind=repr(kind)))
    store_of(ctx).create(Tournament(kind, event, staff))
    console.print(_("Created {kind} event {name} ({tier}).", kind=kind, name=name, tier=tier))


@app.command("list")
def list_events(ctx: typer.Context) -> None:
    """List the events in the database."""
    for name, kind, revision in store_of(ctx).names():
        console.print(
            _("{name}  ({kind}, {revision} changes)", name=name, kind=kind, revision=revision)
        )


@app.command("add-staff")
def add_staff(
    ctx: typer.Context,
    event: EventArg,
    name: Annotated[str, typer.Argument(help="The person's name.")],
    role: Annotated[str, typer.Option("--role", help="organizer or judge")] = "organizer",
    announce: Annotated[
        bool, typer.Option("--announce", help="Announce this organizer to all (before round 1).")
    ] = False,
) -> None:
    """Register an organizer or a judge (Premium events: staff may not play)."""
    with store_of(ctx).change(event, "add-staff", {"name": name, "role": role}) as record:
        if role == "organizer":
            record.staff.add_organizer(name, announce=announce)
        elif role == "judge":
            record.staff.add_judge(name)
        else:
            raise OptionError(_("--role must be organizer or judge, got {role}", role=repr(role)))
    if role == "organizer":
        console.print(_("{name} is an organizer.", name=name))
    else:
        console.print(_("{name} is a judge.", name=name))


@app.command("import-players")
def import_players(
    ctx: typer.Context,
    event: EventArg,
    sheet: Annotated[Path, typer.Argument(help="A sign-up sheet (.csv): name, group, ...")],
) -> None:
    """Register a sign-up sheet (CSV) whole; a bad row registers nobody.

    A 'name' column, and optionally group, faction, agenda and deck; comma, semicolon or
    tab separated."""
    signups = read_signups(read_bounded(sheet, _("sign-up sheet"), MAX_SHEET))
    with store_of(ctx).change(event, "import-players", {"sheet": sheet.name}) as record:
        count = register(record.event, record.staff, signups)
    console.print(
        ngettext(
            "{n} player registered from {name}.",
            "{n} players registered from {name}.",
            count,
            name=sheet.name,
        )
    )


@app.command("add-player")
def add_player(
    ctx: typer.Context,
    event: EventArg,
    names: Annotated[list[str], typer.Argument(help="Player names.")],
    group: Annotated[
        str | None, typer.Option("--group", help="Keep apart in round 1 (Duel).")
    ] = None,
) -> None:
    """Register players (after round 1: late entries)."""
    with store_of(ctx).change(event, "add-player", {"names": names, "group": group}) as record:
        for name in names:
            record.staff.register_player(name)
            current = record.event
            if isinstance(current, DuelEvent):
                player = current.add_player(current.new_player_id(name), name, group=group)
                console.print(
                    _(
                        "#{number} {name} (id {id})",
                        number=player.number,
                        name=player.name,
                        id=player.id,
                    )
                )
            else:
                console.print(f"#{current.add_player(name)} {name}")


@app.command("pair")
def pair(ctx: typer.Context, event: EventArg) -> None:
    """Pair (Duel) or seat (Melee) the next round and print it."""
    with store_of(ctx).change(event, "pair", {}) as record:
        record.staff.start()
        record.round_started_at = None
        if isinstance(record.event, DuelEvent):
            record.event.pair_next_round()
        else:
            record.event.seat_next_round()
    print_round(console, record.event, len(record.event.rounds))


@app.command("repair")
def repair(ctx: typer.Context, event: EventArg) -> None:
    """Duel: pair the open round again (no-shows out, late entries in)."""
    with store_of(ctx).change(event, "repair", {}) as record:
        _duel(record).redo_pairing()
    print_round(console, record.event, len(record.event.rounds))


@app.command("edit-pairings")
def edit_pairings(
    ctx: typer.Context,
    event: EventArg,
    pairs: Annotated[
        list[str],
        typer.Argument(help="A:B or A:BYE, players by name, number or id; one per table."),
    ],
) -> None:
    """Duel: edit the open round's pairings by hand: the pairs given replace their players'
    tables, the others stay (rematches are warned of, not refused)."""
    parsed: list[tuple[str, str | None]] = []
    for pair_text in pairs:
        a, sep, b = pair_text.partition(":")
        if not sep or not a or not b:
            raise OptionError(
                _("pairing {pair_text} must be A:B or A:BYE", pair_text=repr(pair_text[:64]))
            )
        parsed.append((a, None if b.upper() == "BYE" else b))
    with store_of(ctx).change(event, "edit-pairings", {"pairs": pairs}) as record:
        _duel(record).set_pairings(parsed)
    print_round(console, record.event, len(record.event.rounds))


def _duel(record: Tournament) -> DuelEvent:
    if not isinstance(record.event, DuelEvent):
        raise OptionError(
            _("{name} is a melee event: this command is for Duel events", name=repr(record.name))
        )
    return record.event


@app.command("report")
def report(
    ctx: typer.Context,
    event: EventArg,
    round_number: Annotated[int, typer.Argument(help="Round number (top cut: after Swiss).")],
    table: Annotated[int, typer.Argument(help="Table number.")],
    result: Annotated[
        str | None,
        typer.Argument(
            help="Duel: win, loss, draw, timed_win, timed_loss (agot); a score such as 2-1 "
            "(mtg: games) or 6-0 (cobra: points); for the first player."
        ),
    ] = None,
    power: Annotated[
        list[int] | None,
        typer.Option("--power", help="Final power per seat in seat order (timed Duel; Melee)."),
    ] = None,
) -> None:
    """Report (or correct) a table's result."""
    args = {"round": round_number, "table": table, "result": result, "power": power}
    with store_of(ctx).change(event, "report", args) as record:
        if isinstance(record.event, DuelEvent):
            _report_duel(record.event, round_number, table, result, power or [])
        else:
            _report_melee(record.event, round_number, table, power or [])
    console.print(
        _("Round {round_number} table {table}: recorded.", round_number=round_number, table=table)
    )


def _report_melee(event: MeleeEvent, round_number: int, table: int, power: list[int]) -> None:
    """A preliminary table, or the final table (the round after the last preliminary);
    a table already reported is corrected."""
    if event.final is not None and round_number == len(event.rounds) + 1:
        if table != 1:
            raise IllegalAction(_("the final table is table 1"))
        powers = _powers(tuple(event.final.seats), power)
        event.report_final(powers, correct=event.final.powers is not None)
        return
    seated = _melee_table(event, round_number, table)
    powers = _powers(tuple(seated.seats), power)
    if seated.powers is None:
        event.report(round_number, table, powers)
    else:
        event.correct(round_number, table, powers)


def _powers(seats: tuple[int, ...], power: list[int]) -> dict[int, int]:
    if len(power) != len(seats):
        raise OptionError(_("give --power once per seat ({n_seats} seats)", n_seats=len(seats)))
    return dict(zip(seats, power, strict=True))


def _melee_table(event: MeleeEvent, round_number: int, table: int) -> MeleeTable:
    if not 1 <= round_number <= len(event.rounds):
        raise IllegalAction(
            _(
                "no round {round_number}: {n_rounds} seated so far",
                round_number=round_number,
                n_rounds=len(event.rounds),
            )
        )
    if not 1 <= table <= len(event.rounds[round_number - 1]):
        raise IllegalAction(
            _("round {round_number} has no table {table}", round_number=round_number, table=table)
        )
    return event.rounds[round_number - 1][table - 1]


def _report_duel(
    event: DuelEvent, round_number: int, table: int, result: str | None, power: list[int]
) -> None:
    """A Swiss round's table or, after the Swiss rounds, the cut round in play's."""
    if power:
        if len(power) != 2 or result is not None:
            raise OptionError(_("a timed Duel result is --power A --power B, without RESULT"))
        if event.rules.report != "result":
            raise IllegalAction(
                _("{rules} has no timed results: report the score", rules=event.rules.name)
            )
        outcome: Result | Score = timed_result(*power)
        console.print(_("Timed result: {value}", value=outcome.value))
    elif event.rules.report != "result":
        outcome = event.rules_for(round_number).parse(result or "")
    else:
        try:
            outcome = Result(result or "")
        except ValueError:
            choices = ", ".join(r.value for r in Result)
            raise OptionError(
                _(
                    "result must be one of {choices}; got {result}",
                    choices=choices,
                    result=repr(result),
                )
            ) from None
    report_duel(event, round_number, table, outcome)


@app.command("drop")
def drop(
    ctx: typer.Context,
    event: EventArg,
    player: Annotated[str, typer.Argument(help="The player's name, number or (Duel) id.")],
) -> None:
    """Drop a player from the next round on."""
    with store_of(ctx).change(event, "drop", {"player": player}) as record:
        if isinstance(record.event, DuelEvent):
            name = record.event.find_player(player).name
            record.event.drop(player)
        else:
            number = record.event.find_player(player)
            name = record.event.player(number).name
            record.event.drop(number)
    console.print(_("Dropped {player}.", player=name))


@app.command("standings")
def standings(ctx: typer.Context, event: EventArg) -> None:
    """Standings with tiebreaks."""
    print_standings(console, store_of(ctx).load(event).event)


@app.command("top-cut")
def top_cut(
    ctx: typer.Context,
    event: EventArg,
    size: Annotated[int, typer.Option("--size", help="Duel: 4, 8, ... players.")] = 8,
    games: Annotated[
        int | None,
        typer.Option("--games", help="Duel under mtg: cut matches best of 3 or 5 from now on."),
    ] = None,
) -> None:
    """Duel: start the top cut, or pair its next round. Melee: seat the final table."""
    with store_of(ctx).change(event, "top-cut", {"size": size, "games": games}) as record:
        current = record.event
        if isinstance(current, MeleeEvent):
            seats = current.seat_final()
            names = ", ".join(f"#{n} {current.player(n).name}" for n in seats)
            console.print(_("Final table: {names}", names=names))
            return
        if current.top_cut is None:
            current.start_top_cut(size, games)
        else:
            current.advance_cut(games)
    assert isinstance(current, DuelEvent) and current.top_cut is not None
    print_round(console, current, len(current.rounds) + len(current.top_cut.rounds))


@app.command("export")
def export(
    ctx: typer.Context,
    event: EventArg,
    path: Annotated[Path, typer.Argument(help="A .json or .csv file.")],
) -> None:
    """Export the event (JSON: everything; CSV: the standings)."""
    export_event(store_of(ctx).load(event).event, path)
    console.print(_("Wrote {path}.", path=str(path)))


app.command("reinstate")(tournament_day.reinstate)
app.command("undo")(tournament_day.undo)
app.command("slips")(tournament_day.slips)
app.command("import")(tournament_day.import_event)
app.command("run")(tournament_tools.run)
app.command("clock")(tournament_tools.clock)
app.command("check-deck")(tournament_tools.check_deck)
app.command("champion")(tournament_tools.champion)
