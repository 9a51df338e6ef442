"""A finished study's report: the agents measured, the warnings gathered, the HTML
written. Shared by `ludoteca balance` and the web's designer page (which runs it in a
worker process)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca import games
from ludoteca.sim.arena import seatings
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.html_report import Setting, build_report
from ludoteca.sim.skill import measure_skill, skill_section
from ludoteca.sim.study import Study, measure_strengths, same_games, timed_agents, weak_play


def finish_study(
    game: str,
    runs: Sequence[tuple[str, dict[str, Any]]],
    specs: Sequence[str],
    level: str | None,
    seed: int,
    stats: Sequence[BalanceStats],
    calibrate: int,
    workers: int | None = None,
    stopped: str | None = None,
    sources: Sequence[str] = (),
    skill: tuple[str, str] | None = None,
) -> tuple[Study, list[Setting], str]:
    """Measure the agents (`calibrate` games a seating, 0: not), gather the warnings and
    build the HTML report of `stats`, one per setting of `runs` (`sources`: the record
    files they were pooled from, a line each, when no game was played; `skill`: the
    stronger and the weaker agent to play against each other under every setting, as
    many games as the study played a setting, the seats rotated)."""
    strengths = (
        measure_strengths(game, runs[0][1], specs, calibrate, seed, workers) if calibrate else []
    )
    warnings = [w for s in stats for w in weak_play(s, [])] + weak_play(BalanceStats(1), strengths)
    warnings += same_games([label for label, _options in runs], stats) + timed_agents(specs)
    study = Study(list(specs), level, strengths, list(dict.fromkeys(warnings)), stopped)
    study.sources = list(sources)
    settings = [
        Setting(label, games.load(game, **options), s)
        for (label, options), s in zip(runs, stats, strict=True)
    ]
    extra = []
    if skill is not None:
        each = max(1, stats[0].games // len(seatings(2, stats[0].seats)))  # the study's n
        skills = measure_skill(game, runs, skill, each, seed, workers)
        extra.append(skill_section(skills))
    return study, settings, build_report(game, seed, settings, study, extra)
