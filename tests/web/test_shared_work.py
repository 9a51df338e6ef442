"""Bot tournaments and studies with several server processes on one PostgreSQL database
(issue 24): one process at a time runs a bot tournament or a study (it holds a lease,
`web.lease`); when that process dies, another goes on with the bot tournament, and
plays the study again from its start."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from ludoteca.web.app import create_app
from ludoteca.web.events import bots as event_bots
from tests.patience import PATIENCE, eventually
from tests.web.conftest import is_sqlite
from tests.web.test_tournament_duel import organizer
from tests.web.test_tournament_persistence import BOTS, gated

LEASE = 1.0


@pytest.fixture
def shared(database: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A PostgreSQL database, and leases of `LEASE` seconds."""
    if is_sqlite(database):
        pytest.skip("SQLite is one server process: nothing is leased")
    monkeypatch.setattr("ludoteca.web.tables.lease.LEASE", LEASE)
    yield database


def start(database: str, pool: ProcessPoolExecutor) -> TestClient:
    """A server process (an app on its own engine), listening to the others."""
    client = TestClient(create_app(database, pool=pool))
    client.__enter__()
    eventually(client.app.state.listener.ready.is_set, "the listener connecting")  # type: ignore[attr-defined]
    return client


def crash(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Stop a server process as a crash would: it gives up none of its leases."""

    async def nothing(*_args: Any) -> None:
        return None

    leases = client.app.state.service.leases  # type: ignore[attr-defined]
    monkeypatch.setattr(leases, "release", nothing)
    monkeypatch.setattr(leases.store, "release_lease", lambda *_args: None)
    client.__exit__(None, None, None)


def holder(database: str, key: str) -> str | None:
    """The owner of the lease `key`, if any."""
    engine = create_engine(database)
    with engine.connect() as connection:
        found = connection.execute(
            text("SELECT owner FROM web_leases WHERE table_id = :key"), {"key": key}
        ).first()
    engine.dispose()
    return None if found is None else str(found[0])


def test_one_process_runs_a_bot_tournament_and_another_takes_it_over_when_it_dies(
    shared: str, pool: ProcessPoolExecutor, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A runs the tournament; B, looking every `LEASE / 3` s for runs nobody runs, leaves
    it alone. A dies in the second round: B replays that round and ends the tournament,
    each round stored once."""
    gate = gated(monkeypatch)
    a, b = start(shared, pool), start(shared, pool)
    try:
        answer = a.post("/api/events/bots", json=BOTS)
        assert answer.status_code == 201, answer.text
        event, key = answer.json()["id"], answer.json()["key"]
        gate.release()
        eventually(
            lambda: b.get(f"/api/events/{event}/progress").json()["played"] == 2,
            "the first round played",
        )
        owner_a = a.app.state.service.leases.owner  # type: ignore[attr-defined]
        assert holder(shared, f"event:{event}") == owner_a
        time.sleep(3 * LEASE)  # B has looked several times
        assert holder(shared, f"event:{event}") == owner_a
        assert b.app.state.events._tasks[event].done()  # type: ignore[attr-defined]
        crash(a, monkeypatch)
        owner_b = b.app.state.service.leases.owner  # type: ignore[attr-defined]
        eventually(lambda: holder(shared, f"event:{event}") == owner_b, "B taking it over")
        for _step in range(4):
            gate.release()
        progress = b.get(f"/api/events/{event}/progress").json()
        deadline = time.monotonic() + PATIENCE
        while progress["status"] == "running" and time.monotonic() < deadline:
            time.sleep(0.05)
            progress = b.get(f"/api/events/{event}/progress").json()
        assert progress["status"] == "done" and progress["played"] == 5, progress
        journal = b.get(f"/api/events/{event}/organizer", headers=organizer(key)).json()
        operations = [line["operation"] for line in journal["journal"]]
        assert operations == ["create", "bot-round", "bot-round", "bot-top-cut", "bot-done"]
        assert holder(shared, f"event:{event}") is None  # given up when done
    finally:
        b.__exit__(None, None, None)


def test_a_study_runs_on_while_its_process_lives_and_is_played_again_when_it_dies(
    shared: str, pool: ProcessPoolExecutor, monkeypatch: pytest.MonkeyPatch
) -> None:
    """B starting, and B looking every `LEASE / 3` s, leaves A's study to A; once A dies
    (its lease ran out), B plays the study again from its start, to its report."""
    a = start(shared, pool)

    async def forever(*_args: Any) -> None:  # a long study
        await asyncio.sleep(3600)

    monkeypatch.setattr(a.app.state.studies, "_play", forever)  # type: ignore[attr-defined]
    body = {"game": "futebol", "games": 10, "settings": [{"goals": 3}]}
    answer = a.post("/api/studies", json=body)
    assert answer.status_code == 201, answer.text
    study = answer.json()["id"]
    b = start(shared, pool)
    try:
        time.sleep(3 * LEASE)
        assert b.get(f"/api/studies/{study}").json()["status"] == "running"
        crash(a, monkeypatch)
        owner_b = b.app.state.service.leases.owner  # type: ignore[attr-defined]
        eventually(lambda: holder(shared, f"study:{study}") == owner_b, "B taking it over")
        done = lambda: b.get(f"/api/studies/{study}").json()["status"] != "running"  # noqa: E731
        eventually(done, "the study stayed running")
        found = b.get(f"/api/studies/{study}").json()
        assert found["status"] == "done" and found["done"] == 10, found
        assert b.get(found["report"]).status_code == 200
    finally:
        b.__exit__(None, None, None)


def test_a_bot_tournaments_progress_is_the_same_on_every_process(
    shared: str, pool: ProcessPoolExecutor, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plays the tournament; B, which does not, shows each game as A plays it, not
    only each round once stored."""
    monkeypatch.setattr("ludoteca.web.events.service.PROGRESS_EVERY", 0.0)
    games = threading.Semaphore(0)
    real = event_bots.play_step

    def one_game_at_a_time(store: Any, event: str, stop: Any, on_match: Any, compute: Any) -> bool:
        def heard(stored: Any, match: Any) -> None:
            on_match(stored, match)
            while not games.acquire(timeout=0.02):
                if stop.is_set():
                    raise event_bots.Stopped

        return real(store, event, stop, heard, compute)

    monkeypatch.setattr(event_bots, "play_step", one_game_at_a_time)
    a, b = start(shared, pool), start(shared, pool)
    try:
        answer = a.post("/api/events/bots", json=BOTS)
        assert answer.status_code == 201, answer.text
        event = answer.json()["id"]

        def played(client: TestClient) -> int:
            return int(client.get(f"/api/events/{event}/progress").json()["played"])

        for game in (1, 2, 3):  # the first round's two games, then the second's first
            eventually(lambda game=game: played(b) == game, f"B showing game {game}")
            assert played(a) == game
            games.release()
    finally:
        for _ in range(8):
            games.release()
        a.__exit__(None, None, None)
        b.__exit__(None, None, None)
