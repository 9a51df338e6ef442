"""`/ws/tables/{id}?token=&since=`: live views pushed to each seat, moves sent back.

The client sends `{"type": "action", "index": n, "action": "..."}`; it gets an
`ack` (stored) or an `error` frame (nothing changed), and after every change of
the table a `view` of its own seat only. A wrong token gets an error frame and
the socket is closed with code 4403 (4404: unknown table). A page that already
holds `since` entries of the seat's log (a reconnection) is sent only the later
ones, and so is every view after the first (`views.seat_view_text`).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ludoteca.core.i18n import _
from ludoteca.web.shared.errors import WebError, bad_request, unauthorized
from ludoteca.web.shared.requests import MAX_MESSAGE, field_int, field_str, parse_object, since_of
from ludoteca.web.tables.devices import device_of
from ludoteca.web.tables.service import TableService
from ludoteca.web.tables.views import log_length, seat_view_text, to_json

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    websocket: WebSocket, table_id: str, token: str | None = None, since: str = "0"
) -> None:
    """Watch (and, with a seat token, play at) a table."""
    service: TableService = websocket.app.state.service
    await websocket.accept()
    try:
        table = await service.current(table_id)
        seat = table.seat_of(token, required=False, device=device_of(websocket.cookies))
        held = since_of(since)
    except WebError as exc:
        with contextlib.suppress(WebSocketDisconnect):  # a client gone already: nothing to tell
            await websocket.send_json(exc.to_json())
            await websocket.close(code=4000 + exc.status, reason=exc.message[:120])
        return
    connection = service.hub.join(table.id, seat, held=held)
    pump = asyncio.create_task(
        connection.pump(
            websocket.send_text,
            lambda s, held: (seat_view_text(table, s, held), log_length(table, s)),
        )
    )
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            try:
                reply = await _handle(service, table_id, seat, parse_object(raw, MAX_MESSAGE))
            except WebError as exc:
                reply = exc.to_json()
            connection.send(to_json(reply))
    except WebSocketDisconnect:
        pass
    finally:
        service.hub.leave(table.id, connection)
        pump.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await pump


async def _handle(
    service: TableService, table_id: str, seat: int | None, data: dict[str, Any]
) -> dict[str, Any]:
    """Answer one client message."""
    kind = data.get("type")
    if kind == "ping":
        return {"type": "pong"}
    if kind != "action":
        raise bad_request(_("message type must be 'action' or 'ping'"))
    if seat is None:
        raise unauthorized(_("spectators cannot act: connect with a seat token"))
    table = await service.current(table_id)
    index, action = field_int(data, "index"), field_str(data, "action")
    new_index = await service.submit(table, seat, index, action)
    return {"type": "ack", "index": new_index}
