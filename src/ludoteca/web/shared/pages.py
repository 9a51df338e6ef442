"""The HTML pages: shells only, rendered from the shared templates. Every page fetches
its data from the API with the seat token taken from the URL fragment (`#token=...`),
which browsers never send to the server, so no page source holds anything secret.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.templating import Jinja2Templates

from ludoteca.web.shared import i18n
from ludoteca.web.shared.errors import WebError

WEB = Path(__file__).parent.parent
templates = Jinja2Templates(directory=WEB / "templates")
i18n.install(templates.env)
STATIC = WEB / "static"
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
