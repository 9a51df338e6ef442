"""Search for the rules that balance a game (`ludoteca tune`), with Optuna.

A designer declares a space in a small TOML file:

    goal = "fair"              # or "length" (with `target`), "cards" (with `threshold`),
                               # "even" (with `fates`)
    games = 200                # games a trial, at most
    trials = 30
    level = "medium"           # or agents = "heuristic,random"
    [options.goals]            # a game option over a range...
    low = 1
    high = 5
    [options.mode]             # ...or a choice
    choices = ["golden-goal", "goal-limit"]
    [data]                     # numbers inside a data file the game reads through an option
    option = "deck"
    file = "my-deck.toml"
    [data.fields."attack.0.speed"]
    low = 1
    high = 6

Every trial plays the same seeded games (common random numbers: settings differ, luck
does not), in four rungs; after each rung its figure is reported and Optuna's median
pruner stops a hopeless trial. The sampler is TPE (mixed spaces; multivariate), seeded.
The three best settings are then measured again on fresh seeds, twice the games each,
and the best of them on those games is recommended: the best trial's own figure is the
lowest of many noisy ones, too good to be true (`benchmarks/bench_tune.py` measures
what this final round gains against TAG's NTBEA). This module holds the space, the
figures and the ranking; `sim/tune_run.py` drives the search for the command line and
the web alike.

Goals, each a number to minimise:
- `fair`: how far the first seat's share of the decided games is from an even share of
  the seats (as `ludoteca balance` tests it: a drawn game favours no seat);
- `length`: how far the mean game length in steps is from `target`;
- `cards`: how far the highest win rate when used of any card (at least 20 seat-games)
  is above `threshold` (0 once none is);
- `even`: the spread (highest less lowest) among the groups of `State.statistics()`
  (`group.rounds`, `group.<fate>`: Toxicity's characters) of the share of rounds that
  ended in one of `fates` (default: `door` or `trapdoor`, an escape).
"""

from __future__ import annotations

import copy
import itertools
import math
import random
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import optuna

from ludoteca.core import OptionError
from ludoteca.core.datafile import read_bounded
from ludoteca.core.i18n import _
from ludoteca.core.parsing import Malformed, load_toml
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.usage import CARD

GOALS = ("fair", "length", "cards", "even")
RUNGS = 4
FINALISTS = 3
"""The best settings of the search measured again on fresh seeds."""
FRESH = 1_000_003
"""The fresh seeds of the final measurement: the run seed plus this."""
MAX_FILE = 1_000_000
MIN_USES = 20


@dataclass(frozen=True)
class Param:
    """One dimension of the space: an option or a data-file field, a range or a choice."""

    name: str
    low: float | None = None
    high: float | None = None
    choices: tuple[Any, ...] = ()
    integer: bool = True

    def suggest(self, trial: optuna.Trial) -> Any:
        """Optuna's pick for this dimension."""
        if self.choices:
            return trial.suggest_categorical(self.name, list(self.choices))
        assert self.low is not None and self.high is not None
        if self.integer:
            return trial.suggest_int(self.name, int(self.low), int(self.high))
        return trial.suggest_float(self.name, self.low, self.high)


@dataclass
class Space:
    """A tuning study, as its file declares it (see the module docstring)."""

    goal: str = "fair"
    target: float = 0.0
    threshold: float = 0.55
    fates: tuple[str, ...] = ("door", "trapdoor")
    games: int = 200
    trials: int = 30
    seed: int = 0
    level: str = "medium"
    agents: str = ""
    stop: float | None = None
    """Stop the search once a trial's figure is this low (the answer is good enough)."""
    options: list[Param] = field(default_factory=list)
    data_option: str | None = None
    data_file: dict[str, Any] = field(default_factory=dict)
    fields: list[Param] = field(default_factory=list)


def read_space(path: Path) -> Space:
    """The space a TOML file declares (`OptionError` naming what is wrong)."""
    raw = _read_toml(path, _("tuning space"))
    space = _settings(raw)
    if space.goal not in GOALS:
        raise OptionError(
            _("goal {goal}: one of {goals}", goal=repr(space.goal), goals=", ".join(GOALS))
        )
    if not 4 <= space.games <= 100_000 or not 1 <= space.trials <= 1_000:
        raise OptionError(_("games must be 4 to 100,000 and trials 1 to 1,000"))
    space.options = [_param(name, spec) for name, spec in dict(raw.get("options", {})).items()]
    data = dict(raw.get("data", {}))
    if data:
        space.data_option = str(data.get("option", ""))
        space.data_file = _read_toml(
            (path.parent / str(data.get("file", ""))).resolve(), _("data file")
        )
        space.fields = [_param(n, s) for n, s in dict(data.get("fields", {})).items()]
        for param in space.fields:
            set_field(copy.deepcopy(space.data_file), param.name, 0)  # the path must exist
    if not space.options and not space.fields:
        raise OptionError(_("the space declares nothing to tune: add [options] or [data]"))
    return space


