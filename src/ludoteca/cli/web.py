"""`ludoteca serve`: the web app on uvicorn."""

from __future__ import annotations

import os
from typing import Annotated, Any

import typer


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535)] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            help="SQLite file or database URL (default $LUDOTECA_DATABASE_URL or ludoteca-web.db).",
        ),
    ] = None,
    agent_workers: Annotated[
        int,
        typer.Option(
            "--agent-workers", min=1, help="Processes for computer seats and bot tournaments."
        ),
    ] = 1,
    computer_queue: Annotated[
        int,
        typer.Option(
            "--computer-queue",
            min=1,
            help="Computer moves and bot games that may wait for the workers before new "
            "computer work is refused (503).",
        ),
    ] = 32,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=1,
            max=64,
            help="Server processes sharing the port and the database (more than 1 needs "
            "PostgreSQL: they hear each other's moves through it).",
        ),
    ] = 1,
) -> None:
    """Serve the web app: play every game in the browser (http://HOST:PORT/)."""
    import uvicorn

    from ludoteca.core import OptionError
    from ludoteca.core.i18n import _
    from ludoteca.web import create_app, logs
    from ludoteca.web.db import database_url
    from ludoteca.web.requests import MAX_MESSAGE
    from ludoteca.web.store import WebStore

    settings: dict[str, Any] = {
        "host": host,
        "port": port,
        "ws_max_size": 4 * MAX_MESSAGE,
        "ws": "websockets-sansio",
        "ws_per_message_deflate": False,  # views are small; compressing costs more CPU
        "log_level": "info",
    }
    if workers == 1:
        app = create_app(database, agent_workers=agent_workers, compute_limit=computer_queue)
        logs.install()
        uvicorn.run(app, **settings)
        return
    url = database_url(database)
    if not url.startswith("postgresql"):
        raise OptionError(
            _("--workers {workers} needs a PostgreSQL database: SQLite is one process",
              workers=workers)
        )  # fmt: skip
    WebStore(url).close()  # the schema made once, before the processes start
    os.environ["LUDOTECA_DATABASE_URL"] = url
    os.environ["LUDOTECA_AGENT_WORKERS"] = str(agent_workers)
    os.environ["LUDOTECA_COMPUTER_QUEUE"] = str(computer_queue)
    logs.install()
    uvicorn.run("ludoteca.web.app:app_from_environment", factory=True, workers=workers, **settings)
