"""A tuning search started from the designer page (`sim/tune.py` in the web's terms).

The space comes from the request and names only the game's own options (ranges or
choices; never a file), at most `MAX_DIMENSIONS` of them, each bound checked by loading
the game. The search is `sim.tune_run.TuneRun`, the command line's too: its batches (a
rung of a trial at a time, so the pruner can stop a hopeless trial early) are played in
the bot workers (`compute`) under the study's budget. The report is built in a worker
from plain data.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from ludoteca import games
from ludoteca.core import LudotecaError, i18n
from ludoteca.core.i18n import _, format_percent
from ludoteca.core.options import DataFile
from ludoteca.sim.parallel import CHUNK, GameRecord, play_chunk
from ludoteca.sim.tune import FINALISTS, Final, Param, Space, TrialInfo
from ludoteca.sim.tune_run import TuneRun
from ludoteca.web.shared.compute import ComputeQueue
from ludoteca.web.shared.errors import bad_request
from ludoteca.web.studies.budget import Budget

MAX_TRIALS = 20
MAX_TRIAL_GAMES = 200
MAX_DIMENSIONS = 4
MAX_CHOICES = 10


def parse_tune(game: str, data: dict[str, Any], level: str) -> dict[str, Any]:
    """A tuning search's settings `{goal, target?, trials, games, space: {option: {low,
    high} | {choices}}}` (400 naming the first thing wrong)."""
    goal = str(data.get("goal") or "fair")
    if goal not in ("fair", "length"):
        raise bad_request(_("field 'goal' must be fair or length"))
    target = data.get("target", 0) if goal == "length" else 0  # "fair" has no target
    if (
        isinstance(target, bool)
        or not isinstance(target, int | float)
        or not (goal == "fair" or 1 <= target <= 10_000)
    ):
        raise bad_request(_("field 'target' must be a game length of 1 to 10,000 steps"))
    trials, n = data.get("trials"), data.get("games")
    if not isinstance(trials, int) or not 2 <= trials <= MAX_TRIALS:
        raise bad_request(_("field 'trials' must be 2 to {most}", most=MAX_TRIALS))
    if not isinstance(n, int) or not 10 <= n <= MAX_TRIAL_GAMES:
        raise bad_request(_("field 'games' must be 10 to {most}", most=MAX_TRIAL_GAMES))
    space = data.get("space")
    if not isinstance(space, dict) or not 1 <= len(space) <= MAX_DIMENSIONS:
        raise bad_request(
            _("field 'space' must name 1 to {most} options to tune", most=MAX_DIMENSIONS)
        )
    declared = {option.name: option for option in games.info(game).options}
    params = []
    for name, spec in space.items():
        option = declared.get(name)
        files = option is not None and option.kind is DataFile
        if option is None or (files and not (isinstance(spec, dict) and "choices" in spec)):
            raise bad_request(_("{game} has no option {key} to study", game=game, key=repr(name)))
        params.append(_param(game, name, spec))
    return {
        "goal": goal,
        "target": float(target),
        "trials": trials,
        "games": n,
        "level": level,
        "space": {
            p.name: {"low": p.low, "high": p.high, "choices": list(p.choices)} for p in params
        },
    }


def _param(game: str, name: str, spec: Any) -> Param:
    if not isinstance(spec, dict):
        raise bad_request(_("{name}: give low and high, or choices", name=name))
    if "choices" in spec:
        choices = spec["choices"]
        if not isinstance(choices, list) or not 1 <= len(choices) <= MAX_CHOICES:
            raise bad_request(_("{name}: 1 to {most} choices", name=name, most=MAX_CHOICES))
        param = Param(name, choices=tuple(choices))
        values = list(choices)
    else:
        low, high = spec.get("low"), spec.get("high")
        numbers = all(isinstance(v, int | float) and not isinstance(v, bool) for v in (low, high))
        if not numbers or not low < high:  # type: ignore[operator]
            raise bad_request(_("{name}: low must be below high", name=name))
        integer = isinstance(low, int) and isinstance(high, int)
        param = Param(name, float(low), float(high), integer=integer)  # type: ignore[arg-type]
        values = [low, high]
    for value in values:
        if not isinstance(value, str | int | float | bool) or len(str(value)) > 64:
            raise bad_request(_("option {key}: a short value", key=repr(name)))
        try:
            seats = games.load(game, **{name: value}).num_seats
        except LudotecaError as exc:
            raise bad_request(str(exc)) from None
        if seats != games.load(game).num_seats:  # the agents are chosen for these seats
            raise bad_request(_("{name}: a setting may not change the seats", name=name))
    return param


def space_of(settings: dict[str, Any]) -> Space:
    """The `sim.tune.Space` of stored settings."""
    options = [
        Param(name, choices=tuple(spec["choices"]))
        if spec["choices"]
        else Param(
            name,
            spec["low"],
            spec["high"],
            integer=float(spec["low"]).is_integer() and float(spec["high"]).is_integer(),
        )
        for name, spec in settings["space"].items()
    ]
    return Space(
        goal=settings["goal"],
        target=settings["target"],
        games=settings["games"],
        trials=settings["trials"],
        seed=settings["seed"],
        level=settings["level"],
        options=options,
    )


def tune_total(settings: dict[str, Any]) -> int:
    """The games a search plays at most: every trial's, then each finalist's twice over."""
    return (int(settings["trials"]) + 2 * FINALISTS) * int(settings["games"])


def build_tune_page(
    game: str,
    space: Space,
    specs: list[str],
    trials: list[TrialInfo],
    reason: str,
    finals: list[Final],
    language: str,
) -> tuple[str, list[str]]:
    """The search's report and its summary line (in a worker process)."""
    from ludoteca.sim.report_tune import build_tune_report  # matplotlib, in the worker only

    i18n.set_current(language)
    page = build_tune_report(game, space, specs, trials, reason, finals)
    best = finals[0].fresh
    setting = ", ".join(f"{k}={v}" for k, v in sorted(finals[0].trial.params.items()))
    low, high = best.interval
    line = _(
        "best: {setting}: first seat's share of decided games {share} ({low} – {high}) on "
        "{games} fresh games",
        setting=setting,
        share=format_percent(best.first_share),
        low=format_percent(low),
        high=format_percent(high),
        games=best.games,
    )
    return page, [line]


async def run_tune(
    game: str,
    settings: dict[str, Any],
    specs: list[str],
    compute: ComputeQueue,
    advance: Callable[[int], Awaitable[None]],
    language: str,
    budget: Budget,
) -> tuple[str, list[str]]:
    """Run the search; the report and its summary. Once `budget` is spent (after at least
    two trials), no further trial starts; the finalists are still measured."""
    space = space_of(settings)
    run = TuneRun(game, space, len(specs), more=lambda ran: ran < 2 or not budget.spent_out)
    for batch in run.batches():
        for start in range(batch.games.start, batch.games.stop, CHUNK):
            chunk = range(start, min(start + CHUNK, batch.games.stop))
            records: list[GameRecord] = await budget.run(
                compute, play_chunk, game, batch.options, specs, batch.seed, chunk, True
            )
            run.add(records)
            # chunk by chunk: a finalist's games (twice a trial's) move the bar too
            await advance(batch.done - (batch.games.stop - chunk.stop))
        await advance(batch.done)
    if run.ran < run.limit:
        run.reason = _(
            "{ran} of {trials} trials were run: the server's work limit for a study "
            "({minutes} CPU minutes) was reached",
            ran=run.ran,
            trials=run.limit,
            minutes=round(budget.seconds / 60),
        )
    return await compute.run(
        build_tune_page, game, space, specs, run.trials, run.reason, run.finals, language
    )
