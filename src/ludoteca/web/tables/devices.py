"""The browser a seeded hot-seat table was made in (issue 36, item 8).

A chosen seed tells its chooser every hidden card, so a table whose seed its creator
chose is only for people on the creator's screen (`seats.check_seed`). A seat link sent
elsewhere would seat someone else at it: such a table is bound to the browser that made
it, by a random device id in an HttpOnly cookie; its seat tokens act only with that
cookie. The id names no one and is compared by hash.
"""

from __future__ import annotations

from collections.abc import Mapping

from fastapi import Request, Response

from ludoteca.web.shared.records import new_token
from ludoteca.web.shared.requests import bearer
from ludoteca.web.tables.table import LiveTable

COOKIE = "ludoteca_device"
MAX_AGE = 365 * 24 * 3600
LENGTH = 32
"""The length of a device id (`store.new_token`); a cookie of another shape is none."""


def device_of(cookies: Mapping[str, str]) -> str | None:
    """The request's device id, if it carries a well-formed one."""
    device = cookies.get(COOKIE)
    return device if device is not None and len(device) == LENGTH else None


def ensure_device(request: Request, response: Response) -> str:
    """The request's device id, or a new one set on `response` for the browser to keep."""
    device = device_of(request.cookies)
    if device is None:
        device = new_token()
        response.set_cookie(
            COOKIE,
            device,
            max_age=MAX_AGE,
            path="/",
            secure=request.url.scheme == "https",
            httponly=True,
            samesite="strict",
        )
    return device


def seat_of_request(
    table: LiveTable,
    request: Request,
    token: str | None,
    authorization: str | None,
    *,
    required: bool,
) -> int | None:
    """The seat of the request's token (`?token=` or `Authorization: Bearer`) at `table`,
    from this request's browser (`LiveTable.seat_of`)."""
    device = device_of(request.cookies)
    return table.seat_of(bearer(token, authorization), required=required, device=device)
