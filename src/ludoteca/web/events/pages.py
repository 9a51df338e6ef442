"""The tournament pages: the events list, the organizer's page, the public standings, print.

The organizer's page is a shell like the play page: its key comes from the URL
fragment (`#key=...`), which browsers never send, and every organizer call the
page makes carries it; without it the API answers 403 and the page shows why.
The public page and the printable sheets hold only public facts (names, tables,
results), as posted on the wall at an event, and no control of any kind.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from ludoteca.core.i18n import _
from ludoteca.tournament import rulesets
from ludoteca.tournament.day import slip_fields
from ludoteca.web.events.service import EventService
from ludoteca.web.events.views import public_view
from ludoteca.web.shared.errors import not_found
from ludoteca.web.shared.pages import templates

router = APIRouter(include_in_schema=False)


def _service(request: Request) -> EventService:
    service: EventService = request.app.state.events
    return service


@router.get("/events", response_class=HTMLResponse)
def events(request: Request) -> HTMLResponse:
    """Create an event or a bot tournament; list the events."""
    rule_sets = [rulesets.get(name) for name in rulesets.names()]
    return templates.TemplateResponse(request, "events.html", {"rule_sets": rule_sets})


@router.get("/events/{event_id}", response_class=HTMLResponse)
async def public(request: Request, event_id: str) -> HTMLResponse:
    """Public, read-only standings (refreshed live); no organizer control."""
    event = await _service(request).load(event_id)
    context = {"event_id": event.id, "name": event.name}
    return templates.TemplateResponse(request, "event_public.html", context)


@router.get("/events/{event_id}/organize", response_class=HTMLResponse)
async def organize(request: Request, event_id: str) -> HTMLResponse:
    """The organizer's page (a shell; the key comes from `#key=`)."""
    event = await _service(request).load(event_id)
    context = {"event_id": event.id, "name": event.name}
    return templates.TemplateResponse(request, "organize.html", context)


@router.get("/events/{event_id}/print", response_class=HTMLResponse)
async def print_round(request: Request, event_id: str, round: int | None = None) -> HTMLResponse:
    """Printable pairings (by table, and by player name) or seatings of one round."""
    view, sheet = await _printed(request, event_id, round)
    by_name = sorted(
        (
            (seat["name"], table["table"], position, table)
            for table in sheet["tables"]
            for position, seat in enumerate(table["seats"], start=1)
        ),
        key=lambda line: (line[0].casefold(), line[1]),
    )
    context = {"event": view, "sheet": sheet, "by_name": by_name, "result_words": result_words}
    return templates.TemplateResponse(request, "event_print.html", context)


def result_words(table: dict[str, Any]) -> str:
    """A Duel table's result as people say it ("Carla Dias wins", "draw", "Ana 2–1 Bruno"),
    as the pages' `duelResult` (event_render.js) writes it; the stored result is the first
    seat's."""
    result, seats = table.get("result"), table["seats"]
    if not result:
        return ""
    if result == "draw":
        return _("draw")
    first, second = seats[0]["name"], seats[1]["name"] if len(seats) > 1 else ""
    winner = {"win": first, "timed_win": first, "loss": second, "timed_loss": second}
    if result in winner:
        if result.startswith("timed"):
            return _("{name} wins on time", name=winner[result])
        return _("{name} wins", name=winner[result])
    games = result.split("-")
    if len(games) == 2 and all(g.isdigit() for g in games) and second:
        won, lost = (int(g) for g in games)
        return _("{first} {won}–{lost} {second}", first=first, second=second, won=won, lost=lost)
    return str(result)


@router.get("/events/{event_id}/slips", response_class=HTMLResponse)
async def match_slips(request: Request, event_id: str, round: int | None = None) -> HTMLResponse:
    """A match slip per table of one round (byes left out), to fill in, sign and hand in."""
    view, sheet = await _printed(request, event_id, round)
    tables = [table for table in sheet["tables"] if not table["bye"]]
    report = view["rules"]["report"] if view["rules"] else None
    fields = [_(field) for field in slip_fields(view["kind"], report)]
    context = {"event": view, "sheet": sheet, "tables": tables, "fields": fields}
    return templates.TemplateResponse(request, "event_slips.html", context)


async def _printed(
    request: Request, event_id: str, round: int | None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The public view of an event and the sheet of round `round` (default: the latest);
    404 naming the rounds there are."""
    service = _service(request)
    event = await service.load(event_id)
    view = public_view(event)
    sheets = view["rounds"]
    if not sheets:
        raise not_found(_("event {event_id} has no round to print yet", event_id=event_id))
    number = sheets[-1]["number"] if round is None else round
    sheet = next((s for s in sheets if s["number"] == number), None)
    if sheet is None:
        raise not_found(
            _(
                "event {event_id} has rounds 1 to {value}, not {number}",
                event_id=event_id,
                value=sheets[-1]["number"],
                number=number,
            )
        )
    return view, sheet
