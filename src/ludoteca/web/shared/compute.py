"""The server's computer-player work: bounded queues in front of the worker processes.

Every move of a computer seat and every game of a bot tournament runs in worker
processes (`ai.agent_pool`, at a lower CPU priority), never on the event loop or in a
thread of the server's process, so people's moves are answered however much the
computers think. Tables' computer moves queue for their workers, at most `MAX_WAITING`
jobs: while the queue is full, a new table with a computer seat is refused with 503 and
a message saying so. Bot tournaments play their games one at a time each, in a worker
of their own (a game is minutes of thinking and must not hold up a table's move), at
most `MAX_BOT_RUNS` tournaments at once. Work already admitted — the next move of a
table in play, the next game of a running tournament — always gets its place.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, TypeVar

from ludoteca.core.i18n import _
from ludoteca.web.shared.errors import WebError

T = TypeVar("T")
MAX_WAITING = 32
"""Jobs waiting for or running in a worker before new computer work is refused (a `hard`
move takes a second: a full queue is half a minute's work for one worker)."""
MAX_BOT_RUNS = 4
"""Bot tournaments playing at once; another is refused until one ends."""


def busy(message: str) -> WebError:
    """503: the computer players are busy; nothing was created."""
    return WebError(503, message)


class ComputeQueue:
    """Counts the jobs handed to `pool`; `admit` refuses new work while `limit` wait."""

    def __init__(self, pool: Executor, limit: int = MAX_WAITING) -> None:
        self.pool = pool
        self.limit = limit
        self._waiting = 0
        self._lock = threading.Lock()

    @property
    def waiting(self) -> int:
        """Jobs handed to the workers and not finished."""
        return self._waiting

    def admit(self, what: str) -> None:
        """Refuse (503) new computer work `what` while the queue is full."""
        if self._waiting >= self.limit:
            raise busy(
                _(
                    "the computer players are busy ({waiting} moves waiting, the server's "
                    "limit is {limit}): {what} cannot start now; try again in a minute",
                    waiting=self._waiting,
                    limit=self.limit,
                    what=what,
                )
            )

    def submit(self, function: Callable[..., T], *args: Any) -> Future[T]:
        """Hand `function(*args)` to a worker (from any thread); its future."""
        with self._lock:
            self._waiting += 1
        try:
            future = self.pool.submit(function, *args)
        except BaseException:
            self._done(None)
            raise
        future.add_done_callback(self._done)
        return future

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` in a worker, awaited from the event loop."""
        return await asyncio.wrap_future(self.submit(function, *args))

    def _done(self, _future: Future[Any] | None) -> None:
        with self._lock:
            self._waiting -= 1
