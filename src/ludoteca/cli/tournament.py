"""`ludoteca tournament …`: run a Duel or Melee event, or a whole bot event."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress

from ludoteca import games
from ludoteca.agents import make_agent
from ludoteca.cli.options import parse_options
from ludoteca.cli.tournament_views import export_event, print_round, print_standings
from ludoteca.core import IllegalAction, OptionError
from ludoteca.tournament.bots import BotMatch, play_swiss_round, play_top_cut_round
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.melee import MeleeEvent
from ludoteca.tournament.players import Result
from ludoteca.tournament.store import TournamentStore

app = typer.Typer(help="Run tournaments (A Game of Thrones LCG tournament rules).")
console = Console()
DEFAULT_DB = "ludoteca.db"

EventArg = Annotated[str, typer.Argument(help="The event's name.")]


def _store(ctx: typer.Context) -> TournamentStore:
    location: str = ctx.obj["db"]
    return TournamentStore(location)


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
    seed: Annotated[int, typer.Option("--seed")] = 0,
    round_minutes: Annotated[int, typer.Option("--round-minutes")] = 0,
) -> None:
    """Create an event."""
    if kind == "duel":
        event: DuelEvent | MeleeEvent = DuelEvent(name, seed, round_minutes or 60)
    elif kind == "melee":
        if round_minutes not in (0, 105):
            raise OptionError("melee round length is set by the clock (105, 90 or 120 minutes)")
        event = MeleeEvent(name, str(seed))
    else:
        raise OptionError(f"--format must be duel or melee, got {kind!r}")
    _store(ctx).create(kind, event)
    console.print(f"Created {kind} event [bold]{name}[/].")


@app.command("list")
def list_events(ctx: typer.Context) -> None:
    """List the events in the database."""
    for name, kind, revision in _store(ctx).names():
        console.print(f"{name}  ({kind}, {revision} changes)")


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
    with _store(ctx).change(event, "add-player", {"names": names, "group": group}) as current:
        for name in names:
            if isinstance(current, DuelEvent):
                player = current.add_player(_player_id(current, name), name, group=group)
                console.print(f"#{player.number} {player.name} (id {player.id})")
            else:
                console.print(f"#{current.add_player(name)} {name}")


def _player_id(event: DuelEvent, name: str) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "player"
    candidate, n = base, 2
    while candidate in event.players:
        candidate, n = f"{base}-{n}", n + 1
    return candidate


@app.command("pair")
def pair(ctx: typer.Context, event: EventArg) -> None:
    """Pair (Duel) or seat (Melee) the next round and print it."""
    with _store(ctx).change(event, "pair", {}) as current:
        if isinstance(current, DuelEvent):
            current.pair_next_round()
        else:
            current.seat_next_round()
    print_round(console, current, len(current.rounds))


@app.command("repair")
def repair(ctx: typer.Context, event: EventArg) -> None:
    """Duel: pair the open round again (no-shows out, late entries in)."""
    with _store(ctx).change(event, "repair", {}) as current:
        if not isinstance(current, DuelEvent):
            raise OptionError("repair is for Duel events; a melee round is seated once")
        current.redo_pairing()
    print_round(console, current, len(current.rounds))


@app.command("edit-pairings")
def edit_pairings(
    ctx: typer.Context,
    event: EventArg,
    pairs: Annotated[list[str], typer.Argument(help="ID:ID or ID:BYE, one per table.")],
) -> None:
    """Duel: replace the open round's pairings by hand (warned, not refused)."""
    parsed: list[tuple[str, str | None]] = []
    for pair in pairs:
        a, sep, b = pair.partition(":")
        if not sep or not a or not b:
            raise OptionError(f"pairing {pair!r} must be ID:ID or ID:BYE")
        parsed.append((a, None if b.upper() == "BYE" else b))
    with _store(ctx).change(event, "edit-pairings", {"pairs": pairs}) as current:
        if not isinstance(current, DuelEvent):
            raise OptionError("edit-pairings is for Duel events")
        current.set_pairings(parsed)
    print_round(console, current, len(current.rounds))


@app.command("report")
def report(
    ctx: typer.Context,
    event: EventArg,
    round_number: Annotated[int, typer.Argument(help="Round number.")],
    table: Annotated[int, typer.Argument(help="Table number.")],
    result: Annotated[
        str | None,
        typer.Argument(help="Duel: win, loss, draw, timed_win, timed_loss (for the first player)."),
    ] = None,
    power: Annotated[
        list[int] | None,
        typer.Option("--power", help="Final power per seat in seat order (timed Duel; Melee)."),
    ] = None,
) -> None:
    """Report (or correct) a table's result."""
    args = {"round": round_number, "table": table, "result": result, "power": power}
    with _store(ctx).change(event, "report", args) as current:
        if isinstance(current, DuelEvent):
            _report_duel(current, round_number, table, result, power or [])
        else:
            seats = _melee_seats(current, round_number, table)
            if len(power or []) != len(seats):
                raise OptionError(f"give --power once per seat ({len(seats)} seats)")
            current.report(round_number, table, dict(zip(seats, power or [], strict=True)))
    console.print(f"Round {round_number} table {table}: recorded.")


