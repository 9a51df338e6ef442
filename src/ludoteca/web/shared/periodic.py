"""Work a server process does every few seconds in the background (webhooks' deliveries,
events' round clocks): started on the running loop, stopped when the app stops, and a
failing pass logged and tried again at the next."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger("ludoteca.web")


class Periodic:
    """Runs `work` every `every` seconds until `stop` (the first pass after `delay`)."""

    def __init__(self, name: str, work: Callable[[], Awaitable[object]], every: float) -> None:
        self.name = name
        self.work = work
        self.every = every
        self._task: asyncio.Task[None] | None = None

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
            try:
                await self.work()
            except Exception:  # the database away, say: tried again at the next pass
                log.exception("%s: a pass failed", self.name)
            await asyncio.sleep(self.every)
