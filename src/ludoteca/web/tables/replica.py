"""The live tables of one server process: which it holds in memory, and how current.

**In memory.** A process holds the tables in use: those a connection here watches, whose
computer seat or running clock may move with nobody asking, or that someone asked for in
the last `IDLE` seconds (`FINISHED_IDLE` for a game over), and at most `KEPT` such idle
ones. Any other table leaves memory (it is in the database; issue 36, item 9) and is
rebuilt from its log when it is next asked for, off the event loop, one at a time, at
most `LOADING` waiting (503 beyond; the requests for one table share its rebuild). The
lobby's line of a table out of memory is kept (`shelf`, at most `SHELVED`). At its start
a process loads only the unfinished tables it must hold or that were in use
(`WebStore.load_needed`): everyone reconnecting after a restart finds theirs loaded.

**Current.** Several processes may share one PostgreSQL database. Each hears the others'
changes (`web.fanout`): the moves of the tables it holds (`following`), and the other
changes of every table. It replays at once only the tables it serves: one a connection
here watches, or one with computer seats or a clock, whose moves any process must stand
ready to make (`web.lease`). Any other table is only marked `behind` and caught up when
it is next asked for (`current`). An announcement that carries the move itself is
applied without reading the database, when that move is the only one missing here.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import heapq
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import orjson

from ludoteca.core import LudotecaError
from ludoteca.core.i18n import _
from ludoteca.web.shared.compute import busy
from ludoteca.web.shared.errors import WebError, not_found
from ludoteca.web.shared.records import AGENT, Announced, StoredTable
from ludoteca.web.shared.routing import TABLE_ID, owns
from ludoteca.web.tables.hub import Hub
from ludoteca.web.tables.store import WebStore
from ludoteca.web.tables.summaries import table_summary
from ludoteca.web.tables.table import LiveTable, catch_up, rebuild, replay_move

log = logging.getLogger("ludoteca.web")
ID_PATTERN = re.compile(TABLE_ID)
"""A table id looked up in the store (`web.shared.routing.TABLE_ID`)."""
IDLE = 300.0
"""Seconds an unfinished table nobody here watches stays in memory after its last use."""
FINISHED_IDLE = 60.0
"""The same for a table whose game is over (its replay is rebuilt in 30 ms or so)."""
KEPT = 256
"""Idle tables held at most (the least recently used leave first)."""
SHELVED = 4096
"""Lobby lines of tables out of memory kept at most (as JSON, about 500 bytes each)."""
LOADING = 256
"""Tables waiting to be rebuilt (all of them in 10 s or so) before a request for another
is refused (503)."""
FRESH = 30.0
"""Seconds after its last use a table stays in memory whatever the counts."""
SWEEP = 15.0
"""Seconds between two looks for tables to let go."""
LISTED = 200
"""Listed tables loaded at the start: the lobby's (`api.LISTED`)."""


