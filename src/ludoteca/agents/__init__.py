"""Computer players, named with parameters: `random`, `ismcts:iterations=2000`."""

from __future__ import annotations

from collections.abc import Callable

from ludoteca.agents.base import Agent, RandomAgent, SeatView
from ludoteca.core import OptionError

AgentFactory = Callable[[int, dict[str, str]], Agent]


def _random(seed: int, params: dict[str, str]) -> Agent:
    if params:
        raise OptionError(f"agent 'random' takes no parameters (got {', '.join(params)})")
    return RandomAgent(seed)


_AGENTS: dict[str, AgentFactory] = {"random": _random}


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
