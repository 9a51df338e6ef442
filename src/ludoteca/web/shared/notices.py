"""The announcements of changed tables between server processes on one PostgreSQL
database (LISTEN/NOTIFY): what `web.store` and `web.chat` send and `web.fanout` hears.

The payload is `<origin> <table id> <moves stored>` after moves (with the move itself
when it is the only one), `<origin> <table id> chat` after a chat line or a hidden chat,
`<origin> <table id> *` after any other change. `origin` names the app that made the
change (`new_origin`): its own listener skips it, since that app has already applied it.

Moves, nearly every announcement, go on their table's own channel (`table_channel`),
which only the processes holding that table listen to: under `serve --workers N` a table
is held by the process that owns it, so a move wakes one process, not N. The rest go on
`CHANNEL`, which every process hears.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session

from ludoteca.web.shared.records import Move

CHANNEL = "ludoteca_tables"
"""PostgreSQL's channel for the tables' changes other than moves (LISTEN/NOTIFY)."""
TABLE_CHANNEL = "ludoteca_t_"
"""The start of a table's own channel, for its moves (`table_channel`)."""
CHAT = "chat"
"""The payload's second word when a table's chat changed."""
PAYLOAD_MAX = 7900
"""Bytes of an announcement that carries a move, its origin aside (PostgreSQL takes fewer
than 8000)."""


def new_origin() -> str:
    """A name for one app's announcements, unlike any other app's: 8 hex digits."""
    return secrets.token_hex(4)


def moves_payloads(moves: list[Move], at: datetime) -> list[str]:
    """The announcements of moves stored together at `at`: per table, the move itself
    when it is the table's only one, so that other processes apply it without reading it
    back (`"<table> <moves> <seat> <0|1 time-out> <at> <action>"`), else how many moves
    the table now has (`"<table> <moves>"`)."""
    last: dict[str, Move] = {}
    count: dict[str, int] = {}
    for move in moves:
        count[move.table_id] = count.get(move.table_id, 0) + 1
        if move.index >= last.get(move.table_id, move).index:
            last[move.table_id] = move
    payloads = []
    for table_id, move in last.items():
        payload = f"{table_id} {move.index + 1}"
        whole = f"{payload} {move.seat} {int(move.timeout)} {at.isoformat()} {move.action}"
        alone = count[table_id] == 1 and len(whole.encode()) < PAYLOAD_MAX
        payloads.append(whole if alone else payload)
    return payloads


def table_channel(table_id: str) -> str:
    """The channel of one table's moves: a fixed-length name whatever the id (PostgreSQL
    takes 63 bytes at most); two tables sharing one only wake a process for nothing."""
    return TABLE_CHANNEL + hashlib.blake2b(table_id.encode(), digest_size=8).hexdigest()


def announce(
    engine: Engine,
    connection: Connection | Session,
    origin: str,
    payloads: list[str],
    moves: bool = False,
) -> None:
    """Announce changes made by the app `origin` inside the transaction that makes them
    (sent on commit) to the other server processes on a PostgreSQL database; nothing on
    SQLite (one process). `moves`: `moves_payloads`, each sent on its table's channel."""
    if engine.dialect.name == "postgresql":
        for payload in payloads:
            channel = table_channel(payload.split(" ", 1)[0]) if moves else CHANNEL
            connection.execute(select(func.pg_notify(channel, f"{origin} {payload}")))
