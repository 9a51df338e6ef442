"""The HTML pages: shells only. Every page fetches its data from the API with the
seat token taken from the URL fragment (`#token=...`), which browsers never send
to the server, so no page source holds anything secret.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from ludoteca.web.service import TableService

templates = Jinja2Templates(directory=Path(__file__).parent / "templates")
router = APIRouter(include_in_schema=False)


@router.get("/", response_class=HTMLResponse)
def lobby(request: Request) -> HTMLResponse:
    """Create a table, see the open ones, resume your own."""
    return templates.TemplateResponse(request, "lobby.html", {})


@router.get("/tables/{table_id}", response_class=HTMLResponse)
def play(request: Request, table_id: str) -> HTMLResponse:
    """The play page of a table (seat from `#token=`, hot-seat from `#hotseat=`)."""
    service: TableService = request.app.state.service
    table = service.get(table_id)
    return templates.TemplateResponse(
        request, "play.html", {"table_id": table.id, "title": table.game.info.title}
    )


@router.get("/tables/{table_id}/replay", response_class=HTMLResponse)
def replay(request: Request, table_id: str) -> HTMLResponse:
    """Step through a finished game; download its replay."""
    service: TableService = request.app.state.service
    table = service.get(table_id)
    return templates.TemplateResponse(
        request, "replay.html", {"table_id": table.id, "title": table.game.info.title}
    )
