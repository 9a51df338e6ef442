"""An event's public data as a stable feed (issue 22): for a community site or a stream
overlay to poll.

`GET /api/events/{id}/feed` answers the `EventFeed` schema (in `/openapi.json` and at
`/docs`): pairings and results of every round, and the standings with the rule set's
tiebreaks. Only public facts: names, tables, results, standings; never a key.

Polling is cheap: the answer carries `ETag: "<revision>"`, and a request with
`If-None-Match` of the current revision gets 304 with no body. Any site may read it
(`Access-Control-Allow-Origin: *`); it changes nothing.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from ludoteca.web.events.service import EventService
from ludoteca.web.events.views import public_view
from ludoteca.web.shared.openapi import ERRORS

router = APIRouter(prefix="/api", responses=ERRORS)

FORMAT: Literal["ludoteca.event-feed"] = "ludoteca.event-feed"
VERSION: Literal[1] = 1
STANDING_KEYS = (
    "place",
    "rank",
    "player",
    "id",
    "number",
    "points",
    "wins",
    "draws",
    "losses",
    "byes",
)


class FeedPlayer(BaseModel):
    """A player at a table."""

    id: str = Field(description="The player's id in this event (a Melee: the number).")
    number: int = Field(description="The player number (registration order).")
    name: str


class FeedTable(BaseModel):
    """One table of a round."""

    table: int
    seats: list[FeedPlayer] = Field(description="In seat order; a bye has one.")
    bye: bool
    result: str | None = Field(
        description="The result for the first seat: win, timed_win, draw, timed_loss, "
        "loss (agot), or a score such as 2-1 (mtg: games) or 6-0 (cobra: points); "
        "null until reported or for a Melee table."
    )
    power: list[int] | None = Field(description="A Melee table's final power per seat.")


class FeedRound(BaseModel):
    """A round: Swiss or preliminary rounds 1..R, then the top cut or the final table."""

    number: int
    label: str = Field(description="The round's name in the reader's language.")
    kind: Literal["swiss", "cut", "melee", "final"]
    complete: bool
    tables: list[FeedTable]


class FeedStanding(BaseModel):
    """One line of the standings, best first: by final place once the event is decided."""

    place: int | None = Field(
        default=None,
        description="The final place once the top cut or the final table is decided "
        "(the cut's players first); null before.",
    )
    rank: int = Field(description="The Swiss (a Melee: preliminary) rank.")
    id: str | None = Field(description="The player's id (a Duel).")
    number: int | None = Field(description="The player number (a Melee).")
    player: str = Field(description="The player's name.")
    points: int
    tiebreaks: dict[str, float] = Field(
        description="The rule set's tiebreaks by name, as shown: strength (agot, Melee), "
        "sos and esos (cobra), omw, gw and ogw (mtg, percentages)."
    )
    wins: int | None = None
    draws: int | None = None
    losses: int | None = None
    byes: int | None = None
    dropped: bool


class FeedRules(BaseModel):
    """A Duel's rule set."""

    name: str = Field(description="agot, cobra or mtg.")
    title: str


class EventFeed(BaseModel):
    """An event's public data."""

    format: Literal["ludoteca.event-feed"] = FORMAT
    version: Literal[1] = VERSION
    id: str
    name: str
    kind: Literal["duel", "melee"]
    rules: FeedRules | None = Field(description="A Duel's rule set; null for a Melee.")
    revision: int = Field(description="Grows with every change (also the ETag).")
    rounds: list[FeedRound]
    standings: list[FeedStanding]
    champion: str | None


def feed(view: dict[str, Any]) -> EventFeed:
    """The feed of an event's public view (`event_views.public_view`)."""
    rules = view["rules"]
    return EventFeed(
        id=view["id"],
        name=view["name"],
        kind=view["kind"],
        rules=None if rules is None else FeedRules(name=rules["name"], title=rules["title"]),
        revision=view["revision"],
        rounds=[
            FeedRound(
                number=sheet["number"],
                label=sheet["label"],
                kind=sheet["kind"],
                complete=sheet["complete"],
                tables=[
                    FeedTable(
                        table=t["table"],
                        seats=[FeedPlayer(**seat) for seat in t["seats"]],
                        bye=t["bye"],
                        result=t["result"],
                        power=t["power"],
                    )
                    for t in sheet["tables"]
                ],
            )
            for sheet in view["rounds"]
        ],
        standings=[_standing(row) for row in view["standings"]],
        champion=view["champion"],
    )


def _standing(row: dict[str, Any]) -> FeedStanding:
    """A standings row: its fixed columns, and every other number as a tiebreak."""
    tiebreaks = {
        key: float(value)
        for key, value in row.items()
        if key not in STANDING_KEYS
        and isinstance(value, int | float)
        and not isinstance(value, bool)
    }
    return FeedStanding(
        place=row.get("place"),
        rank=row["rank"],
        id=row.get("id"),
        number=row.get("number"),
        player=row["player"],
        points=row["points"],
        tiebreaks=tiebreaks,
        wins=row.get("wins"),
        draws=row.get("draws"),
        losses=row.get("losses"),
        byes=row.get("byes"),
        dropped=bool(row.get("dropped")),
    )


@router.get("/events/{event_id}/feed", response_model=EventFeed)
async def event_feed(event_id: str, request: Request, response: Response) -> Any:
    """An event's public data for other sites: rounds, results, standings (`EventFeed`)."""
    service: EventService = request.app.state.events
    event = await service.load(event_id)
    tag = f'"{event.revision}"'
    headers = {"ETag": tag, "Cache-Control": "no-cache", "Access-Control-Allow-Origin": "*"}
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers=headers)
    response.headers.update(headers)
    return feed(public_view(event))
