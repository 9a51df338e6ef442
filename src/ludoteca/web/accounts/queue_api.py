"""Quick pairing over HTTP (issue 44, item 4), and a seat taken on this device.

A signed-in player enters the queue for a two-player game and a move clock
(`POST /api/queue`), and their page asks for their place every few seconds
(`GET /api/queue`): each ask may pair them (`queue.QueueStore.pair`). Paired, the page takes
its seat here (`POST /api/account/seats/{table}/{seat}/here`: a new token for this device)
and leaves the queue. After the wait the player chose, the page offers the computer
(`POST /api/queue/computer`: a rated table against the level whose rating is nearest).
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from ludoteca import games
from ludoteca.agents.levels import presets_for
from ludoteca.core import LudotecaError
from ludoteca.core.i18n import _
from ludoteca.web.accounts.api import accounts_of, signed_in
from ludoteca.web.accounts.queue import WAITS, QueueStore, queue_key
from ludoteca.web.accounts.rated_api import rated_of
from ludoteca.web.accounts.ratings import computer_ratings, ladder_of, newcomer
from ludoteca.web.accounts.store import Account
from ludoteca.web.shared.db import QueueRow
from ludoteca.web.shared.errors import WebError, bad_request, not_found, unprocessable
from ludoteca.web.shared.openapi import ERRORS, QUEUE_BODY
from ludoteca.web.shared.pages import templates
from ludoteca.web.shared.records import HUMAN
from ludoteca.web.shared.requests import field_str, read_object
from ludoteca.web.tables.api import service_of
from ludoteca.web.tables.clock import clock_rule
from ludoteca.web.tables.seating import rekey

router = APIRouter(responses=ERRORS)
pages = APIRouter(include_in_schema=False)
DEFAULT_CLOCK = {"minutes": 10, "increment": 5}


def queue_of(request: Request) -> QueueStore:
    """The app's queue."""
    queue: QueueStore = request.app.state.queue
    return queue


async def _ladder(game: str) -> str:
    """The duel ladder of `game` with its default options (422 if it is not for two)."""
    if game not in games.playable():
        raise unprocessable(_("unknown game '{name}'", name=game[:64]))
    try:
        loaded = await asyncio.to_thread(games.load, game)
    except LudotecaError as exc:
        raise unprocessable(str(exc)) from None
    ladder = ladder_of(loaded)
    if not ladder.endswith("/duel"):
        raise unprocessable(_("quick pairing is for two-player games"))
    return ladder


@router.post("/api/queue", openapi_extra=QUEUE_BODY)
async def enter(request: Request) -> dict[str, Any]:
    """Wait for an opponent: `{game, clock?, wait?}` (the game's usual options; a clock,
    by default 10 minutes + 5 s; seconds before the computer is offered, or null: never).
    Replaces the account's place if it had one."""
    account, _token = await signed_in(request)
    data = await read_object(request)
    game = field_str(data, "game", 64)
    ladder = await _ladder(game)
    clock = clock_rule(data.get("clock", DEFAULT_CLOCK))
    wait = data.get("wait")
    if wait is not None and wait not in WAITS:
        raise bad_request(
            _("field 'wait' must be null or one of {allowed}", allowed=", ".join(map(str, WAITS)))
        )
    held = await asyncio.to_thread(rated_of(request).ladders.of_account, account.id)
    rating = held.get(ladder, newcomer(ladder)).value
    rule = None if clock is None else clock.to_json()
    row = QueueRow(key=queue_key(game, {}, rule), game=game, options={}, clock=rule)
    row.rating, row.wait = rating, wait
    if not await asyncio.to_thread(queue_of(request).enter, account.id, row):
        raise WebError(503, _("too many players are waiting; try again in a minute"))
    return await place(request)


@router.get("/api/queue")
async def place(request: Request) -> dict[str, Any]:
    """The account's place: `{game, waited, range, computer, table, seat}` (`table` once
    paired; `computer`: the wait chosen is over); 404 when it is not waiting."""
    account, _token = await signed_in(request, changing=False)
    queue = queue_of(request)
    found, other = await asyncio.to_thread(queue.pair, account.id)
    if found is None:
        raise not_found(_("you are not waiting for a game"))
    if other is None:
        return found.to_json()
    opponent = await asyncio.to_thread(accounts_of(request).store.by_id, other)
    people = [account, opponent] if opponent is not None else []
    try:
        if len(people) != 2:
            raise unprocessable(_("your opponent's account is gone"))
        if secrets.randbelow(2):
            people.reverse()
        table = await rated_of(request).create_pair(
            people, found.game, found.options, clock_rule(found.clock)
        )
    except WebError:
        await asyncio.to_thread(queue.unpair, [account.id, other])
        raise
    seats = {person.id: (table.id, seat) for seat, person in enumerate(people)}
    await asyncio.to_thread(queue.seat, seats)
    return {**found.to_json(), "table": table.id, "seat": seats[account.id][1]}


@router.delete("/api/queue", status_code=204)
async def leave(request: Request) -> None:
    """Stop waiting (nothing if not waiting)."""
    account, _token = await signed_in(request)
    await asyncio.to_thread(queue_of(request).leave, account.id)


@router.post("/api/queue/computer", status_code=201)
async def computer(request: Request) -> dict[str, Any]:
    """Stop waiting and play the computer instead: a rated table of the queue's game and
    clock against the level whose published rating is nearest the account's."""
    account, _token = await signed_in(request)
    await read_object(request)
    queue = queue_of(request)
    found, _other = await asyncio.to_thread(queue.pair, account.id)
    if found is None:
        raise not_found(_("you are not waiting for a game"))
    if found.table is not None:
        raise WebError(409, _("you were paired: take your seat"))
    await asyncio.to_thread(queue.leave, account.id)
    return await _against_computer(request, account, found.game, found.rating, found.clock)


async def _against_computer(
    request: Request, account: Account, game: str, rating: float, clock: dict[str, Any] | None
) -> dict[str, Any]:
    levels = computer_ratings().get(await _ladder(game), {})
    if not levels:
        raise unprocessable(_("no computer level is rated for this game yet"))
    level = min(levels, key=lambda name: abs(levels[name] - rating))
    seats: list[dict[str, Any]] = [
        {"kind": HUMAN},
        {"kind": "agent", "agent": presets_for(game)[level]},
    ]
    table, token, seat = await rated_of(request).create(account, game, {}, seats, clock_rule(clock))
    return {"id": table.id, "seat": seat, "token": token, "level": level}


@router.post("/api/account/seats/{table_id}/{seat}/here")
async def here(table_id: str, seat: int, request: Request) -> dict[str, Any]:
    """Play the account's seat on this device: a new token for it (the old one stops
    working for requests); 404 unless the seat is the account's, 409 once the game is over."""
    account, _token = await signed_in(request)
    holders = await asyncio.to_thread(accounts_of(request).games.holders, table_id[:32])
    if holders.get(seat) != account.id:
        raise not_found(_("this seat is not yours"))
    table = await service_of(request).current(table_id)
    return {"id": table.id, "seat": seat, "token": await rekey(service_of(request), table, seat)}


@pages.get("/play-now", response_class=HTMLResponse)
def play_now_page(request: Request) -> HTMLResponse:
    """Quick pairing (a shell: its script drives `/api/queue`)."""
    return templates.TemplateResponse(request, "queue.html", {})