def _read_toml(path: Path, what: str) -> dict[str, Any]:
    """The TOML file `path` (`what` it is, for the message), bounded in size."""
    try:
        return load_toml(read_bounded(path, what, MAX_FILE))
    except (tomllib.TOMLDecodeError, Malformed) as exc:
        raise OptionError(_("cannot read {path}: {exc}", path=str(path), exc=str(exc))) from None


def _settings(raw: dict[str, Any]) -> Space:
    """A space with the file's top-level settings (goal, level, counts, fates) read."""
    space = Space()
    for key in ("goal", "level", "agents"):
        if key in raw:
            setattr(space, key, str(raw[key]))
    for key in ("target", "threshold", "stop"):
        if key in raw:
            setattr(space, key, _number(raw[key], key))
    for key in ("games", "trials", "seed"):
        if key in raw:
            setattr(space, key, int(_number(raw[key], key)))
    if "fates" in raw:
        fates = raw["fates"]
        if not isinstance(fates, list) or not fates or not all(isinstance(f, str) for f in fates):
            raise OptionError(_("fates must be a non-empty list of names"))
        space.fates = tuple(fates)
    return space


def _number(value: Any, key: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise OptionError(_("{key} must be a number", key=key))
    return float(value)


def _param(name: str, spec: Any) -> Param:
    if not isinstance(spec, dict):
        raise OptionError(_("{name}: give low and high, or choices", name=name))
    if "choices" in spec:
        choices = spec["choices"]
        if not isinstance(choices, list) or not choices:
            raise OptionError(_("{name}: choices must be a non-empty list", name=name))
        return Param(name, choices=tuple(choices))
    low, high = _number(spec.get("low"), f"{name}.low"), _number(spec.get("high"), f"{name}.high")
    if low >= high:
        raise OptionError(_("{name}: low must be below high", name=name))
    integer = isinstance(spec.get("low"), int) and isinstance(spec.get("high"), int)
    return Param(name, low, high, integer=integer)


def data_with(space: Space, params: dict[str, Any]) -> dict[str, Any] | None:
    """The data file with a trial's fields set (None: the space tunes no data file)."""
    if not (space.fields and space.data_option):
        return None
    data = copy.deepcopy(space.data_file)
    for param in space.fields:
        set_field(data, param.name, params[param.name])
    return data


def set_field(data: dict[str, Any], path: str, value: Any) -> None:
    """Set a dotted `path` (keys, and list indices as numbers) inside `data`."""
    keys = path.split(".")
    node: Any = data
    try:
        for key in keys[:-1]:
            node = node[int(key)] if isinstance(node, list) else node[key]
        last = keys[-1]
        if isinstance(node, list):
            node[int(last)] = value
        elif last in node:
            node[last] = value
        else:
            raise KeyError(last)
    except (KeyError, IndexError, ValueError, TypeError):
        raise OptionError(_("the data file has no field {path}", path=path)) from None


@dataclass(frozen=True)
class TrialInfo:
    """A trial as the report shows it: plain data (it crosses to worker processes)."""

    number: int
    finished: bool
    """True: it ran all its games; False: the pruner stopped it."""
    value: float
    """Its figure (the last one reported, for a pruned trial)."""
    params: dict[str, Any]
    measure: dict[str, Any]


def trials_of(study: optuna.Study) -> list[TrialInfo]:
    """The finished and pruned trials of a search (refused settings left out)."""
    out: list[TrialInfo] = []
    for trial in study.trials:
        done = trial.state == optuna.trial.TrialState.COMPLETE and trial.value is not None
        pruned = trial.state == optuna.trial.TrialState.PRUNED and trial.intermediate_values
        if done:
            value = float(trial.value or 0.0)
        elif pruned:
            value = float(trial.intermediate_values[max(trial.intermediate_values)])
        else:
            continue
        measure = dict(trial.user_attrs.get("measure", {}))
        out.append(TrialInfo(trial.number, done, value, dict(trial.params), measure))
    return out


def best_first(trials: list[TrialInfo]) -> list[TrialInfo]:
    """The finished trials, best first (ties by trial number)."""
    return sorted((t for t in trials if t.finished), key=lambda t: (t.value, t.number))


def setting_key(params: dict[str, Any]) -> str:
    """One text per setting, whatever the order of its parameters."""
    return repr(sorted(params.items()))


def finalists(trials: list[TrialInfo]) -> list[TrialInfo]:
    """The `FINALISTS` best finished trials of distinct settings."""
    seen: set[str] = set()
    out: list[TrialInfo] = []
    for trial in best_first(trials):
        if setting_key(trial.params) not in seen and len(out) < FINALISTS:
            seen.add(setting_key(trial.params))
            out.append(trial)
    return out


def settings_grid(space: Space) -> list[dict[str, Any]] | None:
    """Every setting of a finite space (choices and integer ranges only) that has no more
    settings than `trials`, in an order shuffled by the space's seed; None otherwise
    (the search samples). A small space is tried whole, each setting once: TPE would
    spend its trials on repeats and could leave a setting out."""
    names: list[str] = []
    values: list[Sequence[Any]] = []
    for param in [*space.options, *space.fields]:
        if param.choices:
            values.append(list(param.choices))
        elif param.integer and param.low is not None and param.high is not None:
            values.append(range(int(param.low), int(param.high) + 1))  # not listed: may be huge
        else:
            return None
        names.append(param.name)
    if not names or math.prod(len(v) for v in values) > space.trials:
        return None
    settings = [dict(zip(names, point, strict=True)) for point in itertools.product(*values)]
    random.Random(space.seed).shuffle(settings)
    return settings


def make_study(seed: int) -> optuna.Study:
    """The search: TPE (multivariate, five random trials first) and the median pruner."""
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna.create_study(
        direction="minimize",
        sampler=optuna.samplers.TPESampler(seed=seed, multivariate=True, n_startup_trials=5),
        pruner=optuna.pruners.MedianPruner(n_startup_trials=5, n_warmup_steps=1),
    )


@dataclass
class Measure:
    """What a setting's games showed."""

    games: int
    first_share: float
    """The first seat's share of the decided games (1/seats if none was decided)."""
    interval: tuple[float, float]
    """Its 95% Wilson interval."""
    mean_length: float
    top_card: tuple[str, float] | None
    groups: dict[str, float] = field(default_factory=dict)
    """Each group's share of rounds that ended in one of the goal's fates (`even`)."""

    def value(self, space: Space, seats: int) -> float:
        """The goal's figure to minimise."""
        if space.goal == "fair":
            return abs(self.first_share - 1 / seats)
        if space.goal == "length":
            return abs(self.mean_length - space.target)
        if space.goal == "even":
            rates = self.groups.values()
            return max(rates) - min(rates) if len(rates) > 1 else 0.0
        return max(0.0, (self.top_card[1] if self.top_card else 0.0) - space.threshold)


def measure(stats: BalanceStats, fates: tuple[str, ...] = ()) -> Measure:
    """The figures of a run; `groups` when `fates` are named."""
    share = stats.decided_share(0) if stats.decided else 1 / stats.seats
    top: tuple[str, float] | None = None
    for card in stats.keys(CARD):
        totals = stats.totals(CARD, card)
        used = sum(totals.games_used)
        if used >= MIN_USES:
            rate = sum(totals.wins_when_used) / used
            if top is None or rate > top[1]:
                top = (card, rate)
    return Measure(
        stats.games,
        share,
        stats.decided_interval(0),
        stats.mean_length(),
        top,
        group_shares(stats.statistics, fates) if fates else {},
    )


def group_shares(statistics: dict[str, float], fates: tuple[str, ...]) -> dict[str, float]:
    """Each plain group's (`blue`, not `item:knife`) share of rounds ending in `fates`."""
    shares = {}
    for key, rounds in statistics.items():
        group, _dot, name = key.partition(".")
        if name == "rounds" and ":" not in group and rounds > 0:
            shares[group] = sum(statistics.get(f"{group}.{f}", 0.0) for f in fates) / rounds
    return shares


@dataclass(frozen=True)
class Final:
    """A finalist: its trial in the search and its figures on fresh seeds."""

    trial: TrialInfo
    fresh: Measure


def ranked_finals(finals: list[Final], space: Space, seats: int) -> list[Final]:
    """Best first by the fresh figure (ties: the better search figure)."""
    return sorted(
        finals, key=lambda f: (f.fresh.value(space, seats), f.trial.value, f.trial.number)
    )
