"""The API's documentation page, `/docs`, served whole by this server (issue 39, item 7).

Swagger UI's files come from the `fastapi-swagger` package: the current Swagger UI, which
draws OpenAPI 3.1 as FastAPI writes it. A script of ours starts it, so the page works on a
venue network with no internet and under the pages' Content-Security-Policy (no inline
script, nothing from another host)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse

from ludoteca.core.i18n import _
from ludoteca.web.shared.errors import WebError

ASSETS = {"swagger-ui-bundle.js": "text/javascript", "swagger-ui.css": "text/css"}
"""The only files of the package's folder served."""
FOLDER = Path(str(files("fastapi_swagger") / "resources"))
PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ludoteca — API</title>
<link rel="icon" href="/static/favicon.svg">
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/static/api_docs.js"></script>
</body>
</html>
"""

router = APIRouter(include_in_schema=False)


@router.get("/docs")
def docs_page() -> HTMLResponse:
    """Swagger UI on this server's OpenAPI document (`/openapi.json`)."""
    return HTMLResponse(PAGE)


@router.get("/docs/{name}")
def docs_asset(name: str) -> FileResponse:
    """One of Swagger UI's files in `ASSETS` (404 for any other name)."""
    if name not in ASSETS:
        raise WebError(404, _("no such page"))
    return FileResponse(FOLDER / name, media_type=ASSETS[name])
