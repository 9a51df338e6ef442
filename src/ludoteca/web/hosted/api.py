"""Events played on the site over HTTP (issue 45): the organizer opens registration and
check-in and names the game; signed-in players register, withdraw, check in and find
their table. A player with no account registers by name (`/guests`): a name-only account
is made for them, with a link that signs them in on any device.

The organizer's route takes the event's key as every organizer change does (`Authorization:
Bearer` or `?key=`); the players' routes take the session cookie and its CSRF token
(`accounts.api.signed_in`).
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.responses import JSONResponse

from ludoteca import games
from ludoteca.core import LudotecaError
from ludoteca.core.i18n import _, current
from ludoteca.tournament.duel import DuelEvent
from ludoteca.web.accounts.api import (
    accounts_of,
    address_of,
    same_site,
    signed_in,
    signed_in_response,
)
from ludoteca.web.accounts.ratings import ladder_of
from ludoteca.web.events.api import AuthHeader, KeyQuery
from ludoteca.web.hosted.reports import Reports
from ludoteca.web.hosted.service import HostedEvents
from ludoteca.web.hosted.store import Hosting
from ludoteca.web.hosted.webhooks import Webhooks
from ludoteca.web.shared.errors import bad_request, unprocessable
from ludoteca.web.shared.openapi import (
    ERRORS,
    GUEST_BODY,
    HOSTING_BODY,
    REPORT_BODY,
    WEBHOOK_BODY,
)
from ludoteca.web.shared.records import as_utc
from ludoteca.web.shared.requests import bearer, read_object

router = APIRouter(prefix="/api/events/{event_id}", responses=ERRORS)
MAX_CAP = 512
HOSTING_FIELDS = (
    "game", "options", "registering", "cap", "deadline", "checking_in", "decks", "decks_public"
)  # fmt: skip


def webhooks_of(request: Request) -> Webhooks:
    """The app's webhooks."""
    found: Webhooks = request.app.state.webhooks
    return found


def reports_of(request: Request) -> Reports:
    """The app's reported results."""
    found: Reports = request.app.state.reports
    return found


def hosted_of(request: Request) -> HostedEvents:
    """The app's hosted events."""
    hosted: HostedEvents = request.app.state.hosted
    return hosted


async def _changes(data: dict[str, Any], duel: bool) -> dict[str, Any]:
    """The hosting fields `data` sets, checked (400 naming a bad one, 422 a game that
    cannot be played here)."""
    changes: dict[str, Any] = {}
    for field in data:
        if field not in (*HOSTING_FIELDS, "restricted"):
            raise bad_request(_("unknown field '{name}'", name=field[:64]))
    for field in ("registering", "checking_in", "decks", "decks_public"):
        if field in data:
            if not isinstance(data[field], bool):
                raise bad_request(_("field '{name}' must be true or false", name=field))
            changes[field] = data[field]
    if "cap" in data:
        cap = data["cap"]
        if cap is not None and (
            not isinstance(cap, int) or isinstance(cap, bool) or not 2 <= cap <= MAX_CAP
        ):
            raise bad_request(_("field 'cap' must be null or 2 to {most}", most=MAX_CAP))
        changes["cap"] = cap
    if "restricted" in data:
        changes["restricted"] = _titles(data["restricted"])
    if "deadline" in data:
        changes["deadline"] = _deadline(data["deadline"])
    if "game" in data or "options" in data:
        changes.update(await _game(data.get("game"), data.get("options", {}), duel))
    return changes


def _titles(value: Any) -> list[str]:
    """The restricted list: at most 100 card titles of at most 100 characters."""
    if (
        not isinstance(value, list)
        or len(value) > 100
        or not all(isinstance(title, str) and 0 < len(title.strip()) <= 100 for title in value)
    ):
        raise bad_request(_("field 'restricted' must be a list of at most 100 card titles"))
    return [" ".join(title.split()) for title in value]


