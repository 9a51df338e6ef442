"""Table chat: the people at a table talk while they play.

Only a person's seat writes (its token), spectators read. A line is plain text, 1 to
`MAX_TEXT` printable characters, shown as text only (never markup). A seat writes at most
`BURST` lines in `WINDOW` seconds (429 beyond) and a table keeps at most `MAX_LINES`. Any
person at the table may keep the chat to the table's people (`hide`): then spectators, the
lobby and the finished game's replay page see none of it. Lines are stored before they
are sent to the table's live connections (`type: "chat"`).
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import orjson
from fastapi import APIRouter, Request
from sqlalchemy import select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ludoteca.core.i18n import _
from ludoteca.web.shared.db import ChatRow, TableRow
from ludoteca.web.shared.errors import WebError, forbidden
from ludoteca.web.shared.notices import CHAT, announce
from ludoteca.web.shared.openapi import ERRORS, json_body
from ludoteca.web.shared.records import HUMAN, as_utc
from ludoteca.web.shared.requests import person_name, read_object
from ludoteca.web.tables.api import AuthHeader, TokenQuery, service_of
from ludoteca.web.tables.devices import seat_of_request
from ludoteca.web.tables.hub import Hub
from ludoteca.web.tables.table import LiveTable

MAX_TEXT = 300
MAX_LINES = 500
BURST = 5
WINDOW = 10.0
SHOWN = 100
"""The newest lines a reader is sent."""
CACHED_TABLES = 2000
"""Tables whose chat is kept in memory (the least recently used are read again)."""

router = APIRouter(prefix="/api", responses=ERRORS)
CHAT_BODY = json_body(
    {"text": {"type": "string", "minLength": 1, "maxLength": MAX_TEXT}}, ("text",)
)


def chat_text(value: Any) -> str:
    """A chat line: trimmed, 1 to `MAX_TEXT` characters, nothing unprintable; 400 else."""
    return person_name(value, "field 'text'", MAX_TEXT)  # the same rule as a name, longer


@dataclass
class TableChat:
    """One table's chat in memory: its lines, whether it is hidden, each seat's recent posts."""

    lines: list[dict[str, Any]]
    hidden: bool
    recent: dict[int, deque[float]] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class ChatService:
    """The chat of every table: stored in the web app's database, sent to the live table."""

    def __init__(
        self, engine: Engine, origin: str, hub: Hub, clock: Callable[[], float] = time.monotonic
    ):
        self.engine = engine
        self.origin = origin
        """The app's name in announcements (`Store.origin`)."""
        self.hub = hub
        self.clock = clock
        self._chats: OrderedDict[str, TableChat] = OrderedDict()

    async def _chat(self, table_id: str) -> TableChat:
        chat = self._chats.get(table_id)
        if chat is None:
            chat = await asyncio.to_thread(self._read, table_id)
            chat = self._chats.setdefault(table_id, chat)
            while len(self._chats) > CACHED_TABLES:
                self._chats.popitem(last=False)
        self._chats.move_to_end(table_id)
        return chat

    def _read(self, table_id: str) -> TableChat:
        with Session(self.engine) as session:
            hidden = session.scalar(select(TableRow.chat_hidden).where(TableRow.id == table_id))
            rows = session.scalars(
                select(ChatRow).where(ChatRow.table_id == table_id).order_by(ChatRow.number)
            ).all()
        return TableChat([_line(row) for row in rows], bool(hidden))

    async def lines(self, table: LiveTable, seat: int | None) -> dict[str, Any]:
        """The newest lines for a reader: a seat of the table, or a spectator (None), who
        sees nothing of a hidden chat."""
        chat = await self._chat(table.id)
        shown = chat.lines[-SHOWN:] if seat is not None or not chat.hidden else []
        return {"id": table.id, "hidden": chat.hidden, "lines": shown}

    async def post(self, table: LiveTable, seat: int, text: str) -> dict[str, Any]:
        """Store a person's line and send it to the table; 429 when the seat writes too
        fast, 422 when the table's chat is full."""
        if table.seats[seat].kind != HUMAN:
            raise forbidden(_("only a person's seat writes in the chat"))
        chat = await self._chat(table.id)
        async with chat.lock:
            now = self.clock()
            recent = chat.recent.setdefault(seat, deque())
            while recent and now - recent[0] > WINDOW:
                recent.popleft()
            if len(recent) >= BURST:
                raise WebError(
                    429,
                    _(
                        "at most {burst} lines in {window} seconds: wait a moment",
                        burst=BURST,
                        window=format(WINDOW, ".0f"),
                    ),
                )
            if len(chat.lines) >= MAX_LINES:
                raise WebError(
                    422, _("this table's chat is full ({max_lines} lines)", max_lines=MAX_LINES)
                )
            row = ChatRow(
                table_id=table.id,
                number=len(chat.lines) + 1,
                seat=seat,
                name=table.seats[seat].name,
                text=text,
                at=datetime.now(UTC),
            )
            line = _line(row)
            try:
                await asyncio.to_thread(self._write, row)
            except IntegrityError:  # another server process wrote that line's number first
                fresh = await asyncio.to_thread(self._read, table.id)
                chat.lines, chat.hidden = fresh.lines, fresh.hidden
                raise WebError(
                    409, _("another line came first; the chat was read again: send it again")
                ) from None
            chat.lines.append(line)
            recent.append(now)
        message = orjson.dumps({"type": "chat", "id": table.id, "line": line}).decode()
        self.hub.broadcast(table.id, message, seated_only=chat.hidden)
        return line

    def _write(self, row: ChatRow) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(row)
            announce(self.engine, session, self.origin, [f"{row.table_id} {CHAT}"])

    async def heard(self, table_id: str) -> None:
        """Another server process changed this table's chat: read it again, and send its
        new lines to this process's connections."""
        old = self._chats.get(table_id)
        if old is None:
            return  # nobody here has read it: it is read when someone does
        async with old.lock:
            fresh = await asyncio.to_thread(self._read, table_id)
            new_lines = fresh.lines[len(old.lines) :]
            old.lines, old.hidden = fresh.lines, fresh.hidden
        for line in new_lines:
            message = orjson.dumps({"type": "chat", "id": table_id, "line": line}).decode()
            self.hub.broadcast(table_id, message, seated_only=old.hidden)

    async def hide(self, table: LiveTable, seat: int) -> None:
        """Keep the chat to the table's people from now on (spectators, replays)."""
        if table.seats[seat].kind != HUMAN:
            raise forbidden(_("only a person's seat decides about the chat"))
        chat = await self._chat(table.id)
        async with chat.lock:
            await asyncio.to_thread(self._hide, table.id)
            chat.hidden = True

    def _hide(self, table_id: str) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(TableRow).where(TableRow.id == table_id).values(chat_hidden=True)
            )
            announce(self.engine, session, self.origin, [f"{table_id} {CHAT}"])


