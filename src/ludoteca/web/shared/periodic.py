"""Work a server process does every few seconds in the background (webhooks' deliveries,
events' round clocks): started on the running loop, stopped when the app stops, and a
failing pass logged and tried again at the next. A pass may say when the next is due
(sooner than `every`), and `wake` asks for one now: work that knows when it is due does
not poll the database while idle."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger("ludoteca.web")


class Periodic:
    """Runs `work` every `every` seconds until `stop` (the first pass after `delay`); a
    pass that returns a float is next run after that many seconds (at most `every`; any
    other value: after `every`), and `wake` runs one at once."""

    def __init__(self, name: str, work: Callable[[], Awaitable[object]], every: float) -> None:
        self.name = name
        self.work = work
        self.every = every
        self._task: asyncio.Task[None] | None = None
        self._woken = asyncio.Event()

    def wake(self) -> None:
        """Run a pass now (or, if one is running, once it ends); on the running loop."""
        self._woken.set()

    def start(self, delay: float = 0.0) -> None:
        """Begin, on the running loop."""
        self._task = asyncio.get_running_loop().create_task(self._run(delay))

    async def stop(self) -> None:
        """Stop (a pass in progress is cancelled)."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _run(self, delay: float) -> None:
        await asyncio.sleep(delay)
        while True:
            self._woken.clear()  # a wake during the pass asks for another after it
            wait = self.every
            try:
                due = await self.work()
                if isinstance(due, float):
                    wait = min(max(due, 0.0), self.every)
            except Exception:  # the database away, say: tried again at the next pass
                log.exception("%s: a pass failed", self.name)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._woken.wait(), wait)
