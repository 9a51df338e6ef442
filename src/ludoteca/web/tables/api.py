"""The JSON API: games, tables, seats, views, moves and finished games' replays.

A seat's token comes as `?token=` or `Authorization: Bearer`; without one the
caller is a spectator (reading) or refused (acting). Errors are
`{"type": "error", "status": ..., "error": "one clear message"}`.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse, Response

from ludoteca import games
from ludoteca.core import LudotecaError
from ludoteca.core.i18n import _
from ludoteca.web.shared.errors import bad_request, conflict, forbidden, not_found, unprocessable
from ludoteca.web.shared.openapi import (
    ACTION_BODY,
    ERRORS,
    JOIN_BODY,
    NAME_BODY,
    OPTIONS_BODY,
    REMATCH_BODY,
    TABLE_BODY,
)
from ludoteca.web.shared.requests import (
    MAX_TABLE_BODY,
    SINCE_MAX,
    field_int,
    field_seed,
    field_str,
    person_name,
    read_object,
)
from ludoteca.web.tables import seating
from ludoteca.web.tables.clock import clock_rule
from ludoteca.web.tables.devices import device_of, ensure_device, seat_of_request
from ludoteca.web.tables.frames import Frames
from ludoteca.web.tables.played import PlayedTimes, with_played
from ludoteca.web.tables.replica import LISTED
from ludoteca.web.tables.service import TableService
from ludoteca.web.tables.summaries import table_summary
from ludoteca.web.tables.table import LiveTable
from ludoteca.web.tables.views import catalogue, game_preview, seat_view_text

router = APIRouter(prefix="/api", responses=ERRORS)
ASKED = 64  # tables asked for by id at once ("your games")
IdsQuery = Annotated[str | None, Query(max_length=ASKED * 33)]
TokenQuery = Annotated[str | None, Query(max_length=200)]
SinceQuery = Annotated[
    int,
    Query(
        ge=0,
        le=SINCE_MAX,
        description="Log entries the page already holds: only the later ones are sent.",
    ),
]
AuthHeader = Annotated[str | None, Header()]


def service_of(request: Request) -> TableService:
    """The app's table service."""
    service: TableService = request.app.state.service
    return service


@router.get("/games")
async def list_games(request: Request) -> dict[str, Any]:
    """Every game with its options and seat counts, how long it takes (the rulebook's
    figure, and this server's median once enough were played), and the agent presets."""
    played: PlayedTimes = request.app.state.played
    return with_played(await asyncio.to_thread(catalogue), await played.figures())


@router.get("/games/{name}/preview")
def preview(name: str) -> dict[str, Any]:
    """A picture of game `name` for the lobby: its board module and a spectator's view of
    the start of a game with the default options (not a table: nothing is hidden by it)."""
    if name not in games.playable():
        raise not_found(
            _("unknown game '{value}'", value=name[:64])
        )  # a stranger's path is not echoed whole
    return game_preview(name)


@router.post("/games/{name}/seats", openapi_extra=OPTIONS_BODY)
async def seats_for(name: str, request: Request) -> dict[str, Any]:
    """How many seats game `name` has with the posted options (422 for a bad option)."""
    options = await read_object(request, MAX_TABLE_BODY)
    try:
        game = await asyncio.to_thread(games.load, name, **options)
    except LudotecaError as exc:
        raise unprocessable(str(exc)) from None
    return {"game": name, "options": game.options, "seats": game.num_seats}


@router.get("/tables")
async def list_tables(request: Request, ids: IdsQuery = None) -> dict[str, Any]:
    """The newest listed tables (at most `LISTED`), newest first: public facts only. A
    table its creator did not list is reached by its link only: `?ids=a,b` (at most
    `ASKED`) gives the tables of those ids that exist, listed or not, as a browser asks
    for the tables it keeps seats of."""
    service = service_of(request)
    if ids is None:
        return {"tables": service.replica.listed(LISTED)}
    asked = [part for part in ids.split(",") if part]
    if len(asked) > ASKED:
        raise bad_request(_("at most {asked} table ids at once", asked=ASKED))
    return {"tables": await service.replica.lines(list(dict.fromkeys(asked)))}


