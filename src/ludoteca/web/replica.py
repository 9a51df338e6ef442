"""The live tables of one server process, as current as its users need them (issue 24).

Several processes may share one PostgreSQL database. Each hears the others' changes
(`web.fanout`) and replays at once only the tables it serves: one a connection here
watches, or one with computer seats or a clock, whose moves any process must stand
ready to make (`web.lease`). Any other table is only marked `behind` and caught up when
it is next asked for (`current`). An announcement that carries the move itself is
applied without reading the database, when that move is the only one missing here.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from ludoteca.core import LudotecaError
from ludoteca.core.i18n import _
from ludoteca.web.errors import not_found
from ludoteca.web.hub import Hub
from ludoteca.web.records import AGENT, Announced
from ludoteca.web.store import WebStore
from ludoteca.web.tables import LiveTable, catch_up, rebuild, replay_move

log = logging.getLogger("ludoteca.web")
ID_MAX = 64
"""Longest table id looked up in the store (ids are 12 characters)."""


class Replica:
    """This process's live tables. `changed` is told of a table another process changed
    (its clock, connections and computer seats go on)."""

    def __init__(self, store: WebStore, hub: Hub, changed: Callable[[LiveTable], None]) -> None:
        self.store = store
        self.hub = hub
        self._changed = changed
        self.tables: dict[str, LiveTable] = {}

    def load(self) -> None:
        """Rebuild every stored table by replaying its log."""
        for record in self.store.load_all():
            try:
                self.tables[record.id] = rebuild(record)
            except LudotecaError as exc:
                log.error("table %s cannot be rebuilt: %s", record.id, exc)

    async def heard(self, table_id: str, moves: int | None, move: Announced | None = None) -> None:
        """Another server process changed a table (`web.fanout`): catch it up and tell its
        connections. `moves`: how many it has stored (None: seats, names or a new table);
        `move`: the last of them, when the announcement carries it (then, if it is the
        only one missing here, nothing is read from the store)."""
        known = self.tables.get(table_id)
        if known is not None and moves is not None and known.index >= moves:
            return  # this process's own move, or already caught up
        if known is None:  # a new table (or one this process never loaded)
            record = await asyncio.to_thread(self.store.load_table, table_id)
            if record is not None and record.id not in self.tables:
                self._changed(self.tables.setdefault(record.id, rebuild(record)))
        elif self._watched(known):
            if move is None or moves is None or not await self._replay(known, moves, move):
                await self._catch_up(known)
        else:  # nobody here needs it now: replay its moves only when it is next used
            known.behind = True

    def _watched(self, table: LiveTable) -> bool:
        """True if this process keeps the table current as soon as another changes it:
        a connection here watches it, or it has computer seats or a clock, whose moves
        any process must stand ready to make (`web.lease`)."""
        return (
            self.hub.count(table.id) > 0
            or table.record.clock is not None
            or any(seat.kind == AGENT for seat in table.record.seats)
        )

    async def _replay(self, table: LiveTable, moves: int, move: Announced) -> bool:
        """Apply `move`, the table's move number `moves`, if it is the next here; False if
        it is not (moves are missing: read them from the store)."""
        async with table.lock:
            if table.behind or table.damaged is not None or table.index != moves - 1:
                return False
            replay_move(table, move.seat, move.at, move.timeout, move.action)
        self._changed(table)
        return True

    async def _catch_up(self, table: LiveTable) -> None:
        async with table.lock:  # read under the lock: never older than what memory holds
            table.behind = False
            since = table.index
            record = await asyncio.to_thread(self.store.load_table, table.id, since)
            if record is None or not catch_up(table, record, since):
                return
        self._changed(table)

    async def current(self, table_id: str) -> LiveTable:
        """The table `table_id` as stored now (404 if unknown): caught up if another
        process changed it while nobody here watched it, loaded if another process made
        it and this one has not heard yet."""
        if table_id not in self.tables and self.store.announces and len(table_id) <= ID_MAX:
            await self.heard(table_id, None)
        table = self.get(table_id)
        if table.behind:
            await self._catch_up(table)
        return table

    async def resync(self) -> None:
        """Catch every table up (after the listening connection was lost)."""
        for record in await asyncio.to_thread(self.store.load_all):
            await self.heard(record.id, None)

    def get(self, table_id: str) -> LiveTable:
        """The table `table_id` as this process knows it (404 if unknown); `current` is
        the table as stored."""
        table = self.tables.get(table_id)
        if table is None:
            raise not_found(
                _("no table {value}", value=repr(table_id[:64]))
            )  # a stranger's path is not echoed whole
        return table
