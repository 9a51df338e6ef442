"""A tuning search started from the designer page (`sim/tune.py` in the web's terms).

The space comes from the request and names only the game's own options (ranges or
choices; never a file), at most `MAX_DIMENSIONS` of them, each bound checked by loading
the game. Optuna's ask-and-tell loop runs in the server's event loop; every game runs in
the bot workers (`compute`), a rung of a trial at a time, so the pruner can stop a
hopeless trial early. The report is built in a worker from plain data.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import optuna

from ludoteca import games
from ludoteca.core import LudotecaError, i18n
from ludoteca.core.i18n import _, format_percent
from ludoteca.core.options import DataFile
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.parallel import CHUNK, GameRecord, play_chunk
from ludoteca.sim.tune import (
    FINALISTS,
    FRESH,
    RUNGS,
    Final,
    Param,
    Space,
    TrialInfo,
    finalists,
    make_study,
    ranked_finals,
    setting_key,
    trials_of,
)
from ludoteca.sim.tune import measure as measure_of
from ludoteca.web.compute import ComputeQueue
from ludoteca.web.errors import bad_request
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
        "best: {setting}: first seat's score rate {share} ({low} – {high}) on {games} fresh games",
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
    seats = len(specs)
    study = make_study(space.seed)
    done = 0

    async def play(options: dict[str, Any], stats: BalanceStats, upto: int, seed: int) -> None:
        for start in range(stats.games, upto, CHUNK):
            chunk = range(start, min(start + CHUNK, upto))
            records: list[GameRecord] = await budget.run(
                compute, play_chunk, game, options, specs, seed, chunk, True
            )
            for record in records:
                stats.add(record)

    seen: dict[str, tuple[optuna.trial.TrialState, float, dict[str, Any]]] = {}
    ran = 0
    for _number in range(space.trials):
        if ran >= 2 and budget.spent_out:
            break
        ran += 1
        trial = study.ask()
        options = {p.name: p.suggest(trial) for p in space.options}
        stats = BalanceStats(seats)
        state = optuna.trial.TrialState.COMPLETE
        value = 0.0
        key = setting_key(options)
        if key in seen:  # the same seeds: the same games again, so none is played
            state, value, found_before = seen[key]
            trial.set_user_attr("measure", found_before)
            _tell(study, trial, state, value)
            done += space.games
            await advance(done)
            continue
        for rung in range(RUNGS):
            await play(options, stats, max(1, space.games * (rung + 1) // RUNGS), space.seed)
            found = measure_of(stats)
            value = found.value(space, seats)
            trial.report(value, rung)
            trial.set_user_attr("measure", vars(found))
            if trial.should_prune():
                state = optuna.trial.TrialState.PRUNED
                break
        seen[key] = (state, value, dict(trial.user_attrs["measure"]))
        _tell(study, trial, state, value)
        done += space.games
        await advance(done)
    trials = trials_of(study)
    finals = []
    for top in finalists(trials):
        fresh = BalanceStats(seats)
        await play(dict(top.params), fresh, 2 * space.games, space.seed + FRESH)
        finals.append(Final(top, measure_of(fresh)))
        done += 2 * space.games
        await advance(done)
    finals = ranked_finals(finals, space, seats)
    if ran < space.trials:
        reason = _(
            "{ran} of {trials} trials were run: the server's work limit for a study "
            "({minutes} CPU minutes) was reached",
            ran=ran,
            trials=space.trials,
            minutes=round(budget.seconds / 60),
        )
    else:
        reason = _("all {trials} trials were run", trials=space.trials)
    return await compute.run(build_tune_page, game, space, specs, trials, reason, finals, language)


def _tell(
    study: optuna.Study, trial: optuna.Trial, state: optuna.trial.TrialState, value: float
) -> None:
    """End a trial: its figure, or pruned (a pruned trial keeps its last report)."""
    if state == optuna.trial.TrialState.PRUNED:
        study.tell(trial, state=state)
    else:
        study.tell(trial, value)
