"""`ludoteca balance`: simulate a game (or two rule settings) and write an HTML report."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from ludoteca import games
from ludoteca.agents import make_agent, split_specs
from ludoteca.agents.levels import level_spec
from ludoteca.cli.merge import merge_records
from ludoteca.cli.options import OptionOpt, VariantOpt, game_options, parse_options
from ludoteca.cli.report import RecordWriter, games_progress
from ludoteca.core import OptionError
from ludoteca.core.i18n import _, format_percent
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.parallel import run_games
from ludoteca.sim.study import (
    DEFAULT_LEVEL,
    Looks,
    Study,
    default_specs,
    plan_games,
)
from ludoteca.sim.study_run import StudyRun

console = Console()
errors = Console(stderr=True)

BackendOpt = Annotated[
    str, typer.Option("--backend", help="local (processes) or ray (a Ray cluster).")
]
WorkersOpt = Annotated[int, typer.Option("--workers", min=0, help="Processes (0: one per core).")]
OutOpt = Annotated[Path, typer.Option("--out", help="The HTML report to write.")]
AddressOpt = Annotated[
    str | None, typer.Option("--address", help="Ray cluster to join (default: a local one).")
]


def parse_compare(values: list[str] | None) -> list[tuple[str, dict[str, str]]]:
    """The `--compare` settings (two or more), each `key=value[,key=value...]`, as
    (label, options); the first is the baseline the others are compared with."""
    if not values:
        return []
    if len(values) < 2:
        raise OptionError(
            _("--compare must be given at least twice (got {n_values})", n_values=len(values))
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
    n: Annotated[int, typer.Option("-n", min=1, help="Games per setting (at most).")] = 200,
    agents: Annotated[
        str, typer.Option("--agents", help="One agent per seat, comma-separated.")
    ] = "",
    level: Annotated[
        str,
        typer.Option(
            "--level",
            help="Without --agents: every seat plays this level (random, easy, "
            "medium: the game's own policy, hard).",
        ),
    ] = DEFAULT_LEVEL,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    compare: Annotated[
        list[str] | None,
        typer.Option(
            "--compare",
            help="A rule setting key=value[,key=value] (e.g. variant=a or deck=FILE); two or "
            "more, the first the baseline.",
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of all randomness.")] = 0,
    workers: WorkersOpt = 0,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    out: OutOpt = Path("balance.html"),
    calibrate: Annotated[
        int | None,
        typer.Option(
            "--calibrate",
            min=0,
            help="Games per seating to measure the agents against "
            "random (0: skip; default: n/10, at most 20).",
        ),
    ] = None,
    until_clear: Annotated[
        bool,
        typer.Option(
            "--until-clear",
            help="Stop as soon as the first seat's answer is clear (looks "
            "every n/10 games, 5% error over all looks).",
        ),
    ] = False,
    precision: Annotated[
        float,
        typer.Option(
            "--precision",
            min=0.1,
            max=50,
            help="With --until-clear: points of win rate that count as 'the same'.",
        ),
    ] = 3.0,
    records: Annotated[
        Path | None,
        typer.Option(
            "--records",
            help="Per-game records of every setting: a .csv, .jsonl or .parquet file "
            "(game, setting, agents, seed, winner, scores, margin, lead changes, statistics, each "
            "seat's uses of every action type and card, its score over time).",
        ),
    ] = None,
    skill: Annotated[
        str | None,
        typer.Option(
            "--skill",
            help="STRONG,WEAK: under every setting, the stronger agent (or level) plays the "
            "weaker, seats rotated, to see whether a setting leaves more to luck.",
        ),
    ] = None,
    merge: Annotated[
        list[Path] | None,
        typer.Option(
            "--merge",
            help="Play nothing: pool the games of these --records files (.csv, .jsonl, "
            ".parquet) from runs of other seeds; repeat the runs' --option/--compare.",
        ),
    ] = None,
    plan: Annotated[
        float | None,
        typer.Option(
            "--plan",
            min=0.1,
            max=49,
            help="Print the games needed to see a change "
            "of this many points in the first seat's win rate, and stop.",
        ),
    ] = None,
) -> None:
    """Simulate N games (per setting) and write an HTML balance report with charts."""
    if plan is not None:
        options = game_options(game, parse_options(variant, option))
        _print_plan(plan / 100, games.load(game, **options).num_seats)
        return
    from ludoteca.sim.study_report import finish_study  # matplotlib: only here

    base = parse_options(variant, option)
    runs = [
        (label, game_options(game, {**base, **extra})) for label, extra in parse_compare(compare)
    ]
    if not runs:
        label = ", ".join(f"{k}={v}" for k, v in base.items()) or _("default options")
        runs = [(label, game_options(game, base))]
    engines = [games.load(game, **options) for _, options in runs]  # validate all first
    pair = skill_pair(game, skill)
    sources: list[str] = []
    if merge:
        labels = [label for label, _options in runs]
        seats = engines[0].num_seats
        stats, played_by, sources = merge_records(merge, game, labels, seats, agents or None)
        specs, stopped, games_each = split_specs(played_by), None, calibrate or 0
    else:
        specs = split_specs(agents) or default_specs(game, engines[0].num_seats, level)
        looks = Looks(max(1, n // 10), n, precision / 100) if until_clear else None
        study_run = StudyRun(len(runs), len(specs), n, n, looks)
        with RecordWriter(records, usage=True) as writer:
            simulation = Simulation(game, specs, seed, workers, backend, address, writer)
            simulation.play(runs, study_run)
        stats, stopped = study_run.stats, study_run.stopped
        games_each = calibrate if calibrate is not None else max(1, min(20, n // 10))
    if any(s.games == 0 for s in stats):
        raise OptionError(_("no game finished: nothing to report"))
    study, settings, page = finish_study(
        game,
        runs,
        specs,
        None if agents else level,
        seed,
        stats,
        games_each,
        workers or None,
        stopped,
        sources,
        pair,
    )
    write_output(out, page)
    _print_summary(settings, study, out)


def skill_pair(game: str, skill: str | None) -> tuple[str, str] | None:
    """`--skill STRONG,WEAK` as two agent specs (levels named as the lobby's)."""
    if skill is None:
        return None
    specs = [level_spec(game, part) for part in split_specs(skill)]
    if len(specs) != 2:
        raise OptionError(_("--skill must name two agents, STRONG,WEAK (got {skill})", skill=skill))
    for spec in specs:
        make_agent(spec, 0)  # an unknown agent is named now, not after the study
    return specs[0], specs[1]


def write_output(path: Path, text: str) -> None:
    """Write an output file (`--out`...); a path that cannot be written is the user's
    error, one line."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise OptionError(
            _("--out {out}: {strerror}", out=str(path), strerror=str(exc.strerror))
        ) from None


def _print_plan(change: float, seats: int) -> None:
    """The planner: games for a change of the first seat's win rate from an even share."""
    fair = 1 / seats
    one, two = plan_games(change, seats)
    console.print(
        _(
            "To see the first seat's win rate move {points} points from an even share, {fair}"
            " (95% confidence, 80% power): about {one} games for one setting, {two} games"
            " for each of two settings compared.",
            points=f"{100 * change:g}",
            fair=format_percent(fair, 0),
            one=one,
            two=two,
        )
    )
    console.print(
        _(
            "One setting is tested on its decided games: where games are drawn, divide by "
            "the share decided (a third drawn: half as many games again)."
        )
    )


def _print_summary(settings: list[Any], study: Study, out: Path) -> None:
    for index, setting in enumerate(settings):
        stats = setting.stats
        low, high = stats.win_interval(0)
        fair_low, fair_high = stats.decided_interval(0)
        console.print(
            _(
                "{name}: {games} games, first seat wins {rate} ({low} – {high}), draws "
                "{draws}; of the decided games it wins {share} ({fair_low} – {fair_high}), "
                "an even share being {fair}",
                name=f"{chr(65 + index)}: {setting.label}" if len(settings) > 1 else setting.label,
                games=stats.games,
                rate=format_percent(stats.win_rate(0)),
                low=format_percent(low),
                high=format_percent(high),
                draws=stats.draws + stats.unfinished,
                share=format_percent(stats.decided_share(0)),
                fair_low=format_percent(fair_low),
                fair_high=format_percent(fair_high),
                fair=format_percent(1 / stats.seats, 0),
            )
        )
    for strength in study.strengths:
        console.print(
            _(
                "{agent} against {opponent}: ahead {rate} of the time in {games} games",
                agent=strength.agent,
                opponent=strength.opponent,
                rate=format_percent(strength.score_rate, 0),
                games=strength.games,
            )
        )
    if study.stopped:
        console.print(study.stopped)
    for warning in study.warnings:
        console.print(f"[yellow]{escape(warning)}[/]")
    console.print(_("wrote {out}", out=str(out)))


class Simulation:
    """Plays a study's games (`StudyRun`: which, and when to stop) on worker processes or
    Ray, with a progress bar a setting."""

    def __init__(
        self,
        game: str,
        specs: list[str],
        seed: int,
        workers: int,
        backend: str,
        address: str | None,
        writer: RecordWriter | None = None,
    ) -> None:
        self.game, self.specs, self.seed = game, specs, seed
        self.workers, self.backend, self.address = workers, backend, address
        self.writer = writer

    def play(self, runs: list[tuple[str, dict[str, Any]]], study: StudyRun) -> None:
        """Play the study's rounds, setting by setting (`runs`: each setting's label and
        options), until it is over."""
        for batch in study.rounds():
            for index, wanted in batch:
                label, options = runs[index]
                self._games(label, options, study.stats[index], wanted.stop)

    def _games(self, label: str, options: dict[str, Any], stats: BalanceStats, upto: int) -> None:
        """Play the setting's games from those already counted up to `upto`."""
        records = run_games(
            self.game,
            options,
            self.specs,
            upto,
            self.seed,
            self.workers or None,
            usage=True,
            backend=self.backend,
            address=self.address,
            start=stats.games,
        )
        with games_progress(errors, not errors.is_terminal) as progress:
            task = progress.add_task(f"{self.game} ({label})", total=upto, completed=stats.games)
            try:
                for record in records:
                    stats.add(record)
                    if self.writer is not None:
                        self.writer.write(
                            record, game=self.game, setting=label, agents=",".join(self.specs)
                        )
                    progress.advance(task)
            except KeyboardInterrupt:
                said = _(
                    "interrupted: {done} of {n} games of {label}",
                    done=stats.games,
                    n=upto,
                    label=label,
                )
                errors.print(f"[yellow]{escape(said)}[/]")
