"""The designer page and its API: start a balance study, follow it, read its report."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from ludoteca import games
from ludoteca.core.i18n import _
from ludoteca.web.shared.errors import not_found
from ludoteca.web.shared.openapi import ERRORS, STUDY_BODY
from ludoteca.web.shared.pages import templates
from ludoteca.web.shared.requests import read_object
from ludoteca.web.studies.service import LEVELS, MAX_GAMES, MAX_SETTINGS, StudyService
from ludoteca.web.studies.store import DONE, view

router = APIRouter(responses=ERRORS)
pages = APIRouter(include_in_schema=False)
REPORT_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox"
"""A report is a page of its own: its inline style and data-URI charts, nothing else."""


def studies_of(request: Request) -> StudyService:
    """The app's study service."""
    service: StudyService = request.app.state.studies
    return service


@router.post("/api/studies", status_code=201, openapi_extra=STUDY_BODY)
async def create_study(request: Request) -> dict[str, Any]:
    """Start a study `{game, games, level?, settings?: [{option: value}], seed?}`."""
    return await studies_of(request).create(await read_object(request))


@router.get("/api/studies")
async def list_studies(request: Request) -> dict[str, Any]:
    """The newest studies, newest first (public, as their reports are)."""
    rows = await asyncio.to_thread(studies_of(request).store.listing)
    return {"studies": [view(row) for row in rows]}


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
        "max_games": MAX_GAMES,
        "max_settings": MAX_SETTINGS,
    }
    return templates.TemplateResponse(request, "designer.html", context)
