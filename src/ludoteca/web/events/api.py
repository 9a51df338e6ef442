"""The tournament API (issue 8, "Tournaments"): events, rounds, results, standings, bots.

Reading an event is public. Every change needs the event's organizer key, given
as `Authorization: Bearer <key>` (or `?key=`); without it, or with a wrong one,
the answer is 403 and nothing changes. Errors are the app's usual
`{"type": "error", "status": ..., "error": "..."}`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request

from ludoteca.core import LudotecaError
from ludoteca.core.i18n import _
from ludoteca.tournament.champion import overall_ranking
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.melee import MeleeEvent
from ludoteca.tournament.registration import MAX_BYTES as MAX_SHEET
from ludoteca.web.events import ops
from ludoteca.web.events.actions import ACTIONS, CHANGED, PREVIEW_BODY
from ludoteca.web.events.service import EventService, authorize
from ludoteca.web.events.store import StoredEvent
from ludoteca.web.events.views import organizer_view, public_view
from ludoteca.web.shared.errors import conflict, unprocessable
from ludoteca.web.shared.openapi import BOT_EVENT_BODY, CHANGE_BODY, ERRORS, EVENT_BODY
from ludoteca.web.shared.requests import MAX_BODY, bearer, read_object

router = APIRouter(prefix="/api", responses=ERRORS)
KeyQuery = Annotated[str | None, Query(max_length=200)]
PAGE = 50
"""Events listed a page by default; at most `MAX_PAGE`."""
MAX_PAGE = 200
LimitQuery = Annotated[int, Query(ge=1, le=MAX_PAGE, description="Events on the page.")]
BeforeQuery = Annotated[
    str | None,
    Query(
        max_length=64,
        pattern=r"^[A-Za-z0-9_-]+$",
        description="The last event of the page before (an event id).",
    ),
]
AuthHeader = Annotated[str | None, Header()]
IdQuery = Annotated[str, Query(min_length=1, max_length=32)]

SIGNUP_BODY = 2 * MAX_SHEET
"""A sign-up sheet's body: the sheet, escaped in JSON (its newlines and quotes)."""


def events_of(request: Request) -> EventService:
    """The app's event service."""
    service: EventService = request.app.state.events
    return service


@router.get("/events")
async def list_events(
    request: Request, limit: LimitQuery = PAGE, before: BeforeQuery = None
) -> dict[str, Any]:
    """Events, newest first, a page at a time (public): id, name and kind of at most
    `limit`; `before`: the last event of the page before; `next`: the `before` of the
    next page (None: this is the last)."""
    rows = await events_of(request).listing(limit + 1, before)
    page = [{"id": i, "name": n, "kind": k} for i, n, k in rows[:limit]]
    return {"events": page, "next": page[-1]["id"] if len(rows) > limit else None}


@router.post("/events", status_code=201, openapi_extra=EVENT_BODY)
async def create_event(request: Request) -> dict[str, Any]:
    """Create a Duel or Melee event; the organizer key is in the answer, shown once."""
    service = events_of(request)
    event, key = await service.create(await read_object(request))
    return {"id": event.id, "key": key, "event": public_view(event)}


@router.post("/events/bots", status_code=201, openapi_extra=BOT_EVENT_BODY)
async def create_bot_event(request: Request) -> dict[str, Any]:
    """Start a bot tournament `{game, agents, rounds?, top_cut?, seed?, action_limit?}`."""
    service = events_of(request)
    event, key = await service.create_bots(await read_object(request))
    return {"id": event.id, "key": key, "event": public_view(event, service.bots_progress(event))}


@router.get("/events/{event_id}")
async def get_event(event_id: str, request: Request) -> dict[str, Any]:
    """The public view: players, rounds, standings, cut, champion, clock, bot progress."""
    service = events_of(request)
    event = await service.load(event_id)
    return public_view(event, service.bots_progress(event))


@router.get("/events/{event_id}/progress")
async def progress(event_id: str, request: Request) -> dict[str, Any]:
    """A bot tournament's progress (409 for an event without bots)."""
    service = events_of(request)
    event = await service.load(event_id)
    found = service.bots_progress(event)
    if found is None:
        raise conflict(_("event {event_id} is not a bot tournament", event_id=event_id))
    return found


@router.get("/events/{event_id}/organizer")
async def organizer(
    event_id: str, request: Request, key: KeyQuery = None, authorization: AuthHeader = None
) -> dict[str, Any]:
    """The organizer's view (403 without the key): the public view and the journal."""
    service = events_of(request)
    given = bearer(key, authorization)
    event = await service.load_as_organizer(event_id, given)
    journal = await service.journal(event_id)
    return _with_role(organizer_view(event, journal, service.bots_progress(event)), event, given)


