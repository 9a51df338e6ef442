"""Rated tables, ratings, leaderboards and profiles over HTTP (issue 44), and their pages.

Making or joining a rated table needs a signed-in account (`api.signed_in`: same site,
CSRF token). Ratings, leaderboards and public profiles are read by anyone; a private
account's profile shows its name only, and it is on no leaderboard.
"""

from __future__ import annotations

import asyncio
from functools import cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from ludoteca import games
from ludoteca.core.i18n import N_, _
from ludoteca.web.accounts.api import accounts_of, signed_in
from ludoteca.web.accounts.ladders import Ladders
from ludoteca.web.accounts.rated import RatedTables
from ludoteca.web.accounts.ratings import computer_ratings, ladder_of
from ludoteca.web.shared.errors import bad_request, not_found
from ludoteca.web.shared.openapi import ERRORS, RATED_TABLE_BODY, SEAT_BODY
from ludoteca.web.shared.pages import templates
from ludoteca.web.shared.requests import MAX_TABLE_BODY, field_int, field_str, read_object
from ludoteca.web.tables.api import created_answer, service_of
from ludoteca.web.tables.clock import clock_rule

router = APIRouter(responses=ERRORS)
pages = APIRouter(include_in_schema=False)

KINDS = {"duel": N_("two players"), "teams": N_("teams"), "table": N_("three or more")}
"""A ladder's kind of table in the reader's words."""


def rated_of(request: Request) -> RatedTables:
    """The app's rated tables."""
    rated: RatedTables = request.app.state.rated
    return rated


def ladders_of(request: Request) -> Ladders:
    """The app's ratings."""
    return rated_of(request).ladders


@cache
def ladder_names() -> tuple[str, ...]:
    """Every ladder the installed games have: each game's configurations' kinds."""
    found: dict[str, None] = {}
    for name in games.playable():
        for config in games.game_class(name).conformance_configs():
            found[ladder_of(games.load(name, **config))] = None
    return tuple(found)


def ladder_line(ladder: str) -> dict[str, Any]:
    """A ladder in the reader's words, with its computer levels' published ratings."""
    game, kind = ladder.split("/")
    return {
        "ladder": ladder,
        "game": game,
        "title": games.game_class(game).info.title,
        "kind": _(KINDS[kind]),
        "computers": {
            level: round(value) for level, value in computer_ratings().get(ladder, {}).items()
        },
    }


@router.post("/api/rated-tables", status_code=201, openapi_extra=RATED_TABLE_BODY)
async def create_rated(request: Request) -> dict[str, Any]:
    """A rated table `{game, options?, listed?, clock?, seats}` with the signed-in account
    at its one `human` seat; the others open (for signed-in players) or computers at a
    rated level. Answers as `POST /api/tables`, with the account's `token` and `seat`."""
    account, _token = await signed_in(request)
    data = await read_object(request, MAX_TABLE_BODY)
    game = field_str(data, "game", 64)
    options, seats = data.get("options", {}), data.get("seats")
    if not isinstance(options, dict):
        raise bad_request(_("field 'options' must be an object"))
    if not isinstance(seats, list) or not seats:
        raise bad_request(_("field 'seats' must be a list with one entry per seat"))
    clock = clock_rule(data.get("clock"))
    table, token, seat = await rated_of(request).create(account, game, options, seats, clock)
    answer = created_answer(table, {seat: token})
    return {**answer, "token": token, "seat": seat}


@router.post("/api/rated-tables/{table_id}/join", openapi_extra=SEAT_BODY)
async def join_rated(table_id: str, request: Request) -> dict[str, Any]:
    """Take an open seat `{seat}` of a rated table as the signed-in account: its token."""
    account, _token = await signed_in(request)
    table = await service_of(request).current(table_id)
    seat = field_int(await read_object(request), "seat")
    token = await rated_of(request).join(account, table, seat)
    return {"id": table.id, "seat": seat, "token": token}


@router.get("/api/tables/{table_id}/ratings")
async def table_ratings(table_id: str, request: Request) -> dict[str, Any]:
    """A table's rating changes: `{rated, ladder, changes: [{seat, before, after, change,
    deviation, computer}]}` (no changes while it is played)."""
    table = await service_of(request).current(table_id)
    if not table.record.rated:
        return {"rated": False, "ladder": None, "changes": []}
    changes = await asyncio.to_thread(ladders_of(request).changes, table.id)
    return {"rated": True, "ladder": ladder_of(table.game), "changes": changes}


@router.get("/api/ladders")
async def ladders() -> dict[str, Any]:
    """Every ladder, with its computer levels' published ratings."""
    return {"ladders": [ladder_line(ladder) for ladder in ladder_names()]}


@router.get("/api/ladders/{game}/{kind}")
async def leaderboard(game: str, kind: str, request: Request) -> dict[str, Any]:
    """A ladder's leaderboard: its public accounts by rating less twice its deviation."""
    ladder = f"{game}/{kind}"
    if ladder not in ladder_names():
        raise not_found(_("there is no ladder {ladder}", ladder=ladder[:80]))
    leaders = await asyncio.to_thread(ladders_of(request).leaders, ladder)
    return {
        **ladder_line(ladder),
        "leaders": [
            {"login": login, "name": name, **rating.to_json()} for login, name, rating in leaders
        ],
    }


@router.get("/api/players/{name}")
async def profile(name: str, request: Request) -> dict[str, Any]:
    """A player's profile: name, since when, ratings and recent rated games; a private
    account's name only (404 for no such player)."""
    found = await asyncio.to_thread(accounts_of(request).store.by_name, name[:64])
    if found is None:
        raise not_found(_("no player is called {name}", name=name[:64]))
    answer: dict[str, Any] = {
        "name": found.display_name,
        "login": found.login,
        "private": found.private,
    }
    if found.private:
        return answer
    ladders = ladders_of(request)
    held, recent = await asyncio.gather(
        asyncio.to_thread(ladders.of_account, found.id),
        asyncio.to_thread(ladders.recent, found.id),
    )
    return {
        **answer,
        "since": found.created_at.date().isoformat(),
        "ratings": [
            {**ladder_line(ladder), **rating.to_json()} for ladder, rating in sorted(held.items())
        ],
        "games": recent,
    }


@pages.get("/players/{name}", response_class=HTMLResponse)
def profile_page(request: Request, name: str) -> HTMLResponse:
    """A player's profile (a shell: its script reads `GET /api/players/{name}`)."""
    return templates.TemplateResponse(request, "profile.html", {"player": name[:64]})


@pages.get("/ladders", response_class=HTMLResponse)
def ladders_page(request: Request) -> HTMLResponse:
    """The leaderboards and the computers' published ratings."""
    return templates.TemplateResponse(request, "ladders.html", {})
