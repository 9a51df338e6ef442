"""The web app: play every game in the browser (FastAPI, WebSockets, Jinja2, ES modules).

`create_app()` builds the ASGI app; `ludoteca serve` runs it with uvicorn.
See docs/web.md for the API and the trust model.
"""

from ludoteca.web.app import create_app

__all__ = ["create_app"]
