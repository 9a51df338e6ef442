"""Live connections per table: after every change each one is sent its own seat's view.

A connection never blocks a table: `notify` only marks it stale, and the
connection's own task sends the newest view when it can (several moves in a
row may arrive as one view; every view carries its move index). After the first
view, a connection is sent only the log entries its page does not hold yet
(`views.seat_view_text`'s `since`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

Sender = Callable[[str], Awaitable[None]]
ViewOf = Callable[[int | None, int], tuple[str, int]]
"""(seat, log entries the page holds) -> (the view's JSON text, log entries it then holds)."""


class Connection:
    """One WebSocket watching a table as `seat` (None: a spectator)."""

    def __init__(self, seat: int | None, held: int = 0) -> None:
        self.seat = seat
        self.held = held  # the log entries of `seat` the page holds
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._view_pending = False

    def notify(self) -> None:
        """The table changed: send a fresh view soon."""
        if not self._view_pending:
            self._view_pending = True
            self._queue.put_nowait(None)

    def send(self, message: str) -> None:
        """Queue a message (an error, an acknowledgement; JSON text) in order with the views."""
        self._queue.put_nowait(message)

    async def pump(self, send: Sender, view_of: ViewOf) -> None:
        """Send queued messages (JSON text) forever; a view is built when it is sent."""
        while True:
            message = await self._queue.get()
            if message is None:
                self._view_pending = False
                message, self.held = view_of(self.seat, self.held)
            await send(message)


class Hub:
    """The connections of every table."""

    def __init__(self) -> None:
        self._tables: dict[str, set[Connection]] = {}

    def join(self, table_id: str, seat: int | None, held: int = 0) -> Connection:
        """Register a connection whose page holds `held` log entries of `seat`'s view; it
        is sent the current view first."""
        connection = Connection(seat, held)
        self._tables.setdefault(table_id, set()).add(connection)
        connection.notify()
        return connection

    def leave(self, table_id: str, connection: Connection) -> None:
        """Forget a closed connection."""
        connections = self._tables.get(table_id)
        if connections is not None:
            connections.discard(connection)
            if not connections:
                del self._tables[table_id]

    def notify(self, table_id: str) -> None:
        """Tell every connection of the table that it changed."""
        for connection in self._tables.get(table_id, ()):
            connection.notify()

    def broadcast(self, table_id: str, message: str, *, seated_only: bool = False) -> None:
        """Send `message` (JSON text: a chat line) to every connection of the table, or
        only to those of its seats (`seated_only`: not to spectators)."""
        for connection in self._tables.get(table_id, ()):
            if not seated_only or connection.seat is not None:
                connection.send(message)

    def count(self, table_id: str) -> int:
        """How many connections watch the table."""
        return len(self._tables.get(table_id, ()))