def _melee_seats(event: MeleeEvent, round_number: int, table: int) -> tuple[int, ...]:
    if not 1 <= round_number <= len(event.rounds):
        raise IllegalAction(f"no round {round_number}: {len(event.rounds)} seated so far")
    if not 1 <= table <= len(event.rounds[round_number - 1]):
        raise IllegalAction(f"round {round_number} has no table {table}")
    return tuple(event.rounds[round_number - 1][table - 1].seats)


def _report_duel(
    event: DuelEvent, round_number: int, table: int, result: str | None, power: list[int]
) -> None:
    if power:
        if len(power) != 2 or result is not None:
            raise OptionError("a timed Duel result is --power A --power B, without RESULT")
        console.print(f"Timed result: {event.report_timed(round_number, table, *power).value}")
        return
    try:
        outcome = Result(result or "")
    except ValueError:
        choices = ", ".join(r.value for r in Result)
        raise OptionError(f"result must be one of {choices}; got {result!r}") from None
    if event.top_cut is not None and round_number > len(event.rounds):
        event.report_cut(table, outcome)
    else:
        event.report(round_number, table, outcome)


@app.command("drop")
def drop(ctx: typer.Context, event: EventArg, player: Annotated[str, typer.Argument()]) -> None:
    """Drop a player (Duel: id; Melee: number) from the next round on."""
    with _store(ctx).change(event, "drop", {"player": player}) as current:
        if isinstance(current, DuelEvent):
            current.drop(player)
        else:
            if not player.isdigit():
                raise OptionError(f"a melee player is dropped by number, got {player!r}")
            current.drop(int(player))
    console.print(f"Dropped {player}.")


@app.command("standings")
def standings(ctx: typer.Context, event: EventArg) -> None:
    """Standings with tiebreaks."""
    _, current = _store(ctx).load(event)
    print_standings(console, current)


@app.command("top-cut")
def top_cut(
    ctx: typer.Context,
    event: EventArg,
    size: Annotated[int, typer.Option("--size", help="Duel: 4, 8, ... players.")] = 8,
) -> None:
    """Duel: start the top cut, or pair its next round. Melee: seat the final table."""
    with _store(ctx).change(event, "top-cut", {"size": size}) as current:
        if isinstance(current, MeleeEvent):
            seats = current.seat_final()
            console.print("Final table: " + ", ".join(f"#{n}" for n in seats))
            return
        if current.top_cut is None:
            current.start_top_cut(size)
        else:
            current.advance_cut()
    assert isinstance(current, DuelEvent) and current.top_cut is not None
    for match in current.top_cut.rounds[-1]:
        console.print(f"table {match.table}: {match.a} vs {match.b}")


@app.command("export")
def export(
    ctx: typer.Context,
    event: EventArg,
    path: Annotated[Path, typer.Argument(help="A .json or .csv file.")],
) -> None:
    """Export the event (JSON: everything; CSV: the standings)."""
    _, current = _store(ctx).load(event)
    export_event(current, path)
    console.print(f"Wrote {path}.")


@app.command("run")
def run(
    ctx: typer.Context,
    game: Annotated[str, typer.Option("--game", help="A two-seat ludoteca game.")],
    agents: Annotated[str, typer.Option("--agents", help="One agent per player, comma-separated.")],
    rounds: Annotated[int, typer.Option("--rounds", min=1)] = 3,
    top_cut_size: Annotated[int, typer.Option("--top-cut", help="0: none.")] = 0,
    name: Annotated[str | None, typer.Option("--name")] = None,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    action_limit: Annotated[
        int, typer.Option("--action-limit", help="The round's time limit, in actions.")
    ] = 20_000,
    option: Annotated[list[str] | None, typer.Option("--option", "-o")] = None,
) -> None:
    """Play a whole Duel event between agents and print the standings."""
    specs = [s.strip() for s in agents.split(",") if s.strip()]
    if len(specs) < 2:
        raise OptionError("--agents needs at least two players")
    for spec in specs:
        make_agent(spec)
    event = DuelEvent(name or f"{game}-bots-{seed}", seed)
    agent_of = {}
    for index, spec in enumerate(specs, start=1):
        player = event.add_player(f"p{index}", f"{spec} #{index}")
        agent_of[player.id] = spec
    store = _store(ctx)
    store.create("duel", event)
    per_round = len(specs) // 2
    total = rounds * per_round + max(top_cut_size - 1, 0)
    with Progress(console=console, disable=not console.is_terminal) as progress:
        task = progress.add_task(f"{event.name}", total=total)

        def played(_: BotMatch) -> None:
            progress.advance(task)

        engine = games.load(game, **parse_options(None, option))
        for number in range(1, rounds + 1):  # one transaction per round: nothing is lost
            with store.change(event.name, "bot-round", {"round": number}) as stored:
                assert isinstance(stored, DuelEvent)
                play_swiss_round(stored, engine, agent_of, action_limit, played)
        finished = top_cut_size == 0
        while not finished:
            with store.change(event.name, "bot-top-cut", {"size": top_cut_size}) as stored:
                assert isinstance(stored, DuelEvent)
                finished = play_top_cut_round(
                    stored, engine, agent_of, top_cut_size, action_limit, played
                )
    _, final = store.load(event.name)
    print_standings(console, final)
