"""The tables of a running server: create, act, and let computer seats move (what people
do at seats besides moving, joining, naming, a rematch, is `seating`).

Every move, from a person or an agent, goes through `submit`: checked against
the live state under the table's lock, written to the action log, then applied
and announced. A move is acknowledged only after the database has it.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from ludoteca import games
from ludoteca.core import LudotecaError
from ludoteca.core.i18n import _
from ludoteca.web.shared.compute import ComputeQueue
from ludoteca.web.shared.errors import (
    WebError,
    conflict,
    unprocessable,
)
from ludoteca.web.shared.records import AGENT, HUMAN, OPEN, Move, new_token, token_hash
from ludoteca.web.tables.ai import agent_seed, choose_action, time_out_move
from ludoteca.web.tables.clock import ClockRule
from ludoteca.web.tables.hub import Hub
from ludoteca.web.tables.journal import Journal
from ludoteca.web.tables.lease import LEASE, Leases
from ludoteca.web.tables.replica import Replica
from ludoteca.web.tables.seats import check_hotseat, check_rated, check_seed, seat_spec
from ludoteca.web.tables.store import WebStore, new_table_id
from ludoteca.web.tables.table import LiveTable

log = logging.getLogger("ludoteca.web")


class TableService:
    """All tables (those in memory: `web.replica`); the only way to change one."""

    def __init__(
        self, store: WebStore, compute: ComputeQueue, slot: tuple[int, int] | None = None
    ) -> None:
        self.store = store
        self.compute = compute
        self._clock_thread = ThreadPoolExecutor(1, thread_name_prefix="clock")
        """Where time-out moves are chosen (`_play_for`): apart from the computer seats."""
        self.hub = Hub()
        self.journal = Journal(store)
        self.leases = Leases(store)
        # `slot`: this process's of `serve --workers N` (`web.shared.routing`), or None.
        self.replica = Replica(store, self.hub, self._changed, slot)
        self.tables = self.replica.tables
        self.load = self.replica.load
        self.current, self.heard = self.replica.current, self.replica.heard
        self.resync = self.replica.resync
        self.finished: list[Callable[[LiveTable], Awaitable[None]]] = []
        """Awaited once a table's last move is stored and applied, by the process that
        applied it: the ratings (`web.accounts.rated`), an event's result (`web.hosted`)."""
        self.rematched: list[Callable[[LiveTable, LiveTable], None]] = []
        """Called (in a thread) with a finished table and its rematch, once made: a rated
        table's accounts follow their people to it (`web.accounts.rated`)."""

    def _changed(self, table: LiveTable) -> None:
        self.arm_clock(table)
        self.hub.notify(table.id)
        self.kick(table)

    def start_agents(self) -> None:
        """Let every table whose turn is a computer seat's go on, and start the clocks that
        run (after a restart)."""
        for table in self.tables.values():
            self.kick(table)
            self.arm_clock(table)
        self.replica.start()

    async def stop(self) -> None:
        """Cancel the agents' turns in progress (their moves were not stored); let a WAL
        checkpoint in progress finish."""
        await self.replica.stop()
        for table in self.tables.values():
            if table.clock_timer is not None:
                table.clock_timer.cancel()
        tasks = [t.agent_task for t in self.tables.values() if t.agent_task]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._clock_thread.shutdown(wait=False, cancel_futures=True)
        await self.journal.stop()
        with contextlib.suppress(SQLAlchemyError):  # else they run out in `LEASE` seconds
            await self.leases.release()

    async def create(
        self,
        game_name: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        seed: int | None,
        *,
        hotseat: bool = False,
        listed: bool | None = None,
        clock: ClockRule | None = None,
        kept: dict[int, str] | None = None,
        device: str | None = None,
        rated: bool = False,
    ) -> tuple[LiveTable, dict[int, str]]:
        """A new table; returns it and the secret token of each human seat. It is `listed`
        in the lobby, or reached by its link only; by default, listed when it has an open
        seat (someone must find it to take it).

        Its seed is drawn by the server (`secrets`) and sent to no one before the game
        ends. A chosen `seed` is taken only where it cheats no one (see `seats.check_seed`).
        A `clock` times every person's seat (`web.clock`). `kept`: human seats that keep a
        person's token from an earlier table (seat -> token hash): no new token for them.
        A `hotseat` table names no one; with a chosen seed it is bound to the `device` it
        was made on (`web.devices`). A `rated` table's open seats are taken by signed-in
        players only (`join`'s `member`), and its end runs the `finished` hooks."""
        try:
            # Parsing uploaded data files takes a few milliseconds: off the event loop.
            game = await asyncio.to_thread(games.load, game_name, **options)
            specs = [seat_spec(n, raw, game_name) for n, raw in enumerate(seats)]
        except LudotecaError as exc:
            raise unprocessable(str(exc)) from None
        if len(specs) != game.num_seats:
            raise unprocessable(
                _(
                    "{game_name} with these options has {num_seats} seats; {count} were given",
                    game_name=game_name,
                    num_seats=game.num_seats,
                    count=len(specs),
                )
            )
        if hotseat:
            check_hotseat(specs)
        if seed is not None:
            check_seed(game, specs, hotseat)
        if rated:
            check_rated(seed is not None, hotseat)
        if any(spec.kind == AGENT for spec in specs):
            self.compute.admit(_("a table with computer seats"))
        tokens: dict[int, str] = {}
        for spec in specs:
            if spec.kind == HUMAN and kept and spec.seat in kept:
                spec.token_hash = kept[spec.seat]
            elif spec.kind == HUMAN:
                tokens[spec.seat] = new_token()
                spec.token_hash = token_hash(tokens[spec.seat])
        seeded = seed is not None
        bound = seeded and sum(1 for spec in specs if spec.kind == HUMAN) > 1
        if bound and device is None:
            raise unprocessable(_("a seeded hot-seat table is bound to the browser making it"))
        if seed is None:
            seed = secrets.randbelow(2**62)
        record = await asyncio.to_thread(
            functools.partial(
                self.store.create_table,
                seeded=seeded,
                hotseat=hotseat,
                device_hash=token_hash(device) if bound and device is not None else None,
                listed=any(spec.kind == OPEN for spec in specs) if listed is None else listed,
                clock=None if clock is None else clock.to_json(),
                table_id=self._new_id(),
                rated=rated,
            ),
            game_name,
            dict(game.options),
            seed,
            specs,
        )
        # This process's listener may have rebuilt it already from the announcement.
        table = self.replica.add(LiveTable(record, game, game.new_game(seed)))
        self.kick(table)
        self.arm_clock(table)
        return table, tokens

    def _new_id(self) -> str:
        """A new table id this process owns (any id when it is alone): its players'
        connections are then routed here, where the table already is."""
        while True:
            table_id = new_table_id()
            if self.replica.mine(table_id):
                return table_id

    async def submit(self, table: LiveTable, seat: int, index: int, action: str) -> int:
        """A person's move (see `_commit`); then the computer seats may answer. A move
        made after its seat's time ran out is refused: the computer makes it."""
        if table.index == index and table.out_of_time(datetime.now(UTC)) == seat:
            self._time_out(table, index, seat)
            raise conflict(_("your time ran out: the computer makes this move for you"))
        new_index = await self._commit(table, seat, index, action)
        self.kick(table)
        return new_index

    async def _commit(
        self, table: LiveTable, seat: int, index: int, action: str, timeout: bool = False
    ) -> int:
        """Check, store, then apply move `index`; returns the new index (the acknowledgement).
        `timeout`: the computer's move for a person whose clock ran out."""
        try:
            async with table.lock:
                table.check_move(seat, index, action)
                # Shielded: once the write has started, the move is applied even if the
                # request is cancelled, so memory never falls behind the log.
                new_index = await asyncio.shield(
                    self._store_and_apply(table, seat, index, action, timeout)
                )
        except WebError as exc:
            if exc.status == 409 and self.store.announces:  # another process moved first
                await self.heard(table.id, None)
            raise
        self.arm_clock(table)
        self.hub.notify(table.id)
        return new_index

    async def _store_and_apply(
        self, table: LiveTable, seat: int, index: int, action: str, timeout: bool
    ) -> int:
        try:
            await self.journal.append(Move(table.id, index, seat, action, timeout))
        except SQLAlchemyError as exc:
            log.error("table %s: move %d not stored: %s", table.id, index, exc)
            raise WebError(
                503, _("the move could not be stored; nothing changed, try again")
            ) from None
        table.record_move(seat, datetime.now(UTC), timeout)
        table.state.apply(action)
        self.replica.moved(table)
        if table.state.is_terminal:
            with contextlib.suppress(SQLAlchemyError):  # the log alone also tells the end
                await asyncio.to_thread(self.store.mark_finished, table.id)
            for hook in self.finished:
                try:
                    await hook(table)
                except Exception:  # a hook's failure loses no move
                    log.exception("table %s: an end-of-game hook failed", table.id)
        return table.index

    def kick(self, table: LiveTable) -> None:
        """Start the computer seats' turns if one is to act and none is running."""
        if table.agent_to_act() is None:
            return
        if table.agent_task is not None and not table.agent_task.done():
            return
        table.agent_task = asyncio.get_running_loop().create_task(self._play_agents(table))

    async def _play_agents(self, table: LiveTable) -> None:
        while (stored := table.agent_to_act()) is not None:
            assert stored.agent is not None
            if not await self._hold(table):
                return
            index, record = table.index, table.record
            try:
                action = await self.compute.run(
                    choose_action,
                    record.game,
                    record.options,
                    record.seed,
                    list(table.state.history),
                    stored.seat,
                    stored.agent,
                )
                await self._commit(table, stored.seat, index, action)
            except WebError as exc:
                if exc.status == 409 and table.index != index:
                    continue  # someone else moved meanwhile: think again
                log.error("agent of table %s seat %s refused: %s", table.id, stored.seat, exc)
                table.agent_error = f"the computer of seat {stored.seat} failed (see server log)"
            except Exception:  # the agent crashed: stop this table's agents
                log.exception("agent of table %s seat %s failed", table.id, stored.seat)
                table.agent_error = f"the computer of seat {stored.seat} failed (see server log)"
            # Every seat reads `agent_error`: it names no action, since those may be hidden.
            if table.agent_error:
                self.hub.notify(table.id)
                return

    async def _hold(self, table: LiveTable, index: int = -1, seat: int = -1) -> bool:
        """True if this process plays the table's computer moves now (`web.lease`); else
        it looks again in a while, in case the holder has died: the computer's turn
        (`kick`), or the time-out of move `index` for `seat`."""
        try:
            if await self.leases.hold(table.id):
                return True
        except SQLAlchemyError as exc:
            log.error("table %s: lease not taken: %s", table.id, exc)
        loop = asyncio.get_running_loop()
        if index < 0:
            loop.call_later(LEASE / 3, self.kick, table)
        else:
            table.clock_timer = loop.call_later(LEASE / 3, self._time_out, table, index, seat)
        return False

    def arm_clock(self, table: LiveTable) -> None:
        """Set the table's alarm for when the running clock runs out (none if none runs)."""
        if table.clock_timer is not None:
            table.clock_timer.cancel()
            table.clock_timer = None
        seat = table.clock_running()
        if seat is None:
            return
        spent = (datetime.now(UTC) - table.clock_started()).total_seconds()
        delay = max(0.0, table.clock_left()[seat] - spent)
        table.clock_timer = asyncio.get_running_loop().call_later(
            delay, self._time_out, table, table.index, seat
        )

    def _time_out(self, table: LiveTable, index: int, seat: int) -> None:
        """A person's clock ran out at move `index`: the computer moves for them."""
        table.clock_timer = None
        if table.index == index and table.clock_running() == seat:
            asyncio.get_running_loop().create_task(self._play_for(table, index, seat))

    async def _play_for(self, table: LiveTable, index: int, seat: int) -> None:
        """The game's hand-written policy (the medium level) makes move `index` for
        `seat`, marked a time-out. It is chosen on a thread of its own, never behind the
        computer seats' queue: however busy the computers, a clock runs out on time."""
        if not await self._hold(table, index, seat):
            return
        state, seed = table.state.clone(), agent_seed(table.record.seed, index, seat)
        if table.index != index:  # they moved meanwhile
            return
        action = await asyncio.get_running_loop().run_in_executor(
            self._clock_thread, time_out_move, state, seat, seed
        )
        try:
            await self._commit(table, seat, index, action, timeout=True)
        except WebError as exc:
            if not (exc.status == 409 and table.index != index):  # else: they moved
                log.error("table %s: time-out move of seat %s refused: %s", table.id, seat, exc)
            return
        self.kick(table)
