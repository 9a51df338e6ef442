"""Computer players, named with parameters: `random`, `heuristic`, `ismcts:iterations=2000`.

Installed packages may add agents to the `ludoteca.agents` entry-point group: a name
bound to a factory `(seed, params) -> Agent` (`openspiel-mcts`, from `ludoteca[rl]`).

`ismcts` parameters: `iterations` (default 1000 unless `seconds` is given),
`seconds`, `c` (UCT exploration, 0.7), `depth` (rollout actions before the leaf is
evaluated, 20), `rollout=random|heuristic`, `eval=score|heuristic` and `prior=none|heuristic`
(PUCT with the game's heuristic policy as the prior).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import TypeVar

from ludoteca.agents.base import Agent, RandomAgent, SeatView
from ludoteca.agents.heuristic import HeuristicAgent
from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.core import OptionError
from ludoteca.core.i18n import _

T = TypeVar("T", int, float)
GROUP = "ludoteca.agents"
AgentFactory = Callable[[int, dict[str, str]], Agent]


def _random(seed: int, params: dict[str, str]) -> Agent:
    if params:
        raise OptionError(
            _("agent 'random' takes no parameters (got {params})", params=", ".join(params))
        )
    return RandomAgent(seed)


def _heuristic(seed: int, params: dict[str, str]) -> Agent:
    if params:
        raise OptionError(
            _("agent 'heuristic' takes no parameters (got {params})", params=", ".join(params))
        )
    return HeuristicAgent(seed)


ISMCTS_PARAMS = (
    "c",
    "depth",
    "eval",
    "horizon",
    "iterations",
    "prior",
    "reply",
    "rollout",
    "seconds",
)


def check_params(agent: str, params: dict[str, str], known: tuple[str, ...]) -> None:
    """Refuse (`OptionError`) a parameter of `agent` that is not one of `known`."""
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise OptionError(
            _(
                "agent '{agent}' has no parameter {unknown} (known: {known})",
                agent=agent,
                unknown=", ".join(repr(u) for u in unknown),
                known=", ".join(known),
            )
        )


def _ismcts(seed: int, params: dict[str, str]) -> Agent:
    check_params("ismcts", params, ISMCTS_PARAMS)
    seconds = number_param(params, "seconds", float, None)
    iterations = number_param(params, "iterations", int, None if seconds else 1000)
    if seconds == 0 or iterations == 0:
        raise OptionError(_("agent 'ismcts' needs iterations or seconds greater than 0"))
    return ISMCTSAgent(
        seed=seed,
        iterations=iterations,
        seconds=seconds,
        exploration=number_param(params, "c", float, 0.7) or 0.0,
        rollout_depth=number_param(params, "depth", int, 20) or 0,
        rollout=choice_param(params, "rollout", ("random", "heuristic")),
        evaluation=choice_param(params, "eval", ("score", "heuristic")),
        prior=choice_param(params, "prior", ("none", "heuristic")),
        reply=number_param(params, "reply", int, 0) or 0,
        horizon=choice_param(params, "horizon", ("depth", "checkpoint")),
    )


def choice_param(params: dict[str, str], key: str, choices: tuple[str, ...]) -> str:
    """Parameter `key`, one of `choices` (the first when it is not given)."""
    value = params.get(key, choices[0])
    if value not in choices:
        raise OptionError(
            _(
                "agent parameter {key}={value} must be one of {choices}",
                key=key,
                value=repr(value),
                choices=", ".join(choices),
            )
        )
    return value


def number_param(params: dict[str, str], key: str, kind: type[T], default: T | None) -> T | None:
    """Parameter `key` as a finite, non-negative `kind` (`default` when it is not given)."""
    if key not in params:
        return default
    try:
        value = kind(params[key])
    except ValueError:
        raise OptionError(
            _("agent parameter {key}={value} must be a number", key=key, value=repr(params[key]))
        ) from None
    if kind is float and not math.isfinite(value):
        raise OptionError(
            _("agent parameter {key}={value} must be finite", key=key, value=repr(params[key]))
        )
    if value < 0:
        raise OptionError(_("agent parameter {key} must not be negative", key=key))
    return value


_AGENTS: dict[str, AgentFactory] = {
    "heuristic": _heuristic,
    "ismcts": _ismcts,
    "random": _random,
}


@cache
def _installed() -> dict[str, EntryPoint]:
    """The agents other installed packages declare, by name (built-in names win)."""
    found = {point.name: point for point in entry_points(group=GROUP)}
    return {name: point for name, point in found.items() if name not in _AGENTS}


def names(installed: bool = True) -> list[str]:
    """The agent names that `make_agent` accepts (`installed=False`: the built-in ones)."""
    return sorted(set(_AGENTS) | (set(_installed()) if installed else set()))


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split `name:key=value,key=value` into the name and its parameters.

    `;` separates parameters too (`ismcts:iterations=50;rollout=heuristic`), for
    command lines that split agent lists on commas.
    """
    name, _colon, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for item in filter(None, rest.replace(";", ",").split(",")):
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(
                _("agent parameter '{item}' in '{spec}' must be key=value", item=item, spec=spec)
            )
        params[key.strip()] = value.strip()
    return name, params


def make_agent(spec: str, seed: int = 0) -> Agent:
    """The agent named by `spec`, seeded (raises `OptionError` if unknown)."""
    name, params = parse_spec(spec)
    if name in _AGENTS:
        return _AGENTS[name](seed, params)
    if name not in _installed():
        raise OptionError(
            _("unknown agent '{name}' (available: {items})", name=name, items=", ".join(names()))
        )
    try:
        factory: AgentFactory = _installed()[name].load()
    except ImportError as exc:
        raise OptionError(
            _("agent '{name}' is installed but cannot be loaded: {exc}", name=name, exc=str(exc))
        ) from None
    return factory(seed, params)


__all__ = [
    "Agent",
    "HeuristicAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "SeatView",
    "check_params",
    "choice_param",
    "make_agent",
    "names",
    "number_param",
    "parse_spec",
    "split_specs",
]


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of agent specs whose parameters also use commas.

    `random,ismcts:iterations=50,rollout=heuristic` -> `random`,
    `ismcts:iterations=50,rollout=heuristic`: an item with `=` and no `:` is a
    parameter of the spec before it (agent names never contain `=`).
    """
    specs: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        if specs and "=" in item and ":" not in item:
            specs[-1] += ("," if ":" in specs[-1] else ":") + item
        else:
            specs.append(item)
    return specs