def _with_role(view: dict[str, Any], event: StoredEvent, key: str | None) -> dict[str, Any]:
    """The organizer's view with who is looking (organizer or co-organizer) and whether a
    co-organizer link is out."""
    return view | {"role": authorize(event, key), "co_organizer": event.co_key_hash is not None}


@router.post("/events/{event_id}/co-organizer")
async def make_co_organizer(
    event_id: str, request: Request, key: KeyQuery = None, authorization: AuthHeader = None
) -> dict[str, Any]:
    """A new co-organizer key (shown once), replacing any other: the organizer only."""
    made = await events_of(request).co_organizer(event_id, bearer(key, authorization), make=True)
    return {"id": event_id, "co_key": made}


@router.delete("/events/{event_id}/co-organizer")
async def revoke_co_organizer(
    event_id: str, request: Request, key: KeyQuery = None, authorization: AuthHeader = None
) -> dict[str, Any]:
    """Revoke the co-organizer key: its links stop working at once. The organizer only."""
    await events_of(request).co_organizer(event_id, bearer(key, authorization), make=False)
    return {"id": event_id, "co_key": None}


@router.post("/events/{event_id}/preview", openapi_extra=PREVIEW_BODY)
async def preview(
    event_id: str, request: Request, key: KeyQuery = None, authorization: AuthHeader = None
) -> dict[str, Any]:
    """What recording `{round, table, result | power}` would store (nothing is stored):
    a Duel result, or a melee table's places and points. Organizer only (403)."""
    service = events_of(request)
    data = await read_object(request)
    event = await service.load_as_organizer(event_id, bearer(key, authorization))
    try:
        return ops.preview(event, data)
    except LudotecaError as exc:
        raise unprocessable(str(exc)) from None


async def _change(
    event_id: str, action: str, request: Request, key: str | None, authorization: str | None
) -> dict[str, Any]:
    """Run the organizer's `action` (see `event_actions.ACTIONS`); stored before the
    answer. 403 without the key."""
    found = ACTIONS.get(action)
    if found is None:
        raise unprocessable(
            _(
                "unknown event action {action}; one of {value}",
                action=repr(action[:40]),
                value=", ".join(ACTIONS),
            )
        )
    service = events_of(request)
    limit = SIGNUP_BODY if found.operation == "import-players" else MAX_BODY
    data = await read_object(request, limit)
    given = bearer(key, authorization)
    outcome, event = await service.operate(event_id, given, found.operation, data)
    journal = await service.journal(event_id)
    view = _with_role(organizer_view(event, journal, service.bots_progress(event)), event, given)
    return {"type": "changed", "done": outcome, "event": view}


def _action_route(action: str) -> Callable[..., Awaitable[dict[str, Any]]]:
    async def endpoint(
        event_id: str, request: Request, key: KeyQuery = None, authorization: AuthHeader = None
    ) -> dict[str, Any]:
        return await _change(event_id, action, request, key, authorization)

    return endpoint


for _action, _spec in ACTIONS.items():  # each action its typed route, before the generic one
    router.add_api_route(
        f"/events/{{event_id}}/{_action}",
        _action_route(_action),
        methods=["POST"],
        summary=_spec.summary,
        description=f"Organizer only (the event's key; 403 without it). Runs `{_spec.operation}`.",
        operation_id=f"event_{_action.replace('-', '_')}",
        openapi_extra=_spec.body,
        responses=CHANGED,
    )


@router.post("/events/{event_id}/{action}", openapi_extra=CHANGE_BODY, include_in_schema=False)
async def change(
    event_id: str,
    action: str,
    request: Request,
    key: KeyQuery = None,
    authorization: AuthHeader = None,
) -> dict[str, Any]:
    """Any action by name (the typed routes above are the documented form): kept for
    clients written before them; an unknown action is a 422 naming the actions."""
    return await _change(event_id, action, request, key, authorization)


@router.get("/champion")
async def champion(request: Request, duel: IdQuery, melee: IdQuery) -> dict[str, Any]:
    """Overall champion of a Duel and a Melee event (players matched by name; public)."""
    service = events_of(request)
    duel_event = (await service.load(duel)).record.event
    melee_event = (await service.load(melee)).record.event
    if not isinstance(duel_event, DuelEvent) or not isinstance(melee_event, MeleeEvent):
        raise unprocessable(_("give a Duel event as 'duel' and a Melee event as 'melee'"))
    try:
        names = [duel_event.players[p].name for p in duel_event.final_ranking()]
        lines = overall_ranking(names, melee_event.finish())
    except LudotecaError as exc:
        raise conflict(str(exc)) from None
    return {
        "duel": duel,
        "melee": melee,
        "ranking": [
            {
                "rank": line.rank,
                "player": line.player,
                "points": line.points,
                "duel_place": line.duel_place,
                "melee_place": line.melee_place,
                "tied_with": [p for p in line.unresolved if p != line.player],
            }
            for line in lines
        ],
    }
