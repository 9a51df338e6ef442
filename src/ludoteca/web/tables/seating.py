"""What people do at a table's seats besides moving: take an open seat, name themselves,
start the rematch, and take their seat on another device (a new token: issue 44; the old
one stops working for requests at once, while a socket already open with it keeps its
seat until it reconnects, as it is the same person's other device)."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from datetime import UTC, datetime
from typing import Any

from ludoteca.core.i18n import _
from ludoteca.web.shared.errors import WebError, conflict
from ludoteca.web.shared.records import HUMAN, OPEN, new_token, token_hash
from ludoteca.web.tables.service import TableService
from ludoteca.web.tables.table import LiveTable

RENAMES = 5
"""How often a seat's name may change in `RENAME_WINDOW` seconds."""
RENAME_WINDOW = 60.0


async def join(
    service: TableService,
    table: LiveTable,
    seat: int,
    name: str | None = None,
    *,
    member: bool = False,
) -> str:
    """Claim an open seat (its person may give a `name`): it becomes a human seat;
    returns its new token. A rated table's seats are for a signed-in `member` (403)."""
    if table.record.rated and not member:
        raise WebError(403, _("a rated table's seats are for signed-in players: sign in"))
    async with table.lock:
        if not 0 <= seat < len(table.seats) or table.seats[seat].kind != OPEN:
            raise conflict(
                _("seat {seat} of table {table_id} is not open", seat=seat, table_id=table.id)
            )
        token = new_token()
        hashed, now = token_hash(token), datetime.now(UTC)
        await asyncio.to_thread(service.store.claim_seat, table.id, seat, hashed, name, now)
        table.seats[seat].kind = HUMAN
        table.seats[seat].token_hash = hashed
        table.seats[seat].name = name
        table.seats[seat].joined_at = now
        table.view_cache = {}  # the clock now counts this person's seat
    service.arm_clock(table)
    service.hub.notify(table.id)
    return token


async def rematch(
    service: TableService, table: LiveTable, tokens: list[str], device: str | None
) -> tuple[LiveTable, bool]:
    """A finished table's rematch: the same game, options and clock, every seat moved one
    place on (two seats swap), people keeping their names and their tokens (each
    person's link works at the new table with the new id); a rated table's is rated.
    Any person at the table may start it with their `tokens`; the others follow from
    their finished table's page.
    Made once: asked again, it is the same table. Returns it and whether it is new."""
    if not table.state.is_terminal:
        raise conflict(
            _(
                "table {table_id} is still being played: a rematch follows its end",
                table_id=table.id,
            )
        )
    for token in tokens:  # every token must be a person's seat of this table
        table.seat_of(token, required=True, device=device)
    async with table.lock:
        if table.record.rematch is not None:  # in memory or not, made here or not
            return await service.current(table.record.rematch), False
        count = len(table.seats)
        seats: list[dict[str, Any]] = [{} for _ in range(count)]
        kept: dict[int, str] = {}
        for seat in table.seats:
            entry: dict[str, Any] = {"kind": seat.kind}
            if seat.agent is not None:
                entry["agent"] = seat.agent
            if seat.name is not None:
                entry["name"] = seat.name
            seats[(seat.seat + 1) % count] = entry
            if seat.kind == HUMAN and seat.token_hash is not None:
                kept[(seat.seat + 1) % count] = seat.token_hash
        made, _new = await service.create(
            table.record.game,
            dict(table.record.options),
            seats,
            None,
            hotseat=table.record.hotseat,
            listed=table.record.listed,
            clock=table.clock_rule,
            kept=kept,
            rated=table.record.rated,
        )
        for hook in service.rematched:
            await asyncio.to_thread(hook, table, made)
        await asyncio.to_thread(service.store.mark_rematch, table.id, made.id)
        table.record.rematch = made.id
        table.view_cache = {}
    service.hub.notify(table.id)
    return made, True


async def name_seat(service: TableService, table: LiveTable, seat: int, name: str) -> None:
    """The name a seat's person gives themselves, shown to everyone at the table: at
    most `RENAMES` times in `RENAME_WINDOW` seconds a seat (429 beyond), since each is
    a write and a message to everyone at the table. A hot-seat table names no one
    (409): its people share one screen."""
    if table.record.hotseat:
        raise conflict(_("a hot-seat table names no one: its people share one screen"))
    now = time.monotonic()
    recent = table.renamed.setdefault(seat, deque(maxlen=RENAMES))
    if len(recent) == RENAMES and now - recent[0] < RENAME_WINDOW:
        raise WebError(
            429,
            _(
                "a seat's name changes at most {count} times a minute; try again shortly",
                count=RENAMES,
            ),
        )
    recent.append(now)
    async with table.lock:
        await asyncio.to_thread(service.store.name_seat, table.id, seat, name)
        table.seats[seat].name = name
    service.hub.notify(table.id)


async def rekey(service: TableService, table: LiveTable, seat: int) -> str:
    """A new token for a person's seat of a table in play (409 otherwise); returns it."""
    async with table.lock:
        if not 0 <= seat < len(table.seats) or table.seats[seat].kind != HUMAN:
            raise conflict(_("seat {seat} is not a person's seat", seat=seat))
        if table.state.is_terminal:
            raise conflict(_("this game is over: its replay needs no seat"))
        token = new_token()
        hashed = token_hash(token)
        await asyncio.to_thread(service.store.rekey_seat, table.id, seat, hashed)
        table.seats[seat].token_hash = hashed
    return token
