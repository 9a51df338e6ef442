"""Tournament events of a running server: create, authorize, change, run bot tournaments.

The database is the one source of truth: each request loads the event, changes
it through `ludoteca.tournament` and stores it before answering. A lock per
event orders the changes of this process; the store's revision check refuses
a change based on an old state (another process). Organizer keys are random
and only their SHA-256 is stored, like seat tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import random
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from ludoteca.core import LudotecaError
from ludoteca.core.i18n import _
from ludoteca.tournament import rulesets
from ludoteca.tournament.bots import BotMatch
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.event_rules import EventStaff, parse_tier
from ludoteca.tournament.melee import MeleeEvent
from ludoteca.tournament.store import Tournament
from ludoteca.web.events import bots
from ludoteca.web.events.forget import Swaps
from ludoteca.web.events.ops import OPERATIONS
from ludoteca.web.events.store import RUNNING, EventStore, StoredEvent
from ludoteca.web.shared.compute import MAX_BOT_RUNS, ComputeQueue, busy
from ludoteca.web.shared.errors import WebError, bad_request, conflict, forbidden, unprocessable
from ludoteca.web.shared.records import new_token, token_hash
from ludoteca.web.shared.requests import field_int, field_seed, field_str
from ludoteca.web.tables.lease import Leases

log = logging.getLogger("ludoteca.web")
KINDS = ("duel", "melee")
STOP_WAIT = 5.0  # seconds a stopping server waits for the bots' game in play
PROGRESS_EVERY = 1.0
"""Seconds between two writes of a bot run's games played (for the other processes)."""
FORGET_ATTEMPTS = 3  # a deleted account's renaming, if other processes change the event meanwhile
T = TypeVar("T")


