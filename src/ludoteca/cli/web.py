"""`ludoteca serve`: the web app on uvicorn."""

from __future__ import annotations

from typing import Annotated

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
) -> None:
    """Serve the web app: play every game in the browser (http://HOST:PORT/)."""
    import uvicorn

    from ludoteca.web import create_app, logs
    from ludoteca.web.requests import MAX_MESSAGE

    app = create_app(database, agent_workers=agent_workers, compute_limit=computer_queue)
    logs.install()
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=4 * MAX_MESSAGE,
        ws="websockets-sansio",
        ws_per_message_deflate=False,  # views are small; compressing them costs more CPU
        log_level="info",
    )
