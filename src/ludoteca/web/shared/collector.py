"""Short garbage-collection pauses for a server that holds many tables (issue 36, item 11).

CPython's cycle collector stops the event loop for as long as it takes to scan the
objects of the generations it collects. A server playing 500 Toinc tables holds about
900,000 tracked objects (states, logs, cards, views): each full collection took 330 ms,
about every 20 s, and made people's moves' p99 ten times their p50. The objects that
survive a collection are the tables' state, their logs and the views sent at the last
move, none of them in a reference cycle: `QuietCollector` moves them to the permanent
generation (`gc.freeze`) after every collection, so each is scanned once, young, and
never again (issue 43: scanning a move's views and log lines again in each older
generation, collections took 11% of the server's CPU at 500 tables at people's pace; 4%
since). Cyclic garbage among frozen objects is kept until the next `reclaim` (every
`RECLAIM` seconds: everything is unfrozen and collected once, then frozen again), so
memory is reclaimed all the same, with one long pause an hour.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from typing import Any

RECLAIM = 3600.0
"""Seconds between two full collections of everything, frozen objects included."""


class QuietCollector:
    """Freezes the survivors of every collection; reclaims everything now and then."""

    def __init__(self, reclaim: float = RECLAIM) -> None:
        self.reclaim_every = reclaim
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Freeze what is alive now (the tables just loaded) and every later
        collection's survivors; reclaim every `reclaim_every` seconds (on the running loop)."""
        gc.freeze()
        gc.callbacks.append(self._after)
        self._task = asyncio.get_running_loop().create_task(self._reclaiming())

    async def stop(self) -> None:
        """Collect as CPython does by default again."""
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._after)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        gc.unfreeze()

    @staticmethod
    def reclaim() -> int:
        """Collect everything, frozen objects too, and freeze the survivors; how many
        unreachable objects were found."""
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        return found

    async def _reclaiming(self) -> None:
        while True:
            await asyncio.sleep(self.reclaim_every)
            self.reclaim()

    @staticmethod
    def _after(phase: str, info: dict[str, Any]) -> None:
        if phase == "stop":
            gc.freeze()