class EventService:
    """All events of the web app's database; the only way to change one."""

    def __init__(self, store: EventStore, compute: ComputeQueue, leases: Leases) -> None:
        self.store = store
        self.compute = compute
        self.leases = leases
        self._starting = 0  # bot runs admitted and being stored
        self._locks: dict[str, tuple[asyncio.Lock, list[int]]] = {}
        """A lock per event being changed now, with its holders and waiters (`_locked`):
        an id leaves when its last change ends, so made-up ids leave nothing behind."""
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._live: dict[str, dict[str, int]] = {}  # bot runs: games played, round in play
        self._stop = threading.Event()
        self.before: list[Callable[[StoredEvent, str], Awaitable[None]]] = []
        """Called with the event and an organizer's operation before it is applied (events
        played on the site drop their no-shows before round 1 is paired: `web.hosted`)."""
        self.after: list[Callable[[StoredEvent, str], Awaitable[None]]] = []
        """Called with the event as an organizer's operation stored it (events played on
        the site make their new matches' tables)."""
        self.changed: list[Callable[[StoredEvent, str], Awaitable[None]]] = []
        """Called with the event as any operation stored it, the server's own included
        (the event's webhooks are told)."""

    async def create(self, data: dict[str, Any]) -> tuple[StoredEvent, str]:
        """A new Duel or Melee event `{kind, name, tier?, seed?, round_minutes?, rules?}`
        (`rules`: a Duel's rule set, `rulesets.names()`) and its key."""
        kind = data.get("kind", "duel")
        if kind not in KINDS:
            raise bad_request(_("field 'kind' must be duel or melee"))
        name = field_str(data, "name", 200).strip()
        if not name:
            raise bad_request(_("field 'name' must not be blank"))
        seed = field_seed(data)
        seed = _new_seed() if seed is None else seed
        minutes = field_int(data, "round_minutes") if data.get("round_minutes") else None
        rules = field_str(data, "rules", 40) if data.get("rules") else rulesets.DEFAULT
        if kind != "duel" and rules != rulesets.DEFAULT:
            raise bad_request(_("field 'rules' is for Duel events; Melee follows agot"))
        try:
            staff = EventStaff(parse_tier(str(data.get("tier") or "local")))
            if kind == "duel":
                event: DuelEvent | MeleeEvent = DuelEvent(name, seed, minutes or 60, rules)
            else:
                event = MeleeEvent(name, str(seed), minutes=minutes or 105)
        except LudotecaError as exc:
            raise unprocessable(str(exc)) from None
        return await self._store_new(Tournament(kind, event, staff), None)

    async def create_bots(self, data: dict[str, Any]) -> tuple[StoredEvent, str]:
        """A bot tournament (see `bots.bot_event`), started at once; returns its key."""
        try:
            record, settings = bots.bot_event(data)
        except LudotecaError as exc:
            raise unprocessable(str(exc)) from None
        running = self._starting + sum(1 for task in self._tasks.values() if not task.done())
        if running >= MAX_BOT_RUNS:
            raise busy(
                f"{running} bot tournaments are playing, the server's limit: "
                "a new one cannot start now; try again when one has ended"
            )
        self._starting += 1  # holds its place while it is stored
        try:
            stored, key = await self._store_new(record, settings)
            self.run_bots(stored.id)
        finally:
            self._starting -= 1
        return stored, key

    async def _store_new(
        self, record: Tournament, bots: dict[str, Any] | None
    ) -> tuple[StoredEvent, str]:
        key = new_token()
        stored = await asyncio.to_thread(self.store.create, record, token_hash(key), bots)
        return stored, key

    @asynccontextmanager
    async def _locked(self, event_id: str) -> AsyncIterator[None]:
        """One change of `event_id` at a time (its lock is dropped once nobody needs it)."""
        lock, users = self._locks.setdefault(event_id, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if users[0] == 0:
                del self._locks[event_id]

    async def load(self, event_id: str) -> StoredEvent:
        """The event `event_id` as stored now (404 if unknown)."""
        return await asyncio.to_thread(self.store.load, event_id)

    async def listing(self, limit: int, before: str | None) -> list[tuple[str, str, str]]:
        """A page of events as (id, name, kind), newest first (`EventStore.listing`)."""
        return await asyncio.to_thread(self.store.listing, limit, before)

    async def load_as_organizer(self, event_id: str, key: str | None) -> StoredEvent:
        """The event, after checking the organizer key (403 without it or if wrong)."""
        event = await self.load(event_id)
        authorize(event, key)
        return event

    async def co_organizer(self, event_id: str, key: str | None, *, make: bool) -> str | None:
        """Make a new co-organizer key (replacing any other; returned once) or revoke it.
        Only the organizer's own key may (403 for a co-organizer's)."""
        async with self._locked(event_id):
            event = await self.load(event_id)
            if authorize(event, key) != ORGANIZER:
                raise forbidden(
                    _("only the organizer's own key hands out or revokes co-organizer links")
                )
            new = new_token() if make else None
            await asyncio.to_thread(
                self.store.set_co_key, event, None if new is None else token_hash(new)
            )
            return new

    async def journal(self, event_id: str) -> list[dict[str, Any]]:
        """The event's changes in order."""
        return await asyncio.to_thread(self.store.journal, event_id)

    async def operate(
        self,
        event_id: str,
        key: str | None,
        operation: str,
        data: dict[str, Any],
        *,
        trusted: bool = False,
    ) -> tuple[dict[str, Any], StoredEvent]:
        """Apply organizer `operation` to the event; stored before the answer, or nothing.
        `trusted`: the server's own (a registration, a result from a table played here),
        with no key and no hooks."""
        apply_operation = OPERATIONS[operation]
        if not trusted and self.before:
            before = await self.load(event_id)
            authorize(before, key)
            for hook in self.before:
                await hook(before, operation)

        def apply(event: StoredEvent) -> dict[str, Any]:
            if not trusted:
                authorize(event, key)
            if event.bots is not None and event.bots.get("status") == RUNNING:
                raise conflict(_("the bots are playing this event; wait until their run is over"))
            try:
                return apply_operation(event, data)
            except LudotecaError as exc:
                raise unprocessable(str(exc)) from None

        async with self._locked(event_id):
            done = await asyncio.to_thread(self.store.change, event_id, operation, data, apply)
        if not trusted:
            for hook in self.after:
                await hook(done[1], operation)
        for hook in self.changed:
            await hook(done[1], operation)
        return done

    async def forget_player(self, event_id: str, player_id: str) -> Swaps:
        """Rename a deleted account's player `#<number>` (`EventStore.forget_player`),
        tried again if another process changed the event meanwhile; the names swapped."""
        for attempt in range(FORGET_ATTEMPTS):
            try:
                async with self._locked(event_id):
                    return await asyncio.to_thread(self.store.forget_player, event_id, player_id)
            except WebError as exc:
                if exc.status != 409 or attempt == FORGET_ATTEMPTS - 1:
                    raise
        return Swaps()

    # ------------------------------------------------------------------ bots
    def bots_progress(self, event: StoredEvent) -> dict[str, Any] | None:
        """A bot run's progress: status, games played of the total, round in play."""
        if event.bots is None or not isinstance(event.record.event, DuelEvent):
            return None
        live = self._live.get(event.id, {})
        stored_played = bots.played_matches(event.record.event)
        running = event.bots.get("status") == RUNNING
        return {
            "status": event.bots.get("status"),
            "error": event.bots.get("error"),
            "game": event.bots.get("game"),
            "played": (
                max(stored_played, event.bots_played, live.get("played", 0))
                if running
                else stored_played
            ),
            "total": bots.total_matches(event.bots),
            "rounds": event.bots.get("rounds"),
            "top_cut": event.bots.get("top_cut"),
        }

    async def resume(self) -> None:
        """Go on with every bot run that no process runs: one a restart interrupted, or
        whose process died (its lease ran out; `web.lease`)."""
        for event_id in await asyncio.to_thread(self.store.running_bots):
            self.run_bots(event_id)

    def run_bots(self, event_id: str) -> None:
        """Start the bot run of `event_id` in the background (once)."""
        task = self._tasks.get(event_id)
        if task is None or task.done():
            loop = asyncio.get_running_loop()
            self._tasks[event_id] = loop.create_task(self._run(event_id))

    async def _run(self, event_id: str) -> None:
        async with self.leases.keep(f"event:{event_id}") as held:
            if held:  # else another process runs it
                await self._play(event_id)

    async def _play(self, event_id: str) -> None:
        said = 0.0  # when the games played were last written for the other processes

        def heard(stored: StoredEvent, _match: BotMatch) -> None:
            nonlocal said
            assert isinstance(stored.record.event, DuelEvent)
            played = bots.played_matches(stored.record.event)
            self._live[event_id] = {"played": played}
            if time.monotonic() - said >= PROGRESS_EVERY:
                said = time.monotonic()
                try:
                    self.store.record_played(event_id, played)
                except SQLAlchemyError as exc:  # only the other processes' progress waits
                    log.warning("bot run of event %s: progress not written: %s", event_id, exc)

        try:
            while not await in_daemon_thread(
                bots.play_step, self.store, event_id, self._stop, heard, self.compute
            ):
                pass
        except (bots.Stopped, asyncio.CancelledError):
            return
        except (LudotecaError, WebError) as exc:
            log.error("bot run of event %s failed: %s", event_id, exc)
            with contextlib.suppress(Exception):
                await asyncio.to_thread(bots.mark_failed, self.store, event_id, str(exc))
        except Exception:
            log.exception("bot run of event %s failed", event_id)
            message = "the bot run failed (see the server log)"
            with contextlib.suppress(Exception):
                await asyncio.to_thread(bots.mark_failed, self.store, event_id, message)
        finally:
            self._live.pop(event_id, None)

    async def stop(self) -> None:
        """Stop the bot runs: the round in play is dropped, and replayed after a restart.

        A run stops after the game in play; one still going after `STOP_WAIT` seconds
        is left to its daemon thread, which cannot hold up the server's exit.
        """
        self._stop.set()
        tasks = [task for task in self._tasks.values() if not task.done()]
        if tasks:
            _done, pending = await asyncio.wait(tasks, timeout=STOP_WAIT)
            for task in pending:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)


