"""Several server processes on one PostgreSQL database: each hears the others' changes.

Every change of a table is announced by the store inside the transaction that makes it
(`store.CHANNEL`, PostgreSQL's NOTIFY, sent on commit). `Listener` holds one connection
that LISTENs and hands each announcement to the table service, which catches that
table up from the database. If the connection drops, announcements may be lost: on
reconnecting, every table is caught up. SQLite is one process: nothing listens.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import psycopg
from sqlalchemy.engine import make_url

from ludoteca.web.store import CHANNEL, CHAT

log = logging.getLogger("ludoteca.web")
RETRY = 1.0
"""Seconds between attempts to reconnect."""

Heard = Callable[[str, int | None], Awaitable[None]]
"""A table changed: its id and the moves now stored (None: seats, names, a new table)."""
ChatHeard = Callable[[str], Awaitable[None]]
"""A table's chat changed: its id."""


def parse(payload: str) -> tuple[str, int | str | None]:
    """`"<table id> <moves>"`, `"<table id> *"` or `"<table id> chat"` as (id, moves, None
    or `CHAT`)."""
    table_id, _space, what = payload.partition(" ")
    return table_id, (int(what) if what.isdigit() else CHAT if what == CHAT else None)


def conninfo(url: str) -> str:
    """libpq's form of a SQLAlchemy PostgreSQL URL (`postgresql+psycopg://...`)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    """LISTENs on `CHANNEL` and hands every announcement to `heard`."""

    def __init__(
        self, url: str, heard: Heard, chat: ChatHeard, resync: Callable[[], Awaitable[None]]
    ) -> None:
        self.url = url
        self.heard = heard
        self.chat = chat
        self.resync = resync
        self.ready = asyncio.Event()
        """Set once the connection listens (tests wait for it)."""
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Listen in the background until `stop`."""
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        """Close the connection."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _run(self) -> None:
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    conninfo(self.url), autocommit=True
                ) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    if not first:  # what was announced while deaf is read from the store
                        await self.resync()
                    first = False
                    self.ready.set()
                    async for notice in connection.notifies():
                        table_id, what = parse(notice.payload)
                        try:
                            if what == CHAT:
                                await self.chat(table_id)
                            else:
                                await self.heard(table_id, what if isinstance(what, int) else None)
                        except Exception:  # one table's trouble never stops the listening
                            log.exception("table %s: cannot catch up", table_id)
            except asyncio.CancelledError:
                raise
            except (psycopg.Error, OSError) as exc:
                self.ready.clear()
                log.warning("listening for other processes' changes: %s; retrying", exc)
                await asyncio.sleep(RETRY)
