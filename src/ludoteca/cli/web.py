"""`ludoteca serve`: the web app on uvicorn."""

from __future__ import annotations

import logging
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

    from ludoteca.core import OptionError, native
    from ludoteca.core.i18n import _
    from ludoteca.web import create_app
    from ludoteca.web.shared import logs
    from ludoteca.web.shared.db import database_url
    from ludoteca.web.shared.requests import MAX_MESSAGE
    from ludoteca.web.workers import Supervisor

    settings: dict[str, Any] = {
        "host": host,
        "port": port,
        "ws_max_size": 4 * MAX_MESSAGE,
        "ws": "websockets-sansio",
        "ws_per_message_deflate": False,  # views are small; compressing costs more CPU
        "log_level": "info",
    }
    url = database_url(database)
    if workers > 1 and not url.startswith("postgresql"):
        raise OptionError(
            _("--workers {workers} needs a PostgreSQL database: SQLite is one process",
              workers=workers)
        )  # fmt: skip
    _open_once(url)  # a database that cannot be opened is one line here, not a traceback
    typer.echo(f"ludoteca: {native.build_said()}", err=True)
    if host in ("127.0.0.1", "localhost"):  # by name: passkeys need one (not 127.0.0.1)
        said = _("open {url} in a browser", url=f"http://localhost:{port}/")
        typer.echo(f"ludoteca: {said}")
    if workers == 1:
        app = create_app(url, agent_workers=agent_workers, compute_limit=computer_queue)
        logs.install()
        uvicorn.run(app, **settings)
        return
    os.environ["LUDOTECA_DATABASE_URL"] = url
    os.environ["LUDOTECA_AGENT_WORKERS"] = str(agent_workers)
    os.environ["LUDOTECA_COMPUTER_QUEUE"] = str(computer_queue)
    logs.install()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(message)s")
    Supervisor(workers, host, port, settings).run()  # a table's connections on its owner


def _open_once(url: str) -> None:
    """Open the web app's database (made or migrated to the newest schema) and close it:
    what cannot be opened, or lacks the extra its processes need, is an `OptionError`."""
    from sqlalchemy.exc import DBAPIError

    from ludoteca.core import OptionError
    from ludoteca.core.extras import require
    from ludoteca.core.i18n import _
    from ludoteca.database import shown
    from ludoteca.web.tables.store import WebStore

    try:
        store = WebStore(url)
    except DBAPIError as exc:
        error = str(exc.orig).strip().splitlines()[0] if str(exc.orig).strip() else type(exc.orig)
        raise OptionError(
            _("cannot open the database {url}: {error}", url=shown(url), error=str(error))
        ) from None
    try:
        if store.announces:  # several processes hear each other through it (web.fanout)
            require("psycopg", _("Several server processes on one database"))
    finally:
        store.close()