class Replica:
    """This process's live tables. `changed` is told of a table another process changed
    or that was loaded again (its clock, connections and computer seats go on)."""

    def __init__(
        self,
        store: WebStore,
        hub: Hub,
        changed: Callable[[LiveTable], None],
        slot: tuple[int, int] | None = None,
    ) -> None:
        self.store = store
        self.hub = hub
        self._changed = changed
        self.slot = slot
        """This process's slot of `serve --workers N` (`web.shared.routing`), or None."""
        self.tables: dict[str, LiveTable] = {}
        """The tables in memory."""
        self.shelf: OrderedDict[str, Shelved] = OrderedDict()
        """The lobby lines of tables out of memory, the latest let go last."""
        self._turn = asyncio.Semaphore(1)
        self._loading: dict[str, asyncio.Task[LiveTable]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self.following: Following | None = None
        """Told of each table held and let go (`web.fanout.Listener`), if others may move it."""

    def load(self) -> None:
        """Rebuild the tables this process must hold from its start (see the module)."""
        for record in self.store.load_needed(LISTED, IDLE):
            try:
                self.add(rebuild(record))
            except LudotecaError as exc:
                log.error("table %s cannot be rebuilt: %s", record.id, exc)

    def start(self) -> None:
        """Let idle tables go every `SWEEP` seconds, until `stop`."""
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def stop(self) -> None:
        """Stop letting tables go."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP)
            self.sweep()

    def held(self, table: LiveTable) -> bool:
        """True if `table` must stay in memory now: a connection here watches it, a move
        of it is in progress, or its computer seat or its running clock may move."""
        return (
            self.hub.count(table.id) > 0
            or table.lock.locked()
            or (table.agent_task is not None and not table.agent_task.done())
            or table.agent_to_act() is not None
            or table.clock_running() is not None
        )

    def sweep(self, now: float | None = None) -> int:
        """Let go the tables not held that were idle too long, and the least recently used
        beyond `KEPT`; how many went."""
        now = time.monotonic() if now is None else now
        idle = sorted((t for t in self.tables.values() if not self.held(t)), key=_last_used)
        gone = 0
        for rank, table in enumerate(idle):
            if now - table.used < FRESH:  # a request may hold it between two awaits
                break
            limit = FINISHED_IDLE if table.state.is_terminal else IDLE
            if rank < len(idle) - KEPT or now - table.used > limit:
                self._let_go(table)
                gone += 1
        return gone

    def moved(self, table: LiveTable) -> None:
        """A move of `table` was stored: if it had left memory meanwhile (a request held
        it), it is held again; a copy loaded meanwhile catches up when next used."""
        held = self.add(table)
        if held is not table:
            held.behind = True

    def _let_go(self, table: LiveTable) -> None:
        """Drop `table` from memory, keeping its lobby line (unless it is behind)."""
        del self.tables[table.id]
        if self.following is not None:
            self.following.unfollow(table.id)
        if table.clock_timer is not None:  # none runs when not held; never one left behind
            table.clock_timer.cancel()
        if table.behind:
            return
        line = table_summary(table)
        self.shelf[table.id] = Shelved(line["created_at"], table.record.listed, orjson.dumps(line))
        while len(self.shelf) > SHELVED:
            self.shelf.popitem(last=False)

    def listed(self, count: int) -> list[dict[str, Any]]:
        """The lobby lines of the newest `count` listed tables this process knows, in
        memory or let go, newest first."""
        known: list[tuple[str, LiveTable | Shelved]] = [
            (t.record.created_at.isoformat(), t) for t in self.tables.values() if t.record.listed
        ]
        known += [
            (line.created_at, line)
            for key, line in self.shelf.items()
            if line.listed and key not in self.tables
        ]
        newest = heapq.nlargest(count, known, key=_first)
        return [_line(item) for _at, item in newest]

    def summary(self, table_id: str) -> dict[str, Any] | None:
        """The lobby line of a table in memory or let go (None: neither)."""
        item = self.tables.get(table_id) or self.shelf.get(table_id)
        return None if item is None else _line(item)

    async def lines(self, ids: list[str]) -> list[dict[str, Any]]:
        """The lobby lines of those tables of `ids` that exist, in that order: from memory,
        kept, or loaded (one query tells which of the others are stored; one that cannot
        be loaded now, 503, is left out)."""
        found = {table_id: self.summary(table_id) for table_id in ids}
        missing = [i for i, line in found.items() if line is None and ID_PATTERN.fullmatch(i)]
        stored = await asyncio.to_thread(self.store.existing, missing) if missing else set()
        for table_id in missing:
            if table_id in stored:
                with contextlib.suppress(WebError):
                    found[table_id] = table_summary(await self.current(table_id))
        return [line for line in found.values() if line is not None]

    async def heard(self, table_id: str, moves: int | None, move: Announced | None = None) -> None:
        """Another server process changed a table (`web.fanout`): catch it up and tell its
        connections. `moves`: how many it has stored (None: seats, names or a new table);
        `move`: the last of them, when the announcement carries it (then, if it is the
        only one missing here, nothing is read from the store)."""
        known = self.tables.get(table_id)
        if known is not None and moves is not None and known.index >= moves:
            return  # already caught up (read back from the store meanwhile)
        if known is None and moves is not None:
            return  # let go meanwhile (its moves are heard by the processes holding it)
        if known is None:  # a new table, or one out of memory: in play again
            self.shelf.pop(table_id, None)
            with contextlib.suppress(WebError):
                loaded = await self._fetch(table_id)
                if not self.mine(table_id) and not self.held(loaded):
                    self._let_go(loaded)  # its owner holds it: its lobby line is kept here
                elif moves is None or loaded.index < moves:  # read before the change
                    await self._catch_up(loaded)
            return
        known.used = time.monotonic()  # in play elsewhere: held as long as it is
        if self._watched(known):
            if move is None or moves is None or not await self._replay(known, moves, move):
                await self._catch_up(known)
        else:  # nobody here needs it now: replay its moves only when it is next used
            known.behind = True

    async def listened(self, table_id: str) -> None:
        """The moves of a table held here are heard from now on: those stored before were
        not, so it is caught up from the store now (a table marked `behind` instead would
        lose its lobby line when let go)."""
        known = self.tables.get(table_id)
        if known is not None:
            await self._catch_up(known)

    def mine(self, table_id: str) -> bool:
        """True if this process owns the table (always when it is alone): one that another
        of `serve --workers N`'s processes owns is held here only while asked for here
        (a new one is loaded for its lobby line, then let go)."""
        return self.slot is None or owns(table_id, *self.slot)

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
        """The table `table_id` as stored now (404 if unknown): loaded if it is not in
        memory, caught up if another process changed it while nobody here watched it."""
        table = self.tables.get(table_id)
        if table is None:
            table = await self._fetch(table_id)
        table.used = time.monotonic()
        if table.behind:
            await self._catch_up(table)
        return table

    async def _fetch(self, table_id: str) -> LiveTable:
        """Load a table into memory from the store (404 if unknown), replaying its log off
        the event loop, one table at a time; requests for one table share its loading, and
        while `LOADING` tables wait another is refused (503)."""
        if not ID_PATTERN.fullmatch(table_id):  # not an id the store could hold
            raise _unknown(table_id)
        pending = self._loading.get(table_id)
        if pending is None:
            record = await asyncio.to_thread(self.store.load_table, table_id)
            if record is None:
                raise _unknown(table_id)
            if table_id in self.tables:  # loaded meanwhile
                return self.tables[table_id]
            pending = self._loading.get(table_id)
            if pending is None:
                if len(self._loading) >= LOADING:
                    raise busy(_("too many tables are being loaded; try again shortly"))
                pending = asyncio.get_running_loop().create_task(self._rebuild(record))
                self._loading[table_id] = pending
                pending.add_done_callback(functools.partial(self._loaded, table_id))
        return await asyncio.shield(pending)  # a request gone does not stop the others'

    async def _rebuild(self, record: StoredTable) -> LiveTable:
        async with self._turn:
            if record.id in self.tables:
                return self.tables[record.id]
            rebuilt = await asyncio.to_thread(rebuild, record)
        table = self.add(rebuilt)
        if table is rebuilt:
            self._changed(table)
        return table

    def _loaded(self, table_id: str, task: asyncio.Task[LiveTable]) -> None:
        self._loading.pop(table_id, None)
        if not task.cancelled():
            task.exception()  # seen, whether anyone still waits for it or not

    def add(self, table: LiveTable) -> LiveTable:
        """Hold a table just made or loaded; returns the one held (another process's
        announcement may have loaded it first)."""
        held = self.tables.setdefault(table.id, table)
        if held is table:
            self.shelf.pop(table.id, None)
            if self.following is not None:
                self.following.follow(table.id)
            if len(self.tables) > 2 * KEPT:  # many made at once: no waiting for the sweep
                self.sweep()
        return held

    async def resync(self) -> None:
        """Catch every table in memory up (after the listening connection was lost); the
        shelved lobby lines may be stale: they are dropped."""
        self.shelf.clear()
        for table_id in list(self.tables):
            await self.heard(table_id, None)


class Following(Protocol):
    """Whoever hears the moves of the tables held here (`web.fanout.Listener`)."""

    def follow(self, table_id: str) -> None: ...

    def unfollow(self, table_id: str) -> None: ...


@dataclass(frozen=True)
class Shelved:
    """The lobby line of a table let go, as JSON (a third of the dict's bytes)."""

    created_at: str
    listed: bool
    line: bytes


def _line(item: LiveTable | Shelved) -> dict[str, Any]:
    if isinstance(item, Shelved):
        line: dict[str, Any] = orjson.loads(item.line)
        return line
    return table_summary(item)


def _first(pair: tuple[str, LiveTable | Shelved]) -> str:
    return pair[0]


def _last_used(table: LiveTable) -> float:
    return table.used


def _unknown(table_id: str) -> WebError:
    """404 for a table id (a stranger's path is not echoed whole)."""
    return not_found(_("no table {value}", value=repr(table_id[:64])))
