"""Reading what clients send: size-limited JSON objects with typed fields, clear errors."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from ludoteca.core.i18n import _
from ludoteca.core.parsing import Malformed, load_json
from ludoteca.web.shared.errors import bad_request, too_large, unprocessable

MAX_BODY = 16 * 1024  # bytes: a move, a seat, an event's result need far less
MAX_TABLE_BODY = 640 * 1024  # bytes: a table's options, with up to two uploaded data files
MAX_MESSAGE = 4 * 1024  # bytes of one WebSocket message
MAX_DEPTH = 16  # nested arrays and objects: a request needs 4 at most
SEED_RANGE = (0, 2**63 - 1)  # a seed is stored as a signed 64-bit integer
SINCE_MAX = 2**31  # the most log entries a page may say it holds (`views.seat_view_text`)


def parse_object(text: str | bytes, limit: int) -> dict[str, Any]:
    """A JSON object from `text` (413 if longer than `limit`; 400 if malformed, nested
    deeper than `MAX_DEPTH` or not an object)."""
    if len(text) > limit:
        raise too_large(
            _("message of {count} bytes is over the limit of {limit}", count=len(text), limit=limit)
        )
    try:
        data = load_json(text, MAX_DEPTH)
    except Malformed as exc:
        raise bad_request(_("JSON refused: {reason}", reason=str(exc))) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise bad_request(_("malformed JSON: {exc}", exc=str(exc))) from None
    if not isinstance(data, dict):
        raise bad_request(_("the body must be a JSON object"))
    return data


async def read_object(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    """The request body as a JSON object, read no further than `limit` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise too_large(
            _(
                "body of {declared} bytes is over the limit of {limit}",
                declared=declared,
                limit=limit,
            )
        )
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > limit:
            raise too_large(_("body is over the limit of {limit} bytes", limit=limit))
    return parse_object(bytes(body), limit)


def field_int(data: dict[str, Any], name: str) -> int:
    """Field `name` as a whole number (400 otherwise)."""
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise bad_request(_("field '{name}' must be a whole number", name=name))
    return value


def since_of(raw: str) -> int:
    """A query's `since`, the log entries a page holds: 0 to `SINCE_MAX` (400 otherwise)."""
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 10 and int(raw) <= SINCE_MAX):
        raise bad_request(_("field '{name}' must be a whole number", name="since"))
    return int(raw)


def field_seed(data: dict[str, Any], name: str = "seed") -> int | None:
    """Field `name` as a seed, None when absent (400 if not a number, 422 out of range)."""
    if data.get(name) is None:
        return None
    value = field_int(data, name)
    low, high = SEED_RANGE
    if not low <= value <= high:
        raise unprocessable(
            _("field '{name}' must be a whole number from {low} to 2**63 - 1", name=name, low=low)
        )
    return value


def field_str(data: dict[str, Any], name: str, limit: int = 200) -> str:
    """Field `name` as a non-empty string of at most `limit` characters (400 otherwise)."""
    value = data.get(name)
    if not isinstance(value, str) or not value or len(value) > limit:
        raise bad_request(
            _("field '{name}' must be a text of 1 to {limit} characters", name=name, limit=limit)
        )
    return value


def person_name(value: Any, what: str, limit: int = 32) -> str:
    """A text people write (their name, a chat line): `limit` characters at most once
    trimmed, not blank, nothing unprintable (line breaks, control or invisible characters);
    400 otherwise. It is shown as text only, never as markup."""
    if not isinstance(value, str):
        raise bad_request(_("{what} must be a text", what=what))
    name = value.strip()
    if not name or len(name) > limit or not name.isprintable():
        raise bad_request(
            _("{what} must be 1 to {limit} printable characters", what=what, limit=limit)
        )
    return name


def bearer(request_token: str | None, authorization: str | None) -> str | None:
    """The seat token from `?token=` or an `Authorization: Bearer` header."""
    if request_token:
        return request_token
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip() or None
    return None


class RefuseNul:
    """Answers 400 to a request whose path or query holds a NUL character: no id or text
    of ours has one, and PostgreSQL refuses it in any text it is asked to compare."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and (
            "\x00" in scope.get("path", "") or b"%00" in scope.get("query_string", b"")
        ):
            error = bad_request(_("a request's path or query may not hold a NUL character"))
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 4400})
                return
            response = Response(
                json.dumps(error.to_json()), status_code=400, media_type="application/json"
            )
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)
