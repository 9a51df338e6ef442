"""What an agent sees and how it answers: the seat's view, never the true state."""

from __future__ import annotations

import random
from functools import cached_property
from typing import Any, Protocol

from ludoteca.core import State


class SeatView:
    """The information a seat has: its observation, its legal actions, sampled worlds."""

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat
        self.legal_actions: list[str] = state.legal_actions()
        self._bare: State | None = None

    @cached_property
    def observation(self) -> dict[str, Any]:
        """What the seat may know (built on first use: agents that never read it pay nothing)."""
        return self._state.observation(self.seat)

    def sample_world(self, rng: random.Random) -> State:
        """A full state consistent with this seat's observation (`State.determinize`).

        The world carries no event log and no action history, and logs nothing as it
        is played on (`State.quiet`): searches copy and play out worlds thousands of
        times, and a log would dominate the cost.
        """
        if self._bare is None:
            bare = self._state.clone()
            bare.events, bare.history, bare.actors, bare.quiet = [], [], [], True
            self._bare = bare
        return self._bare.determinize(self.seat, rng)


_move_cap: list[float | None] = [None]


def set_move_cap(seconds: float | None) -> None:
    """Cap every search of this process at `seconds` a move, whatever its own budget
    (the web server's workers: a stranger's spec cannot make a move last minutes)."""
    _move_cap[0] = seconds


def move_cap() -> float | None:
    """Seconds a move's search may last in this process (`set_move_cap`), or None."""
    return _move_cap[0]


class Agent(Protocol):
    """A player: given a seat's view, returns one of its legal actions."""

    name: str

    def act(self, view: SeatView) -> str:
        """Choose an action from `view.legal_actions`."""
        ...


class RandomAgent:
    """Plays a uniformly random legal action (seeded)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: SeatView) -> str:
        """A random legal action."""
        return view.legal_actions[self.rng.randrange(len(view.legal_actions))]
