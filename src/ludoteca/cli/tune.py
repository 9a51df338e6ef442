"""`ludoteca tune GAME SPACE.toml`: search the declared rule space for the setting that
best meets the goal (`ludoteca.sim.tune`), and write the report."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ludoteca import games
from ludoteca.agents import split_specs
from ludoteca.cli.balance import AddressOpt, BackendOpt, OutOpt, WorkersOpt, write_output
from ludoteca.core import OptionError
from ludoteca.core.i18n import _, format_percent
from ludoteca.sim.study import default_specs

console = Console()
errors = Console(stderr=True)


def tune_command(
    game: Annotated[str, typer.Argument(help="Game name.")],
    space_file: Annotated[
        Path, typer.Argument(help="The space to search and the goal (TOML; see docs/balance.md).")
    ],
    workers: WorkersOpt = 0,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    out: OutOpt = Path("tune.html"),
    data_out: Annotated[
        Path | None,
        typer.Option(
            "--data-out",
            help="Where to write the recommended data file, when the space tunes one "
            "(default: beside --out, named after its option).",
        ),
    ] = None,
) -> None:
    """Search a declared space of options and data for the rules that balance a game."""
    from ludoteca.sim.report_tune import build_tune_report  # matplotlib, optuna
    from ludoteca.sim.tune import best_first, read_space
    from ludoteca.sim.tune_run import Tuner

    games.info(game)  # an unknown game is named before the file is read
    space = read_space(space_file)
    data_path = None
    if space.fields and space.data_option:
        data_path = data_out or out.with_name(f"{out.stem}-{space.data_option}.toml")
    for path in (out, data_path):  # before the search, not after it
        if path is not None and not path.parent.is_dir():
            raise OptionError(
                _("--out {out}: {strerror}", out=str(path), strerror="No such file or directory")
            )
    seats = games.load(game).num_seats
    specs = split_specs(space.agents) or default_specs(game, seats, space.level)

    def said(number: int, value: str) -> None:
        errors.print(_("trial {number}: {value}", number=number, value=value))

    tuner = Tuner(game, space, specs, workers or None, backend, address, progress=said)
    run = tuner.run()
    trials, reason, finals = run.trials, run.reason, run.finals
    rows = best_first(trials)
    if not rows:
        raise OptionError(_("no trial finished: every setting was refused or pruned"))
    best = finals[0].fresh
    write_output(out, build_tune_report(game, space, specs, trials, reason, finals))
    shown = Table(title=_("{game}: settings, best first", game=game))
    for column in (_("trial"), _("setting"), _("figure")):
        shown.add_column(column)
    for row in rows[:5]:
        setting = ", ".join(f"{k}={v}" for k, v in sorted(row.params.items()))
        shown.add_row(str(row.number), setting, f"{row.value:.4f}")
    console.print(shown)
    low, high = best.interval
    chosen = ", ".join(f"{k}={v}" for k, v in sorted(finals[0].trial.params.items()))
    console.print(
        _(
            "recommended: {setting}; on {games} fresh games: first seat's share of decided games "
            "{share} ({low} – {high}); the search stopped because {reason}.",
            setting=chosen,
            games=best.games,
            share=format_percent(best.first_share),
            low=format_percent(low),
            high=format_percent(high),
            reason=reason,
        )
    )
    console.print(_("wrote {out}", out=str(out)))
    text = tuner.data_text(finals[0].trial.params)
    if text is not None and data_path is not None:
        heading = f"# ludoteca tune {game}: the recommended setting ({chosen})\n"
        write_output(data_path, heading + text)
        console.print(
            _(
                "wrote {path}: the recommended data file; play it with -o {option}={path}",
                path=str(data_path),
                option=str(space.data_option),
            )
        )