def _deadline(value: Any) -> datetime | None:
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(str(value)[:40])
    except ValueError:
        raise bad_request(_("field 'deadline' must be a date and time (ISO 8601)")) from None
    return as_utc(moment)


async def _game(name: Any, options: Any, duel: bool) -> dict[str, Any]:
    """The game and options the event's tables are played at (None: over the board)."""
    if name is None:
        return {"game": None, "options": {}}
    if not isinstance(name, str) or name not in games.playable():
        raise unprocessable(_("unknown game '{name}'", name=str(name)[:64]))
    if not isinstance(options, dict):
        raise bad_request(_("field 'options' must be an object"))
    try:
        loaded = await asyncio.to_thread(games.load, name, **options)
    except LudotecaError as exc:
        raise unprocessable(str(exc)) from None
    if duel and not ladder_of(loaded).endswith("/duel"):
        raise unprocessable(_("a Duel event is played at a two-player game"))
    if not duel:  # Melee tables seat 3 to 5: the game's `players` option says how many
        for size in (3, 5):
            try:
                await asyncio.to_thread(games.load, name, **{**options, "players": size})
            except LudotecaError:
                raise unprocessable(
                    _("a Melee event is played at a game for 3 to 5 players")
                ) from None
    return {"game": name, "options": dict(loaded.options)}


@router.put("/hosting", openapi_extra=HOSTING_BODY)
async def host(
    event_id: str, request: Request, key: KeyQuery = None, authorization: AuthHeader = None
) -> dict[str, Any]:
    """The organizer sets how the event is played on the site: `{game, options,
    registering, cap, deadline, checking_in}` (each optional)."""
    hosted = hosted_of(request)
    event = await hosted.events.load_as_organizer(event_id, bearer(key, authorization))
    data = await read_object(request)
    changes = await _changes(data, isinstance(event.record.event, DuelEvent))
    hosting: Hosting = await asyncio.to_thread(hosted.store.set_hosting, event.id, changes)
    return await _answer(hosted, event.id, hosting)


@router.get("/hosting")
async def hosting(event_id: str, request: Request) -> dict[str, Any]:
    """How the event is played on the site, and how many have registered (404: it takes
    no registrations here)."""
    hosted = hosted_of(request)
    return await _answer(hosted, event_id, await hosted.hosting(event_id))


async def _answer(hosted: HostedEvents, event_id: str, found: Hosting) -> dict[str, Any]:
    count = await asyncio.to_thread(hosted.store.count, event_id)
    return {**found.to_json(), "registered": count}


@router.post("/entries", status_code=201)
async def register(event_id: str, request: Request) -> dict[str, Any]:
    """Register the signed-in account for the event: `{player}`, its player id there."""
    account, _token = await signed_in(request)
    entry = await hosted_of(request).register(account, event_id[:32])
    return {"player": entry.player_id, "checked_in": False}


@router.post("/guests", status_code=201, openapi_extra=GUEST_BODY)
async def register_guest(event_id: str, request: Request) -> JSONResponse:
    """Register a player with no account by `{name}`: a name-only account is made and
    signed in on this browser (the cookie is set), and the answer's `link` is the token of
    the player's link, which signs them in on any device (`POST /api/session/link`);
    it is shown this once. Refused as registering is (409) before anything is made."""
    same_site(request)
    data = await read_object(request)
    hosted = hosted_of(request)
    await hosted.open_for(event_id[:32])
    accounts = accounts_of(request)
    account, token, link = await accounts.guest(data, address_of(request), current())
    try:
        entry = await hosted.register(account, event_id[:32])
    except BaseException:  # full or closed meanwhile: the account is not left behind
        await asyncio.to_thread(accounts.store.delete, account.id)
        raise
    extra = {"player": entry.player_id, "link": link}
    return signed_in_response(account, token, 201, extra)


@router.delete("/entries", status_code=204)
async def withdraw(event_id: str, request: Request) -> None:
    """Withdraw the signed-in account from the event (its player dropped)."""
    account, _token = await signed_in(request)
    await hosted_of(request).withdraw(account, event_id[:32])


