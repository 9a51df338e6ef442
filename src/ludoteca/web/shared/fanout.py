"""Several server processes on one PostgreSQL database: each hears the others' changes.

Every change of a table is announced by the store inside the transaction that makes it
(PostgreSQL's NOTIFY, sent on commit): its moves on the table's own channel, anything
else on `notices.CHANNEL`. `Listener` holds one connection that LISTENs to `CHANNEL` and
to the channels of the tables this process holds (`follow`), and hands each announcement
to the table service, which catches that table up from the database. A table followed
is caught up once its channel is heard (moves stored before were not). If the
connection drops, announcements may be lost: on reconnecting, every table is caught up.
SQLite is one process: nothing listens.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.engine import make_url

from ludoteca.core.extras import require
from ludoteca.core.i18n import _
from ludoteca.web.shared.notices import CHANNEL, CHAT, table_channel
from ludoteca.web.shared.records import Announced

log = logging.getLogger("ludoteca.web")
RETRY = 1.0
"""Seconds between attempts to reconnect."""
WAKE = 0.1
"""Seconds at most before a table newly followed is listened to."""

Heard = Callable[[str, int | None, Announced | None], Awaitable[None]]
"""A table changed: its id, the moves now stored (None: seats, names, a new table) and,
when the announcement carries it, the last of them."""
ChatHeard = Callable[[str], Awaitable[None]]
"""A table's chat changed: its id."""
Listened = Callable[[str], Awaitable[None]]
"""A table's moves are heard from now on: its id."""


@dataclass(frozen=True)
class Notice:
    """One announcement (`notices.moves_payloads`, `notices.announce`)."""

    table_id: str
    moves: int | None = None
    chat: bool = False
    move: Announced | None = None
    origin: str = ""
    """The app that made the change (`notices.new_origin`)."""


def parse(payload: str) -> Notice:
    """`"<origin> <table id> <moves>"`, the same followed by `<seat> <0|1> <at> <action>`
    (the move itself), `"<origin> <table id> *"` or `"<origin> <table id> chat"`. A part
    that does not parse is left out: the table is then read from the database."""
    origin, _space, payload = payload.partition(" ")
    table_id, _space, rest = payload.partition(" ")
    what, _space, move = rest.partition(" ")
    if what == CHAT:
        return Notice(table_id, chat=True, origin=origin)
    if not what.isdigit():
        return Notice(table_id, origin=origin)
    try:
        seat, timeout, at, action = move.split(" ", 3)
        announced = Announced(int(seat), timeout == "1", datetime.fromisoformat(at), action)
    except ValueError:
        announced = None
    return Notice(table_id, int(what), move=announced, origin=origin)


def conninfo(url: str) -> str:
    """libpq's form of a SQLAlchemy PostgreSQL URL (`postgresql+psycopg://...`)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    """LISTENs on `CHANNEL` and on the channels of the tables followed, and hands every
    announcement but its own app's (`origin`) to `heard`: an app has applied its own
    changes already, and hearing them back would reload a table it has since let go of."""

    def __init__(
        self,
        url: str,
        origin: str,
        heard: Heard,
        chat: ChatHeard,
        resync: Callable[[], Awaitable[None]],
        listened: Listened,
    ) -> None:
        require("psycopg", _("Several server processes on one database"))
        self.url = url
        self.origin = origin
        self.heard = heard
        self.chat = chat
        self.resync = resync
        self.listened = listened
        self.ready = asyncio.Event()
        """Set once the connection listens (tests wait for it)."""
        self._task: asyncio.Task[None] | None = None
        self._wanted: set[str] = set()  # the tables followed
        self._listening: set[str] = set()  # those whose channel this connection listens to

    def follow(self, table_id: str) -> None:
        """Hear the moves of `table_id`, held here from now on, within `WAKE` seconds;
        `listened` is then called for it."""
        self._wanted.add(table_id)

    def unfollow(self, table_id: str) -> None:
        """Stop hearing the moves of `table_id`, no longer held here."""
        self._wanted.discard(table_id)

    def listens_to(self, table_id: str) -> bool:
        """True once the moves of `table_id` are heard here and `listened` was called for
        it (tests wait for it)."""
        return table_id in self._listening

    def start(self) -> None:
        """Listen in the background until `stop`."""
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        """Close the connection."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _run(self) -> None:
        import psycopg  # the `postgres` extra (checked in __init__)

        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    conninfo(self.url), autocommit=True
                ) as connection:
                    self._listening = set()
                    await connection.execute(f"LISTEN {CHANNEL}")
                    if not first:  # what was announced while deaf is read from the store
                        await self.resync()
                    first = False
                    self.ready.set()
                    while True:
                        for table_id in await self._subscribe(connection):
                            await self._hand(self.listened, table_id)
                            self._listening.add(table_id)  # (`listens_to` from now on)
                        async for notice in connection.notifies(timeout=WAKE):
                            await self._hear(notice.payload)
            except asyncio.CancelledError:
                raise
            except (psycopg.Error, OSError) as exc:
                self.ready.clear()
                log.warning("listening for other processes' changes: %s; retrying", exc)
                await asyncio.sleep(RETRY)

    async def _subscribe(self, connection: Any) -> list[str]:
        """LISTEN to the channels of the tables newly followed, UNLISTEN those of the
        tables no longer followed (one round trip); the tables newly listened to (the
        caller adds them to `_listening` once `listened` has caught them up)."""
        new, gone = self._wanted - self._listening, self._listening - self._wanted
        if not new and not gone:  # (the usual wake-up: nothing to do)
            return []
        kept = {table_channel(t) for t in self._wanted}
        had = {table_channel(t) for t in self._listening}
        statements = [f'LISTEN "{c}"' for c in sorted({table_channel(t) for t in new} - had)]
        statements += [f'UNLISTEN "{c}"' for c in sorted({table_channel(t) for t in gone} - kept)]
        if statements:
            await connection.execute("; ".join(statements))
        self._listening -= gone
        return sorted(new)

    async def _hear(self, payload: str) -> None:
        heard = parse(payload)
        if heard.origin == self.origin:
            return
        if heard.chat:
            await self._hand(self.chat, heard.table_id)
        else:
            await self._hand(self.heard, heard.table_id, heard.moves, heard.move)

    @staticmethod
    async def _hand(callback: Callable[..., Awaitable[None]], table_id: str, *args: Any) -> None:
        try:
            await callback(table_id, *args)
        except Exception:  # one table's trouble never stops the listening
            log.exception("table %s: cannot catch up", table_id)
