"""The designer page and its API: start a balance study, follow it, read its report."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from ludoteca import games
from ludoteca.core import OptionError
from ludoteca.core.i18n import _, format_percent
from ludoteca.sim.study import plan_games
from ludoteca.web.shared.errors import not_found, unprocessable
from ludoteca.web.shared.openapi import ERRORS, STUDY_BODY
from ludoteca.web.shared.pages import templates
from ludoteca.web.shared.requests import read_object
from ludoteca.web.studies.service import (
    DEFAULT_PRECISION,
    LEVELS,
    MAX_GAMES,
    MAX_SETTINGS,
    StudyService,
)
from ludoteca.web.studies.store import DONE, view

router = APIRouter(responses=ERRORS)
pages = APIRouter(include_in_schema=False)
MAX_STUDY_BODY = 320 * 1024
"""Bytes of a study request: a tuning search may upload one data file (256 KB at most)."""
PointsQuery = Annotated[float, Query(ge=0.1, le=49)]
REPORT_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox"
"""A report is a page of its own: its inline style and data-URI charts, nothing else."""


def studies_of(request: Request) -> StudyService:
    """The app's study service."""
    service: StudyService = request.app.state.studies
    return service


@router.post("/api/studies", status_code=201, openapi_extra=STUDY_BODY)
async def create_study(request: Request) -> dict[str, Any]:
    """Start a study `{game, games, level?, settings?: [{option: value}], seed?}`."""
    return await studies_of(request).create(await read_object(request, MAX_STUDY_BODY))


@router.get("/api/studies")
async def list_studies(request: Request) -> dict[str, Any]:
    """The newest studies, newest first (public, as their reports are)."""
    rows = await asyncio.to_thread(studies_of(request).store.listing)
    return {"studies": [view(row) for row in rows]}


@router.get("/api/studies/plan")
def plan(game: Annotated[str, Query(max_length=64)], points: PointsQuery) -> dict[str, Any]:
    """The games a study needs to see the first seat's win rate move `points` points from
    an even share (95% confidence, 80% power), as `ludoteca balance --plan` says it."""
    if game not in games.playable():
        raise not_found(_("unknown game '{value}'", value=game))
    seats = games.load(game).num_seats
    try:
        one, two = plan_games(points / 100, seats)
    except OptionError as exc:
        raise unprocessable(str(exc)) from None
    fair = 1 / seats
    text = _(
        "To see the first seat's win rate move {points} points from an even share, {fair}: "
        "about {one} games for one setting, {two} for each of two settings compared (95% "
        "confidence, 80% power; where games are drawn, divide by the share decided).",
        points=f"{points:g}",
        fair=format_percent(fair, 0),
        one=one,
        two=two,
    )
    return {"game": game, "points": points, "one_setting": one, "each_of_two": two, "text": text}


@router.get("/api/studies/{study_id}")
async def get_study(request: Request, study_id: str) -> dict[str, Any]:
    """One study: its settings, progress and, once done, where its report is."""
    return view(await asyncio.to_thread(studies_of(request).store.get, study_id[:64]))


@pages.get("/studies/{study_id}/report", response_class=HTMLResponse)
async def report(request: Request, study_id: str) -> Response:
    """A finished study's HTML report, served under a policy that runs nothing."""
    row = await asyncio.to_thread(studies_of(request).store.get, study_id[:64])
    if row.status != DONE or row.report is None:
        raise not_found(_("study {study_id} has no report yet", study_id=repr(row.id)))
    headers = {"Content-Security-Policy": REPORT_POLICY, "X-Content-Type-Options": "nosniff"}
    return HTMLResponse(row.report, headers=headers)


@pages.get("/designer", response_class=HTMLResponse)
def designer(request: Request) -> HTMLResponse:
    """Start a balance study or a comparison; the studies run and done."""
    context = {
        "games": [(name, games.info(name).title) for name in games.playable()],
        "levels": LEVELS,
        "precision": DEFAULT_PRECISION,
        "max_games": MAX_GAMES,
        "max_settings": MAX_SETTINGS,
    }
    return templates.TemplateResponse(request, "designer.html", context)
