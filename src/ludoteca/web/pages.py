"""The HTML pages: shells only. Every page fetches its data from the API with the
seat token taken from the URL fragment (`#token=...`), which browsers never send
to the server, so no page source holds anything secret.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.templating import Jinja2Templates

from ludoteca.web import i18n
from ludoteca.web.errors import WebError
from ludoteca.web.service import TableService
from ludoteca.web.tables import LiveTable

templates = Jinja2Templates(directory=Path(__file__).parent / "templates")
i18n.install(templates.env)
STATIC = Path(__file__).parent / "static"
router = APIRouter(include_in_schema=False)


@router.get("/favicon.ico")
def favicon() -> FileResponse:
    """The site's icon, for browsers that ask for it by its old name (API answers,
    downloads); the pages link `static/favicon.svg`."""
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


@router.get("/", response_class=HTMLResponse)
def lobby(request: Request) -> HTMLResponse:
    """Create a table, see the open ones, resume your own."""
    return templates.TemplateResponse(request, "lobby.html", {})


def error_page(request: Request, exc: WebError) -> HTMLResponse:
    """For a browser, an HTML page saying why there is nothing to show; other clients
    (scripts, tests) asking for `*/*` get the API's JSON error as before."""
    if "text/html" not in request.headers.get("accept", ""):
        raise exc
    return templates.TemplateResponse(
        request, "error.html", {"status": exc.status, "message": exc.message}, exc.status
    )


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
