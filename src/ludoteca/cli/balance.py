"""`ludoteca balance`: simulate a game (or two rule settings) and write an HTML report."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

from ludoteca import games
from ludoteca.agents import split_specs
from ludoteca.cli.options import OptionOpt, VariantOpt, game_options, parse_options
from ludoteca.cli.report import RateColumn
from ludoteca.core import OptionError
from ludoteca.core.i18n import _
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.parallel import run_games

console = Console()
errors = Console(stderr=True)

BackendOpt = Annotated[
    str, typer.Option("--backend", help="local (processes) or ray (a Ray cluster).")
]
AddressOpt = Annotated[
    str | None, typer.Option("--address", help="Ray cluster to join (default: a local one).")
]


def parse_compare(values: list[str] | None) -> list[tuple[str, dict[str, str]]]:
    """Two `--compare` settings, each `key=value[,key=value...]`, as (label, options)."""
    if not values:
        return []
    if len(values) != 2:
        raise OptionError(
            _("--compare must be given exactly twice (got {n_values})", n_values=len(values))
        )
    settings = []
    for value in values:
        pairs = [p for p in value.split(",") if p.strip()]
        if not pairs:
            raise OptionError(
                _("--compare '{value}' must be key=value[,key=value...]", value=value)
            )
        settings.append((value, parse_options(None, pairs)))
    return settings


def balance_command(
    game: Annotated[str, typer.Argument(help="Game name.")],
    n: Annotated[int, typer.Option("-n", min=1, help="Games per setting.")] = 200,
    agents: Annotated[
        str, typer.Option("--agents", help="One agent per seat, comma-separated.")
    ] = "",
    variant: VariantOpt = None,
    option: OptionOpt = None,
    compare: Annotated[
        list[str] | None,
        typer.Option(
            "--compare",
            help="A rule setting key=value[,key=value] (e.g. variant=a or deck=FILE); twice.",
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of all randomness.")] = 0,
    workers: Annotated[
        int, typer.Option("--workers", min=0, help="Processes (0: one per core).")
    ] = 0,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    out: Annotated[Path, typer.Option("--out", help="The HTML report to write.")] = Path(
        "balance.html"
    ),
) -> None:
    """Simulate N games (per setting) and write an HTML balance report with charts."""
    from ludoteca.sim.html_report import Setting, build_report  # matplotlib: only here

    base = parse_options(variant, option)
    runs = [
        (label, game_options(game, {**base, **extra})) for label, extra in parse_compare(compare)
    ]
    if not runs:
        label = ", ".join(f"{k}={v}" for k, v in base.items()) or _("default options")
        runs = [(label, game_options(game, base))]
    engines = [games.load(game, **options) for _, options in runs]  # validate all first
    seats = engines[0].num_seats
    specs = split_specs(agents) or ["random"] * seats
    settings = []
    for (label, options), engine in zip(runs, engines, strict=True):
        stats = _simulate(game, options, specs, n, seed, workers, backend, address, label)
        settings.append(Setting(label, engine, stats))
    try:
        out.write_text(build_report(game, specs, seed, settings), encoding="utf-8")
    except OSError as exc:
        raise OptionError(
            _("--out {out}: {strerror}", out=str(out), strerror=str(exc.strerror))
        ) from None
    finished = ", ".join(
        _("{label}: {n} games", label=s.label, n=s.stats.games)
        + (
            _(", {n} stopped unfinished by a limit", n=s.stats.unfinished)
            if s.stats.unfinished
            else ""
        )
        for s in settings
    )
    console.print(_("wrote {out} ({finished})", out=str(out), finished=finished))


def _simulate(
    game: str,
    options: dict[str, Any],
    specs: list[str],
    n: int,
    seed: int,
    workers: int,
    backend: str,
    address: str | None,
    label: str,
) -> BalanceStats:
    stats = BalanceStats(seats=len(specs))
    records = run_games(
        game,
        options,
        specs,
        n,
        seed,
        workers or None,
        usage=True,
        backend=backend,
        address=address,
    )
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn(_("{task.completed}/{task.total} games")),
        RateColumn(),
        TimeRemainingColumn(),
        console=errors,
        disable=not errors.is_terminal,
    ) as progress:
        task = progress.add_task(f"{game} ({label})", total=n)
        try:
            for record in records:
                stats.add(record)
                progress.advance(task)
        except KeyboardInterrupt:
            said = _(
                "interrupted: {done} of {n} games of {label}", done=stats.games, n=n, label=label
            )
            errors.print(f"[yellow]{escape(said)}[/]")
    if stats.games == 0:
        raise OptionError(_("no game finished: nothing to report"))
    return stats