@router.post("/tables", status_code=201, openapi_extra=TABLE_BODY)
async def create_table(request: Request, response: Response) -> dict[str, Any]:
    """Create a table: `{game, options?, seed?, hotseat?, listed?, clock?, seats: [{kind,
    agent?, name?}]}`; tokens are shown once. `name`: the person's on a human seat;
    `listed`: shown in the lobby (default: when a seat is open); `clock`: `{minutes,
    increment}` (`web.clock`). A `seed` needs every person at the table to be its creator
    (`hotseat` when there are several; such a table is then bound to this browser by a
    cookie, `web.devices`); without one the server draws a secret seed."""
    data = await read_object(request, MAX_TABLE_BODY)
    game = field_str(data, "game", 64)
    options = data.get("options", {})
    seats = data.get("seats")
    seed = field_seed(data)
    if not isinstance(options, dict):
        raise bad_request(_("field 'options' must be an object"))
    if not isinstance(seats, list) or not seats:
        raise bad_request(_("field 'seats' must be a list with one entry per seat"))
    hotseat = data.get("hotseat", False)
    if not isinstance(hotseat, bool):
        raise bad_request(_("field 'hotseat' must be true or false"))
    listed = data.get("listed")
    if listed is not None and not isinstance(listed, bool):
        raise bad_request(_("field 'listed' must be true or false"))
    clock = clock_rule(data.get("clock"))
    device = ensure_device(request, response) if seed is not None and hotseat else None
    table, tokens = await service_of(request).create(
        game, options, seats, seed, hotseat=hotseat, listed=listed, clock=clock, device=device
    )
    return created_answer(table, tokens)


def created_answer(table: LiveTable, tokens: dict[int, str]) -> dict[str, Any]:
    """The answer to a new table: its public facts and each person's token (shown once)."""
    return {
        "id": table.id,
        "table": table_summary(table),
        "seats": [
            {"seat": s.seat, "kind": s.kind, "agent": s.agent, "token": tokens.get(s.seat)}
            for s in table.seats
        ],
    }


@router.post("/tables/{table_id}/join", openapi_extra=JOIN_BODY)
async def join_table(table_id: str, request: Request) -> dict[str, Any]:
    """Claim an open seat `{seat, name?}`: returns its token (shown once)."""
    service = service_of(request)
    table = await service.current(table_id)
    data = await read_object(request)
    seat = field_int(data, "seat")
    name = None if data.get("name") is None else person_name(data["name"], "field 'name'")
    token = await seating.join(service, table, seat, name)
    return {"id": table.id, "seat": seat, "token": token}


@router.post(
    "/tables/{table_id}/rematch",
    status_code=201,
    openapi_extra=REMATCH_BODY,
    responses={200: {"description": "the rematch was made before: the same table"}},
)
async def rematch(table_id: str, request: Request) -> Response:
    """A finished table's rematch with every seat moved one place on (two seats swap):
    `{tokens: [...]}`, seat tokens of people at the table (one is enough; the others follow
    from their own page). Answers like a new table (201), or 200 with the rematch already
    made; `seats[].token` is the sent token for the seat its person moved to (people keep
    their tokens)."""
    service = service_of(request)
    table = await service.current(table_id)
    tokens = (await read_object(request)).get("tokens")
    if not isinstance(tokens, list) or not tokens or len(tokens) > len(table.seats):
        raise bad_request(_("field 'tokens' must list seat tokens of people at the table"))
    if not all(isinstance(token, str) and 0 < len(token) <= 200 for token in tokens):
        raise bad_request(_("field 'tokens' must list seat tokens (texts)"))
    device = device_of(request.cookies)
    made, new = await seating.rematch(service, table, tokens, device)
    moved = {made.seat_of(token, required=True, device=device): token for token in tokens}
    body = created_answer(made, {seat: token for seat, token in moved.items() if seat is not None})
    return JSONResponse(body, status_code=201 if new else 200)