def _line(row: ChatRow) -> dict[str, Any]:
    return {"number": row.number, "seat": row.seat, "name": row.name, "text": row.text,
            "at": as_utc(row.at).isoformat()}  # fmt: skip


def _chat_of(request: Request) -> ChatService:
    chat: ChatService = request.app.state.chat
    return chat


async def _seated(
    request: Request, table_id: str, token: str | None, authorization: str | None
) -> tuple[LiveTable, int]:
    """The table and the seat of the request's token (401 without one, 403 a stranger's)."""
    table = await service_of(request).current(table_id)
    seat = seat_of_request(table, request, token, authorization, required=True)
    assert seat is not None
    return table, seat


@router.get("/tables/{table_id}/chat")
async def read_chat(
    table_id: str, request: Request, token: TokenQuery = None, authorization: AuthHeader = None
) -> dict[str, Any]:
    """The newest chat lines (at most `SHOWN`); a hidden chat only to the table's people."""
    table = await service_of(request).current(table_id)
    seat = seat_of_request(table, request, token, authorization, required=False)
    return await _chat_of(request).lines(table, seat)


@router.post("/tables/{table_id}/chat", openapi_extra=CHAT_BODY)
async def write_chat(
    table_id: str, request: Request, token: TokenQuery = None, authorization: AuthHeader = None
) -> dict[str, Any]:
    """Write `{text}` in the table's chat as the token's seat."""
    table, seat = await _seated(request, table_id, token, authorization)
    text = chat_text((await read_object(request)).get("text"))
    return await _chat_of(request).post(table, seat, text)


@router.post("/tables/{table_id}/chat/hide")
async def hide_chat(
    table_id: str, request: Request, token: TokenQuery = None, authorization: AuthHeader = None
) -> dict[str, Any]:
    """Keep the chat to the table's people: spectators and the replay page see none."""
    table, seat = await _seated(request, table_id, token, authorization)
    await _chat_of(request).hide(table, seat)
    return {"id": table.id, "hidden": True}
