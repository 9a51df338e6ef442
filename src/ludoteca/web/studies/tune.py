"""A tuning search started from the designer page (`sim/tune.py` in the web's terms).

The space comes from the request and names the game's own options (ranges or choices)
and the numbers of a data file the designer uploads (TOML, as a table's upload: never a
path), at most `MAX_DIMENSIONS` in all, each bound checked by loading the game. A
trial's data file is passed to the game as uploaded content, never written. The search
is `sim.tune_run.TuneRun`, the command line's too: its batches (a rung of a trial at a
time, so the pruner can stop a hopeless trial early) are played in the bot workers
(`compute`) under the study's budget. The report is built in a worker from plain data.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Awaitable, Callable
from typing import Any

import tomli_w

from ludoteca import games
from ludoteca.core import LudotecaError, OptionError, i18n
from ludoteca.core.i18n import _
from ludoteca.core.options import DataFile, file_source
from ludoteca.core.parsing import Malformed, load_toml
from ludoteca.sim.parallel import CHUNK, GameRecord, play_chunk
from ludoteca.sim.tune import FINALISTS, Final, Param, Space, TrialInfo, data_with, set_field
from ludoteca.sim.tune_run import TuneRun
from ludoteca.web.shared.compute import ComputeQueue
from ludoteca.web.shared.errors import bad_request
from ludoteca.web.studies.budget import Budget

MAX_TRIALS = 20
MAX_TRIAL_GAMES = 200
MAX_DIMENSIONS = 4
MAX_CHOICES = 10
GOALS = ("fair", "length", "cards", "even")
MAX_FIELD = 1_000_000
"""A data file field's bounds, either way (the game checks its own limits too)."""


def parse_tune(game: str, data: dict[str, Any], level: str) -> dict[str, Any]:
    """A tuning search's settings `{goal, target?, threshold?, fates?, trials, games,
    space: {option: {low, high} | {choices}}, data?}` (400 naming the first thing wrong)."""
    goal = str(data.get("goal") or "fair")
    if goal not in GOALS:
        raise bad_request(_("field 'goal' must be one of {goals}", goals=", ".join(GOALS)))
    target = data.get("target", 0) if goal == "length" else 0  # only "length" has a target
    if (
        isinstance(target, bool)
        or not isinstance(target, int | float)
        or not (goal != "length" or 1 <= target <= 10_000)
    ):
        raise bad_request(_("field 'target' must be a game length of 1 to 10,000 steps"))
    trials, n = data.get("trials"), data.get("games")
    if not isinstance(trials, int) or not 2 <= trials <= MAX_TRIALS:
        raise bad_request(_("field 'trials' must be 2 to {most}", most=MAX_TRIALS))
    if not isinstance(n, int) or not 10 <= n <= MAX_TRIAL_GAMES:
        raise bad_request(_("field 'games' must be 10 to {most}", most=MAX_TRIAL_GAMES))
    space = data.get("space", {})
    file = parse_data(game, data["data"]) if data.get("data") is not None else None
    dimensions = (len(space) if isinstance(space, dict) else 0) + (
        len(file["fields"]) if file else 0
    )
    if not isinstance(space, dict) or not 1 <= dimensions <= MAX_DIMENSIONS:
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
    tune = {
        "goal": goal,
        "target": float(target),
        **_goal_fields(goal, data),
        "trials": trials,
        "games": n,
        "level": level,
        "space": {
            p.name: {"low": p.low, "high": p.high, "choices": list(p.choices)} for p in params
        },
    }
    return tune | ({"data": file} if file else {})


def _goal_fields(goal: str, data: dict[str, Any]) -> dict[str, Any]:
    """The `cards` goal's threshold, the `even` goal's fates (the command line's defaults
    when not given)."""
    if goal == "cards":
        threshold = data.get("threshold", Space.threshold)
        if (
            isinstance(threshold, bool)
            or not isinstance(threshold, int | float)
            or not 0.5 <= threshold <= 1
        ):
            raise bad_request(_("field 'threshold' must be a win rate of 0.5 to 1"))
        return {"threshold": float(threshold)}
    if goal == "even":
        fates = data.get("fates", list(Space.fates))
        if (
            not isinstance(fates, list)
            or not 1 <= len(fates) <= MAX_CHOICES
            or not all(isinstance(f, str) and 0 < len(f) <= 32 for f in fates)
        ):
            raise bad_request(_("field 'fates' must be a list of 1 to 10 short names"))
        return {"fates": list(fates)}
    return {}