async def in_daemon_thread(function: Callable[..., T], *args: Any) -> T:
    """`function(*args)` in a new daemon thread, off the event loop; its result or error."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()

    def settle(result: T | None, error: BaseException | None) -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)  # type: ignore[arg-type]

    def target() -> None:
        try:
            outcome: tuple[T | None, BaseException | None] = (function(*args), None)
        except BaseException as exc:  # handed to the awaiting task
            outcome = (None, exc)
        with contextlib.suppress(RuntimeError):  # the loop is gone: nobody waits any more
            loop.call_soon_threadsafe(settle, *outcome)

    threading.Thread(target=target, name="ludoteca-bots", daemon=True).start()
    return await future


ORGANIZER, CO_ORGANIZER = "organizer", "co-organizer"


def authorize(event: StoredEvent, key: str | None) -> str:
    """The role `key` gives at `event` (organizer or co-organizer); 403 without a key or
    with one of neither."""
    if not key:
        raise forbidden(
            _(
                "event {event_id} needs its organizer key (the link shown once at its creation)",
                event_id=event.id,
            )
        )
    hashed = token_hash(key)
    if hmac.compare_digest(event.key_hash, hashed):
        return ORGANIZER
    if event.co_key_hash is not None and hmac.compare_digest(event.co_key_hash, hashed):
        return CO_ORGANIZER
    raise forbidden(_("this is not the organizer key of event {event_id}", event_id=event.id))


def _new_seed() -> int:
    return random.SystemRandom().randrange(2**31)
