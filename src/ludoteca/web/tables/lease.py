"""Who plays a table's computer seats, runs a bot tournament or a study, when several
server processes share a database.

Each process is an owner (a random id). Before a computer move or a clock time-out it
takes, or renews, the table's lease in the database for `LEASE` seconds; while another
process holds an unexpired lease, it leaves the table alone. A bot tournament's run
(`event:<id>`) and a study (`study:<id>`) are leased for as long as they run (`keep`).
A process that dies stops renewing: its leases run out and the next process to look
takes them over, which every process does every `LEASE / 3` seconds for the tables
whose computer is to act, and for the bot runs and studies not over (`app.sweep`). A
process that stops cleanly gives its leases up at once. One process on SQLite holds
every lease without asking.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator

from sqlalchemy.exc import SQLAlchemyError

from ludoteca.web.tables.store import WebStore

log = logging.getLogger("ludoteca.web")
LEASE = 15.0
"""Seconds a lease lasts: longer than any computer move (at most 10 s a move)."""


class Leases:
    """This process's leases."""

    def __init__(self, store: WebStore) -> None:
        self.store = store
        self.owner = secrets.token_hex(8)
        self.shared = store.announces
        """True when other processes may share the database (PostgreSQL)."""

    async def hold(self, table_id: str) -> bool:
        """True if this process may play the table's computer seats now (lease taken or
        renewed for `LEASE` seconds)."""
        if not self.shared:
            return True
        return await asyncio.to_thread(self.store.take_lease, table_id, self.owner, LEASE)

    @contextlib.asynccontextmanager
    async def keep(self, key: str) -> AsyncIterator[bool]:
        """Hold the lease `key` while the block runs, renewed every `LEASE / 3` seconds:
        yields True, or False (holding nothing) if another process holds it. Should
        another process take it over (this one could not renew in time), the block's
        task is cancelled: one process at a time does the work."""
        if not await self.hold(key):
            yield False
            return
        renewer = None
        if self.shared:
            renewer = asyncio.create_task(self._renew(key, asyncio.current_task()))
        try:
            yield True
        finally:
            if renewer is not None:
                renewer.cancel()
                with contextlib.suppress(SQLAlchemyError):
                    await asyncio.to_thread(self.store.release_lease, key, self.owner)

    async def _renew(self, key: str, holder: asyncio.Task[object] | None) -> None:
        while True:
            await asyncio.sleep(LEASE / 3)
            try:
                held = await self.hold(key)
            except SQLAlchemyError as exc:  # the lease lasts: try again before it runs out
                log.warning("lease %s not renewed: %s", key, exc)
                continue
            if not held:
                log.error("lease %s taken over by another process: stopping here", key)
                if holder is not None:
                    holder.cancel()
                return

    async def release(self) -> None:
        """Give up every lease (stopping)."""
        if self.shared:
            await asyncio.to_thread(self.store.release_leases, self.owner)
