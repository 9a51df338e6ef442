"""Computer players, named with parameters: `random`, `ismcts:iterations=2000`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ludoteca.agents.base import Agent, RandomAgent, SeatView
from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.core import OptionError

T = TypeVar("T", int, float)
AgentFactory = Callable[[int, dict[str, str]], Agent]


def _random(seed: int, params: dict[str, str]) -> Agent:
    if params:
        raise OptionError(f"agent 'random' takes no parameters (got {', '.join(params)})")
    return RandomAgent(seed)


def _ismcts(seed: int, params: dict[str, str]) -> Agent:
    known = {"iterations", "seconds", "c", "depth"}
    unknown = sorted(set(params) - known)
    if unknown:
        raise OptionError(
            f"agent 'ismcts' has no parameter '{unknown[0]}' (known: {', '.join(sorted(known))})"
        )
    seconds = _number(params, "seconds", float, None)
    iterations = _number(params, "iterations", int, None if seconds else 1000)
    return ISMCTSAgent(
        seed=seed,
        iterations=iterations,
        seconds=seconds,
        exploration=_number(params, "c", float, 0.7) or 0.7,
        rollout_depth=_number(params, "depth", int, 200) or 0,
    )


def _number(params: dict[str, str], key: str, kind: type[T], default: T | None) -> T | None:
    if key not in params:
        return default
    try:
        value = kind(params[key])
    except ValueError:
        raise OptionError(f"agent parameter {key}={params[key]!r} must be a number") from None
    if value < 0:
        raise OptionError(f"agent parameter {key} must not be negative")
    return value


_AGENTS: dict[str, AgentFactory] = {"random": _random, "ismcts": _ismcts}


def names() -> list[str]:
    """The agent names that `make_agent` accepts."""
    return sorted(_AGENTS)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split `name:key=value,key=value` into the name and its parameters."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for item in filter(None, rest.split(",")):
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"agent parameter '{item}' in '{spec}' must be key=value")
        params[key.strip()] = value.strip()
    return name, params


def make_agent(spec: str, seed: int = 0) -> Agent:
    """The agent named by `spec`, seeded (raises `OptionError` if unknown)."""
    name, params = parse_spec(spec)
    if name not in _AGENTS:
        raise OptionError(f"unknown agent '{name}' (available: {', '.join(names())})")
    return _AGENTS[name](seed, params)


__all__ = ["Agent", "RandomAgent", "SeatView", "make_agent", "names", "parse_spec"]
