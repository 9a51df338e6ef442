"""A table's pages, the play page and the replay: shells the browser fills from the API."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from ludoteca.web.shared.errors import WebError
from ludoteca.web.shared.pages import error_page, templates
from ludoteca.web.tables.service import TableService
from ludoteca.web.tables.table import LiveTable

router = APIRouter(include_in_schema=False)


async def _table(request: Request, table_id: str) -> LiveTable | HTMLResponse:
    """The table of a page, or, for a browser, an HTML page saying why there is none."""
    service: TableService = request.app.state.service
    try:
        return await service.current(table_id)
    except WebError as exc:
        return error_page(request, exc)


@router.get("/tables/{table_id}", response_class=HTMLResponse)
async def play(request: Request, table_id: str) -> HTMLResponse:
    """The play page of a table (seat from `#token=`, hot-seat from `#hotseat=`)."""
    table = await _table(request, table_id)
    if isinstance(table, HTMLResponse):
        return table
    return templates.TemplateResponse(
        request,
        "play.html",
        {"table_id": table.id, "title": table.game.info.title, "game": table.game.info.name},
    )


@router.get("/tables/{table_id}/replay", response_class=HTMLResponse)
async def replay(request: Request, table_id: str) -> HTMLResponse:
    """Step through a finished game; download its replay."""
    table = await _table(request, table_id)
    if isinstance(table, HTMLResponse):
        return table
    return templates.TemplateResponse(
        request, "replay.html", {"table_id": table.id, "title": table.game.info.title}
    )
