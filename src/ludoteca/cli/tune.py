"""`ludoteca tune GAME SPACE.toml`: search the declared rule space for the setting that
best meets the goal (`ludoteca.sim.tune`), and write the report."""

from __future__ import annotations

import shlex
import tomllib
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ludoteca import games
from ludoteca.agents import split_specs
from ludoteca.cli.balance import AddressOpt, BackendOpt, OutOpt, WorkersOpt, write_output
from ludoteca.core import OptionError
from ludoteca.core.datafile import inline_paths
from ludoteca.core.i18n import _
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
    from ludoteca.sim.report_tune import build_tune_report, goal_figure  # matplotlib, optuna
    from ludoteca.sim.tune import FRESH, best_first, read_space
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
    chosen = ", ".join(f"{k}={v}" for k, v in sorted(finals[0].trial.params.items()))
    console.print(
        _(
            "recommended: {setting}; on {games} fresh games: {figure}; the search stopped "
            "because {reason}.",
            setting=chosen,
            games=best.games,
            figure=goal_figure(space, best, len(specs)),
            reason=reason,
        )
    )
    console.print(_("wrote {out}", out=str(out)))
    text = tuner.data_text(finals[0].trial.params)
    options = {p.name: finals[0].trial.params[p.name] for p in space.options}
    if text is not None and data_path is not None and space.data_option:
        heading = f"# ludoteca tune {game}: the recommended setting ({chosen})\n"
        write_output(data_path, heading + text)
        check_written(game, space.data_option, data_path, text)
        options[space.data_option] = data_path
        console.print(
            _(
                "wrote {path}: the recommended data file; play it with -o {option}={path}",
                path=str(data_path),
                option=str(space.data_option),
            )
        )
    command = ["ludoteca", "balance", game, "-n", str(best.games), "--seed"]
    command += [str(space.seed + FRESH), "--calibrate", "0"]
    command += ["--agents", ",".join(specs)]
    command += [part for k, v in options.items() for part in ("-o", f"{k}={v}")]
    console.print(
        _(
            "its fresh games again, as balance plays and measures them: {command}",
            command=shlex.join(command),
        ),
        soft_wrap=True,
    )


def check_written(game: str, option: str, path: Path, text: str) -> None:
    """The written data file is the setting measured, and the game plays it: its data
    read back equal the trial's, and the game loads it through its option."""
    if tomllib.loads(path.read_text(encoding="utf-8")) != tomllib.loads(text):
        raise OptionError(_("{path}: the file written is not the setting measured", path=str(path)))
    games.load(game, **inline_paths(games.info(game).options, {option: str(path)}))