@router.post("/check-in", status_code=204)
async def check_in(event_id: str, request: Request) -> None:
    """Check the signed-in account in (while check-in is open)."""
    account, _token = await signed_in(request)
    await hosted_of(request).check_in(account, event_id[:32])


@router.get("/me")
async def mine(event_id: str, request: Request) -> dict[str, Any]:
    """The signed-in account's place: `{player, checked_in, table: {id, seat, round} |
    null, reportable, report}` (its table in the round in play; whether its match there is
    over the board and open, and its reported result, `{result, mine, disputed}`)."""
    account, _token = await signed_in(request, changing=False)
    place = await hosted_of(request).mine(account, event_id[:32])
    return {**place, **await reports_of(request).mine(account, event_id[:32])}


@router.post("/report", status_code=204, openapi_extra=REPORT_BODY)
async def report(event_id: str, request: Request) -> None:
    """Report the result of one's match played over the board `{result: win | draw |
    loss}`, seen from oneself; the opponent then confirms or disputes it."""
    account, _token = await signed_in(request)
    await reports_of(request).report(account, event_id[:32], await read_object(request))


@router.post("/confirm", status_code=204)
async def confirm(event_id: str, request: Request) -> None:
    """Confirm the result one's opponent reported: it is the match's result."""
    account, _token = await signed_in(request)
    await reports_of(request).answer(account, event_id[:32], confirm=True)


@router.post("/dispute", status_code=204)
async def dispute(event_id: str, request: Request) -> None:
    """Dispute the result one's opponent reported: the organizer decides."""
    account, _token = await signed_in(request)
    await reports_of(request).answer(account, event_id[:32], confirm=False)


@router.post("/webhooks", status_code=201, openapi_extra=WEBHOOK_BODY)
async def add_webhook(
    event_id: str, request: Request, key: KeyQuery = None, authorization: AuthHeader = None
) -> dict[str, Any]:
    """The organizer adds a webhook `{url}`: `{id, url, secret}` (the secret shown once:
    it signs every delivery, `X-Ludoteca-Signature`)."""
    hosted = hosted_of(request)
    event = await hosted.events.load_as_organizer(event_id, bearer(key, authorization))
    data = await read_object(request)
    url = data.get("url")
    if not isinstance(url, str):
        raise bad_request(_("field 'url' must be a text"))
    return await asyncio.to_thread(webhooks_of(request).add, event.id, url.strip())


@router.get("/webhooks")
async def webhooks(
    event_id: str, request: Request, key: KeyQuery = None, authorization: AuthHeader = None
) -> dict[str, Any]:
    """The event's webhooks with their newest deliveries (the delivery log)."""
    hosted = hosted_of(request)
    event = await hosted.events.load_as_organizer(event_id, bearer(key, authorization))
    return {"webhooks": await asyncio.to_thread(webhooks_of(request).listing, event.id)}


HookId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The webhook's number.")]
"""A webhook's id: the database's 32-bit key (a larger number names none)."""


@router.delete("/webhooks/{hook_id}", status_code=204)
async def remove_webhook(
    event_id: str,
    hook_id: HookId,
    request: Request,
    key: KeyQuery = None,
    authorization: AuthHeader = None,
) -> None:
    """The organizer removes a webhook and its log."""
    hosted = hosted_of(request)
    event = await hosted.events.load_as_organizer(event_id, bearer(key, authorization))
    await asyncio.to_thread(webhooks_of(request).remove, event.id, hook_id)


@router.get("/reports")
async def reports(
    event_id: str, request: Request, key: KeyQuery = None, authorization: AuthHeader = None
) -> dict[str, Any]:
    """The organizer's list of results players reported and not yet recorded, disputed
    first: `{reports: [{round, table, players, result, disputed}]}`."""
    hosted = hosted_of(request)
    event = await hosted.events.load_as_organizer(event_id, bearer(key, authorization))
    return {"reports": await reports_of(request).listing(event)}
