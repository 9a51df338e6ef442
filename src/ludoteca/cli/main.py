"""The `ludoteca` command: games, play, simulate, balance, bench, replay."""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ludoteca import games
from ludoteca.agents import split_specs
from ludoteca.cli.balance import AddressOpt, BackendOpt, WorkersOpt, balance_command
from ludoteca.cli.kit import TerminalKit, add_game_commands
from ludoteca.cli.language import LocalizedGroup, environment_language
from ludoteca.cli.new_game import new_game
from ludoteca.cli.options import OptionOpt, SeedOpt, VariantOpt, game_options, parse_options
from ludoteca.cli.play import picture, play_terminal, seat_listing, terminal_seats
from ludoteca.cli.report import RecordWriter, games_progress, print_summary
from ludoteca.cli.tournament import app as tournament_app
from ludoteca.cli.tune import tune_command
from ludoteca.cli.web import serve as serve_command
from ludoteca.core import LudotecaError, OptionError, Replay, i18n, native
from ludoteca.core.i18n import N_, _
from ludoteca.sim.arena import run_arena, seatings
from ludoteca.sim.parallel import GameRecord, simulate_run
from ludoteca.sim.playout import random_playout

app = typer.Typer(
    cls=LocalizedGroup,
    help="ludoteca: tabletop games played by their rulebooks.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",  # a docstring's paragraphs reflow to the terminal
)
app.add_typer(tournament_app, name="tournament")
app.command("balance")(balance_command)
app.command("tune")(tune_command)
app.command("serve")(serve_command)
app.command("new-game")(new_game)
console = Console()
errors = Console(stderr=True)
GAME_COLUMNS = (
    N_("name"),
    N_("title"),
    N_("seats"),
    N_("hidden info"),
    N_("chance"),
    N_("variants"),
    N_("options"),
)
ARENA_COLUMNS = (N_("agent"), N_("games"), N_("score rate"), N_("95% interval"), N_("Elo"))


@app.callback()
def language(
    lang: str | None = typer.Option(
        None,
        "--lang",
        metavar="LANG",
        help=f"The language to write in: {', '.join(i18n.locales())} (default: from LC_ALL, "
        "LC_MESSAGES or LANG, else en).",
    ),
) -> None:
    """ludoteca: tabletop games played by their rulebooks."""
    if lang is not None:
        chosen = i18n.best_match([lang])
        if chosen is None:
            raise typer.BadParameter(
                f"unknown language '{lang}' (languages: {', '.join(i18n.locales())})",
                param_hint="'--lang'",
            )
    else:
        chosen = environment_language(os.environ)
    i18n.set_current(chosen)


@app.command("games")
def list_games(
    game: Annotated[
        str | None, typer.Argument(help="A game: show its options in full.", show_default=False)
    ] = None,
) -> None:
    """List the registered games with their seats, properties and options."""
    if game is not None:
        from ludoteca.cli.game_options import options_table

        console.print(options_table(game))
        return
    table = Table(title=_("ludoteca games"))
    for column in GAME_COLUMNS:
        table.add_column(_(column))
    for name in games.names():
        try:
            info = games.info(name)
        except LudotecaError as exc:
            warning = _("warning:")
            errors.print(f"[yellow]{warning}[/] {escape(str(exc))}", highlight=False)
            continue
        seats = f"{info.min_seats}" + (
            f"-{info.max_seats}" if info.max_seats != info.min_seats else ""
        )
        options = ", ".join(f"{o.name}={o.default}" for o in info.options if o.name != "variant")
        table.add_row(
            name,
            info.title,
            seats,
            _("yes") if info.hidden_information else _("no"),
            _("yes") if info.chance else _("no"),
            ", ".join(info.variants) or "-",
            options or "-",
        )
    console.print(table)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game name (see `ludoteca games`).")],
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat",
            help="SEAT=human, SEAT=LEVEL (random, easy, medium, hard) or SEAT=AGENT; repeatable.",
        ),
    ] = None,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    seed: SeedOpt = -1,
    save: Annotated[Path | None, typer.Option("--save", help="Write the replay here.")] = None,
) -> None:
    """Play in the terminal: seat 0 is you, the others random, unless --seat says otherwise."""
    engine = games.load(game, **game_options(game, parse_options(variant, option)))
    seats, seed = terminal_seats(seat, engine, seed)
    said = seat_listing(engine, seats, seed)
    console.print(f"[bold]{escape(engine.info.title)}[/] — {escape(said)}")
    play_terminal(engine, seats, seed, console, save)


