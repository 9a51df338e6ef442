"""Who plays a table's computer seats when several server processes share a database.

Each process is an owner (a random id). Before a computer move or a clock time-out it
takes, or renews, the table's lease in the database for `LEASE` seconds; while another
process holds an unexpired lease, it leaves the table alone. A process that dies stops
renewing: its leases run out and the next process to look takes them over, which every
process does every `LEASE / 3` seconds for the tables whose computer is to act. A
process that stops cleanly gives its leases up at once. One process on SQLite holds
every lease without asking.
"""

from __future__ import annotations

import asyncio
import secrets

from ludoteca.web.store import WebStore

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

    async def release(self) -> None:
        """Give up every lease (stopping)."""
        if self.shared:
            await asyncio.to_thread(self.store.release_leases, self.owner)