def parse_data(game: str, data: Any) -> dict[str, Any]:
    """A data file's fields to tune `{option, file: {name, content}, fields: {path: {low,
    high}}}`: the option one of the game's file options, the file uploaded TOML (never a
    path), each field a number range whose bounds the game accepts."""
    if not isinstance(data, dict) or set(data) != {"option", "file", "fields"}:
        raise bad_request(_("field 'data' must be {{option, file, fields}}"))
    declared = {option.name: option for option in games.info(game).options}
    option = declared.get(str(data["option"]))
    if option is None or option.kind is not DataFile:
        raise bad_request(
            _("{game} has no data file option {key}", game=game, key=repr(data["option"])[:66])
        )
    try:
        file = option.parse(game, data["file"])
        source = file_source(file)
        if source is None:
            raise OptionError(_("field 'data': upload the file to tune"))
        content = load_toml(source[1])
    except (OptionError, tomllib.TOMLDecodeError, Malformed) as exc:
        raise bad_request(_("the data file: {problem}", problem=str(exc))) from None
    fields = data["fields"]
    if not isinstance(fields, dict) or not 1 <= len(fields) <= MAX_DIMENSIONS:
        raise bad_request(_("field 'data': name 1 to {most} fields to tune", most=MAX_DIMENSIONS))
    ranges = {}
    for path, spec in fields.items():
        param = _param(game, str(path)[:200], spec, numbers_only=True)
        for bound in (param.low or 0.0, param.high or 0.0):
            changed = copy.deepcopy(content)
            try:
                set_field(changed, param.name, int(bound) if param.integer else bound)
            except OptionError as exc:
                raise bad_request(str(exc)) from None
            _loads(game, {option.name: {"name": source[0], "content": tomli_w.dumps(changed)}})
        ranges[param.name] = {"low": param.low, "high": param.high}
    return {"option": option.name, "name": source[0], "content": source[1], "fields": ranges}


def _param(game: str, name: str, spec: Any, numbers_only: bool = False) -> Param:
    """One dimension: an option's range or choices (each value checked by loading the
    game with it), or, `numbers_only`, a data file field's range (checked by the caller)."""
    if not isinstance(spec, dict):
        raise bad_request(_("{name}: give low and high, or choices", name=name))
    if "choices" in spec and not numbers_only:
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
        if numbers_only:
            if max(abs(float(low)), abs(float(high))) > MAX_FIELD:  # type: ignore[arg-type]
                raise bad_request(_("{name}: at most {most} either way", name=name, most=MAX_FIELD))
            return param
    for value in values:
        if not isinstance(value, str | int | float | bool) or len(str(value)) > 64:
            raise bad_request(_("option {key}: a short value", key=repr(name)))
        _loads(game, {name: value})
    return param


def _loads(game: str, options: dict[str, Any]) -> None:
    """400 unless the game loads with `options`, with its own seats."""
    try:
        seats = games.load(game, **options).num_seats
    except LudotecaError as exc:
        raise bad_request(str(exc)) from None
    if seats != games.load(game).num_seats:  # the agents are chosen for these seats
        raise bad_request(_("{name}: a setting may not change the seats", name=", ".join(options)))


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
    data = settings.get("data") or {}
    fields = [
        Param(
            name,
            spec["low"],
            spec["high"],
            integer=float(spec["low"]).is_integer() and float(spec["high"]).is_integer(),
        )
        for name, spec in data.get("fields", {}).items()
    ]
    return Space(
        goal=settings["goal"],
        target=settings["target"],
        threshold=settings.get("threshold", Space.threshold),
        fates=tuple(settings.get("fates", Space.fates)),
        games=settings["games"],
        trials=settings["trials"],
        seed=settings["seed"],
        level=settings["level"],
        options=options,
        data_option=data.get("option"),
        data_file=load_toml(data["content"]) if data else {},
        fields=fields,
    )


def options_of(space: Space, name: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A trial's game options: its options, and its data file as uploaded content named
    `name` (never a file on the server)."""

    def options(params: dict[str, Any]) -> dict[str, Any]:
        chosen = {p.name: params[p.name] for p in space.options}
        data = data_with(space, params)
        if data is not None and space.data_option:
            chosen[space.data_option] = {"name": name, "content": tomli_w.dumps(data)}
        return chosen

    return options


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
    from ludoteca.sim.report_tune import build_tune_report, goal_figure  # in the worker only

    i18n.set_current(language)
    page = build_tune_report(game, space, specs, trials, reason, finals)
    best = finals[0].fresh
    setting = ", ".join(f"{k}={v}" for k, v in sorted(finals[0].trial.params.items()))
    line = _(
        "best: {setting}: {figure} on {games} fresh games",
        setting=setting,
        figure=goal_figure(space, best, len(specs)),
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
    name = str((settings.get("data") or {}).get("name", ""))
    more = lambda ran: ran < 2 or not budget.spent_out  # noqa: E731
    run = TuneRun(game, space, len(specs), options_of(space, name), more)
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