@app.command("simulate")
def simulate_command(
    game: Annotated[str, typer.Argument(help="Game name.")],
    n: Annotated[int, typer.Option("-n", min=1, help="Number of games.")] = 100,
    agents: Annotated[
        str, typer.Option("--agents", help="One agent per seat, comma-separated.")
    ] = "",
    variant: VariantOpt = None,
    option: OptionOpt = None,
    seed: SeedOpt = 0,
    workers: Annotated[
        int, typer.Option("--workers", min=0, help="Processes (0: one per core).")
    ] = 0,
    records: Annotated[
        Path | None,
        typer.Option("--records", help="Per-game records: a .csv, .jsonl or .parquet file."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    """Play N games between agents: win rates, mean scores, game length, statistics."""
    options = game_options(game, parse_options(variant, option))
    engine = games.load(game, **options)
    specs = split_specs(agents) or ["random"] * engine.num_seats
    with (
        RecordWriter(records) as writer,
        games_progress(errors, as_json or not errors.is_terminal) as progress,
    ):
        task = progress.add_task(_("simulating {game}", game=game), total=n)

        def advance(record: GameRecord) -> None:
            writer.write(record)
            progress.advance(task)

        summary = simulate_run(
            game,
            options,
            specs,
            n,
            seed,
            workers or None,
            advance,
            backend=backend,
            address=address,
        )
    report = summary.to_json()
    if as_json:
        console.print_json(json.dumps(report))
        return
    print_summary(console, report, seed)
    if summary.games < n:
        said = _("interrupted: {done} of {n} games finished", done=summary.games, n=n)
        errors.print(f"[yellow]{escape(said)}[/]")


@app.command()
def arena(
    game: Annotated[str, typer.Argument(help="Game name.")],
    agents: Annotated[str, typer.Option("--agents", help="Agents, comma-separated.")] = (
        "random,ismcts"
    ),
    n: Annotated[int, typer.Option("-n", min=1, help="Games per seating.")] = 20,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    seed: SeedOpt = 0,
    workers: WorkersOpt = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    """Round-robin with seats rotated: score rates with 95% intervals, Bradley-Terry, Elo."""
    options = game_options(game, parse_options(variant, option))
    specs = split_specs(agents)
    if len(specs) < 2:
        raise OptionError(_("--agents needs at least two agents"))
    total = n * len(seatings(len(specs), games.load(game, **options).num_seats))
    with games_progress(errors, as_json or not errors.is_terminal) as progress:
        task = progress.add_task(_("arena of {game}", game=game), total=total)
        played = run_arena(
            game,
            options,
            specs,
            n,
            seed,
            workers or None,
            lambda _record: progress.advance(task),
            backend,
            address,
        )
    result = played.to_json()
    if as_json:
        console.print_json(json.dumps(result))
        return
    title = _("{game} arena: {n} games per seating, seed {seed}", game=game, n=n, seed=str(seed))
    table = Table(title=title)
    for column in ARENA_COLUMNS:
        table.add_column(_(column))
    for row in sorted(result["agents"], key=lambda r: -r["elo"]):
        low, high = row["ci95"]
        table.add_row(
            row["agent"],
            i18n.format_number(row["games"]),
            i18n.format_percent(row["score_rate"]),
            f"{i18n.format_percent(low)} - {i18n.format_percent(high)}",
            i18n.format_fixed(row["elo"], 0),
        )
    console.print(table)
    if result["unfinished"]:
        console.print(
            _(
                "{count} games stopped unfinished by a limit in the options: "
                "no result, left out of the scores",
                count=result["unfinished"],
            )
        )


@app.command()
def bench(
    game: Annotated[str, typer.Argument(help="Game name.")],
    seconds: Annotated[float, typer.Option("--seconds", min=0.1)] = 5.0,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    seed: SeedOpt = 0,
) -> None:
    """Random playouts for a while on one core: prints steps/s and games/s."""
    engine = games.load(game, **game_options(game, parse_options(variant, option)))
    rng = random.Random(seed)
    steps = finished = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = engine.new_game(rng.randrange(2**31))
        steps += random_playout(state, rng)
        finished += 1
    elapsed = time.perf_counter() - start
    cpu = max(time.process_time() - cpu_start, 1e-9)
    fixed = i18n.format_fixed
    said = _(
        "{game}: {steps} steps/s, {games} games/s ({finished} games, {per_game} steps/game, "
        "{elapsed} s); per CPU second: {cpu_steps} steps, {cpu_games} games",
        game=game,
        steps=fixed(steps / elapsed, 0),
        games=fixed(finished / elapsed, 1),
        finished=finished,
        per_game=fixed(steps / max(finished, 1), 0),
        elapsed=fixed(elapsed, 1),
        cpu_steps=fixed(steps / cpu, 0),
        cpu_games=fixed(finished / cpu, 1),
    )
    console.print(escape(f"{said} ({native.build_name()})"))


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A replay JSON file.")],
    seat: Annotated[
        int | None, typer.Option("--seat", help="Show the log as this seat saw it.")
    ] = None,
) -> None:
    """Re-play a saved game and show its event log and result."""
    record = Replay.load(file)
    record.options = game_options(record.game, record.options)
    engine = games.load(record.game, **record.options)
    if seat is not None and not 0 <= seat < engine.num_seats:
        raise OptionError(
            _("--seat {seat}: this game has seats 0-{last}", seat=seat, last=engine.num_seats - 1)
        )
    state = engine.replay(record)
    for line in state.events_for(seat):
        console.print(f"[dim]·[/] {escape(line)}")
    console.print(picture(engine.render(state.observation(seat))))
    scores = ", ".join(i18n.format_number(score) for score in state.scores)
    if state.is_terminal:
        said = _(
            "seed {seed}, {count} actions, finished; scores {scores}",
            seed=str(record.seed),
            count=len(record.actions),
            scores=scores,
        )
    else:
        said = _(
            "seed {seed}, {count} actions, unfinished; scores {scores}",
            seed=str(record.seed),
            count=len(record.actions),
            scores=scores,
        )
    console.print(f"[bold]{record.game}[/], {escape(said)}")


add_game_commands(app, TerminalKit())  # last: a game's group may not take a built-in's name


def main() -> None:
    """Console entry point: user errors print one line and exit with status 2."""
    try:
        app()
    except LudotecaError as exc:
        label = _("error:")
        errors.print(f"[red]{label}[/] {escape(str(exc))}", highlight=False, soft_wrap=True)
        sys.exit(2)
