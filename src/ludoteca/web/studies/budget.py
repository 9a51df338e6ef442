"""The work a designer's study may take of the server (issue 36, item 5).

A study is bounded before it starts (its games, settings and trials), but a game's cost
is the game's: the same 4,000 games are minutes of one game and days of another. So a
study also has a budget of worker CPU time (`STUDY_SECONDS`), measured in the worker
around each chunk of games; once it is spent, the study plays no further round (a
balance study reports the games played; a search runs no further trial).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

from ludoteca.web.shared.compute import ComputeQueue

T = TypeVar("T")
STUDY_SECONDS = 3600.0
"""Worker CPU seconds a study may spend on its games."""


def timed(function: Callable[..., T], *args: Any) -> tuple[T, float]:
    """`function(*args)` and the CPU seconds it took (run in a worker)."""
    started = time.process_time()
    result = function(*args)
    return result, time.process_time() - started


class Budget:
    """A study's worker CPU seconds left."""

    def __init__(self, seconds: float = STUDY_SECONDS) -> None:
        self.seconds = seconds
        self.spent = 0.0

    @property
    def spent_out(self) -> bool:
        """True once the study has used its seconds."""
        return self.spent >= self.seconds

    async def run(self, compute: ComputeQueue, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` on `compute`'s workers, its CPU time charged to the study."""
        outcome: tuple[T, float] = await compute.run(timed, function, *args)
        self.spent += outcome[1]
        return outcome[0]
