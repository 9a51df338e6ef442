"""A seat's token made anew (issue 44: an account plays its seat from another device, or
takes a seat quick pairing gave it): the old token stops working at once for requests; a
socket already open with it keeps its seat until it reconnects (it is the same person's
other device)."""

from __future__ import annotations

import asyncio

from ludoteca.core.i18n import _
from ludoteca.web.shared.errors import conflict
from ludoteca.web.shared.records import HUMAN, new_token, token_hash
from ludoteca.web.tables.service import TableService
from ludoteca.web.tables.table import LiveTable


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