@router.post("/tables/{table_id}/name", openapi_extra=NAME_BODY)
async def name_seat(
    table_id: str, request: Request, token: TokenQuery = None, authorization: AuthHeader = None
) -> dict[str, Any]:
    """Give the token's seat its person's name `{name}`, shown to everyone at the table."""
    service = service_of(request)
    table = await service.current(table_id)
    seat = seat_of_request(table, request, token, authorization, required=True)
    assert seat is not None
    name = person_name((await read_object(request)).get("name"), "field 'name'")
    await seating.name_seat(service, table, seat, name)
    return {"id": table.id, "seat": seat, "name": name}


@router.get("/tables/{table_id}/clock")
async def clock(table_id: str, request: Request) -> dict[str, Any]:
    """The table's move clock now (public): the rule, each person's seconds at the start of
    this turn, whose runs and since when, the time-outs, and the server's time `now` (a page
    counts down from it). 404 for a table without a clock."""
    table = await service_of(request).current(table_id)
    shown = table.clock()
    if shown is None:
        raise not_found(_("table {table_id} has no move clock", table_id=table.id))
    return {**shown, "now": datetime.now(UTC).isoformat()}


@router.get("/tables/{table_id}/view")
async def view(
    table_id: str,
    request: Request,
    token: TokenQuery = None,
    authorization: AuthHeader = None,
    since: SinceQuery = 0,
) -> Response:
    """The view of the token's seat; without a token, the spectator's. With `since`, only
    the log entries after the first `since` (see `views.seat_view_text`)."""
    table = await service_of(request).current(table_id)
    seat = seat_of_request(table, request, token, authorization, required=False)
    return Response(seat_view_text(table, seat, since), media_type="application/json")


@router.post("/tables/{table_id}/actions", openapi_extra=ACTION_BODY)
async def act(
    table_id: str,
    request: Request,
    token: TokenQuery = None,
    authorization: AuthHeader = None,
    since: SinceQuery = 0,
) -> Response:
    """Make a move `{index, action, seat?}` as the token's seat; stored before answered.
    The answer holds the new view (with `since`, as `GET .../view?since=`)."""
    service = service_of(request)
    table = await service.current(table_id)
    seat = seat_of_request(table, request, token, authorization, required=True)
    assert seat is not None
    data = await read_object(request)
    index, action = field_int(data, "index"), field_str(data, "action")
    if "seat" in data and data["seat"] != seat:
        raise forbidden(
            _("this token belongs to seat {seat}: field 'seat' must be {seat}", seat=seat)
        )
    new_index = await service.submit(table, seat, index, action)
    # The view's JSON text is cached (`seat_view_text`): FastAPI's own encoding of a
    # view costs a hundred times more.
    text = f'{{"type":"ack","index":{new_index},"view":{seat_view_text(table, seat, since)}}}'
    return Response(text, media_type="application/json")


@router.get("/tables/{table_id}/replay")
async def replay(table_id: str, request: Request) -> JSONResponse:
    """A finished game's replay file (409 while the game is on: the log holds secrets)."""
    table = await service_of(request).current(table_id)
    if not table.state.is_terminal:
        raise conflict(
            _("table {table_id} is still in play; its replay opens when it ends", table_id=table_id)
        )
    document = table.game.record(table.state).to_json()
    document["seeded"] = table.record.seeded  # the creator chose the seed
    name = f"ludoteca-{table.record.game}-{table.id}.json"
    return JSONResponse(document, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/tables/{table_id}/frames/{step}")
async def frame(
    table_id: str, step: int, request: Request, seat: int | None = None
) -> dict[str, Any]:
    """A finished game after `step` moves, as `seat` (default: a spectator) saw it
    (`web.frames`)."""
    table = await service_of(request).current(table_id)
    frames: Frames = request.app.state.frames
    return await frames.frame(table, step, seat)
