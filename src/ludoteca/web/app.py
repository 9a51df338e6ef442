"""The ASGI application: `create_app()` for uvicorn, tests and `ludoteca serve`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator
from concurrent.futures import Executor
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException

from ludoteca.web.accounts import api as account_api
from ludoteca.web.accounts import passkey_api, queue_api, rated_api
from ludoteca.web.accounts.ceremonies import Passkeys
from ludoteca.web.accounts.ladders import Ladders
from ludoteca.web.accounts.queue import QueueStore
from ludoteca.web.accounts.rated import RatedTables
from ludoteca.web.accounts.service import AccountService
from ludoteca.web.events import api as event_api
from ludoteca.web.events import feed as event_feed
from ludoteca.web.events import pages as event_pages
from ludoteca.web.events.service import EventService
from ludoteca.web.events.store import EventStore
from ludoteca.web.hosted import api as hosted_api
from ludoteca.web.hosted import decks as hosted_decks
from ludoteca.web.hosted.clock import EVERY, RoundClocks
from ludoteca.web.hosted.reports import Reports
from ludoteca.web.hosted.service import HostedEvents
from ludoteca.web.hosted.store import HostedStore
from ludoteca.web.hosted.webhooks import Webhooks
from ludoteca.web.shared import api_docs, pages
from ludoteca.web.shared.collector import QuietCollector
from ludoteca.web.shared.compute import MAX_WAITING, ComputeQueue
from ludoteca.web.shared.db import database_url
from ludoteca.web.shared.errors import WebError
from ludoteca.web.shared.fanout import Listener
from ludoteca.web.shared.headers import SecurityHeaders
from ludoteca.web.shared.i18n import LocaleMiddleware
from ludoteca.web.shared.requests import RefuseNul
from ludoteca.web.studies import api as study_api
from ludoteca.web.studies.service import StudyService
from ludoteca.web.studies.store import StudyStore
from ludoteca.web.tables import api, boards, chat, guide, lease, websocket
from ludoteca.web.tables import pages as table_pages
from ludoteca.web.tables.ai import agent_pool
from ludoteca.web.tables.frames import Frames
from ludoteca.web.tables.played import PlayedTimes
from ludoteca.web.tables.service import TableService
from ludoteca.web.tables.store import WebStore

STATIC = Path(__file__).parent / "static"
LISTEN_WAIT = 10.0
"""Seconds a starting process waits to listen to the others before loading its tables."""
log = logging.getLogger("ludoteca.web")


def create_app(
    database: str | None = None,
    *,
    agent_workers: int = 1,
    pool: Executor | None = None,
    compute_limit: int = MAX_WAITING,
    slot: tuple[int, int] | None = None,
) -> FastAPI:
    """The web app on `database` (URL or SQLite path; default `$LUDOTECA_DATABASE_URL`);
    `slot`: this process's slot and their number under `serve --workers` (`web.workers`).

    Computer seats think in `agent_workers` processes behind a queue of at most
    `compute_limit` jobs, bot tournaments in a process of their own, at most
    `MAX_BOT_RUNS` at once (`web.compute`), designers' studies in another; a given `pool`
    serves them all.
    Every stored table is rebuilt from its log when the app starts.
    """
    url = database_url(database)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = WebStore(url)
        own_pool = pool is None
        executor = agent_pool(agent_workers) if pool is None else pool
        # A bot game is minutes of thinking: it never holds up a table's next move.
        bot_executor = agent_pool(1) if pool is None else pool
        # Studies play in a worker of their own: a long study never starves a bot event.
        study_executor = agent_pool(1) if pool is None else pool
        compute = ComputeQueue(executor, compute_limit)
        service = TableService(store, compute, slot)
        app.state.service = service
        app.state.chat = chat.ChatService(store.engine, store.origin, service.hub)
        app.state.played = PlayedTimes(store.engine)
        app.state.accounts = AccountService(store.engine)
        app.state.passkeys = Passkeys(app.state.accounts)
        app.state.rated = RatedTables(service, app.state.accounts.games, Ladders(store.engine))
        app.state.queue = QueueStore(store.engine)
        app.state.frames = Frames()
        listener = None
        if store.announces:  # other server processes on this database (web.fanout)
            listener = Listener(
                url,
                store.origin,
                service.heard,
                app.state.chat.heard,
                service.resync,
                service.replica.listened,
            )
            service.replica.following = listener  # each table loaded from now on is followed
            listener.start()  # listening before loading: no table made meanwhile is missed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(listener.ready.wait(), LISTEN_WAIT)
        app.state.listener = listener
        service.load()
        service.start_agents()
        # Bot runs are admitted by how many play (`MAX_BOT_RUNS`), each with one game in hand.
        bots = ComputeQueue(bot_executor)
        events = EventService(EventStore(store.engine), bots, service.leases)
        app.state.events = events
        app.state.hosted = HostedEvents(
            HostedStore(store.engine), events, service, app.state.accounts.games
        )
        app.state.reports = Reports(app.state.hosted)
        round_clocks = RoundClocks(app.state.hosted)
        round_clocks.start(delay=EVERY)
        app.state.round_clocks = round_clocks
        webhooks = Webhooks(store.engine, os.environ.get("LUDOTECA_WEBHOOKS_PRIVATE") == "1")
        events.changed.append(webhooks.changed)
        webhooks.start()
        app.state.webhooks = webhooks
        app.state.hosted.forgetting.append(webhooks.forget)
        app.state.accounts.deleting.append(app.state.hosted.forget)  # (accounts are below)
        await events.resume()
        studies = StudyService(
            StudyStore(store.engine), ComputeQueue(study_executor), service.leases
        )
        await studies.resume(lease.LEASE if store.announces else 0.0)
        app.state.studies = studies
        sweeper = asyncio.create_task(sweep(events, studies)) if store.announces else None
        log.info("ludoteca web: %d tables loaded from %s", len(service.tables), store.url)
        collector = QuietCollector()  # short collector pauses however many tables are held
        collector.start()
        try:
            yield
        finally:
            await collector.stop()
            if sweeper is not None:
                sweeper.cancel()
            await webhooks.stop()
            await round_clocks.stop()
            await events.stop()
            await studies.stop()
            if listener is not None:
                await listener.stop()
            await service.stop()
            if own_pool:
                executor.shutdown(wait=False, cancel_futures=True)
                bot_executor.shutdown(wait=False, cancel_futures=True)
                study_executor.shutdown(wait=False, cancel_futures=True)
            store.close()

    app = FastAPI(title="ludoteca", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.include_router(api_docs.router)  # /docs from this package, not a CDN
    app.include_router(api.router)
    app.include_router(chat.router)
    app.include_router(guide.api_router)
    app.include_router(guide.page_router)
    app.include_router(boards.router)
    app.include_router(websocket.router)
    app.include_router(hosted_api.router)  # before the events' generic action route
    app.include_router(hosted_decks.router)
    app.include_router(event_api.router)
    app.include_router(event_feed.router)
    app.include_router(pages.router)
    app.include_router(table_pages.router)
    app.include_router(event_pages.router)
    app.include_router(study_api.router)
    app.include_router(study_api.pages)
    app.include_router(account_api.router)
    app.include_router(account_api.pages)
    app.include_router(passkey_api.router)
    app.include_router(rated_api.router)
    app.include_router(rated_api.pages)
    app.include_router(queue_api.router)
    app.include_router(queue_api.pages)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(LocaleMiddleware)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(RefuseNul)

    @app.exception_handler(WebError)
    async def web_error(_request: Request, exc: WebError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(part) for part in first.get("loc", ()))
        message = f"{where}: {first.get('msg', 'invalid request')}"
        return JSONResponse(WebError(400, message).to_json(), status_code=400)

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse(WebError(exc.status_code, str(exc.detail)).to_json(), exc.status_code)

    return app


async def sweep(events: EventService, studies: StudyService) -> None:
    """With other server processes on the database, every `LEASE / 3` seconds: go on with
    the bot runs and the studies no process runs (their process died; `web.lease`)."""
    while True:
        await asyncio.sleep(lease.LEASE / 3)
        try:
            await events.resume()
            await studies.resume(lease.LEASE)
        except SQLAlchemyError as exc:
            log.warning("looking for bot runs and studies left behind: %s", exc)


def app_from_environment() -> FastAPI:
    """The app of one of `serve --workers N`'s processes (uvicorn calls it in each), from
    what `serve` put in `LUDOTECA_DATABASE_URL`, `LUDOTECA_AGENT_WORKERS` and
    `LUDOTECA_COMPUTER_QUEUE`; its logs redact credentials as the single process's do."""
    from ludoteca.web.shared import logs

    logs.install()
    slot = None
    if "LUDOTECA_WORKER_SLOT" in os.environ:  # `web.workers`: one of N routed processes
        slot = (int(os.environ["LUDOTECA_WORKER_SLOT"]), int(os.environ["LUDOTECA_WORKERS"]))
    return create_app(
        os.environ["LUDOTECA_DATABASE_URL"],
        agent_workers=int(os.environ.get("LUDOTECA_AGENT_WORKERS", "1")),
        compute_limit=int(os.environ.get("LUDOTECA_COMPUTER_QUEUE", str(MAX_WAITING))),
        slot=slot,
    )
