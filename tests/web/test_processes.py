"""Real server processes on one PostgreSQL database (issue 24): `ludoteca serve` twice (two
hosts, in effect) and `ludoteca serve --workers 2`. A move made through one process is
pushed to WebSocket clients of the other, in order; kill -9 one process while moves
stream through it: no acknowledged move is lost and play resumes on the other."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
import websockets
from sqlalchemy import create_engine, text

from tests.patience import PATIENCE
from tests.ports import free_port
from tests.web.conftest import is_sqlite
from tests.web.test_serve import LONG_TOINC, _start

BODY = LONG_TOINC


@pytest.fixture
def postgres(database: str) -> str:
    """A fresh PostgreSQL database (SQLite is one process: skipped)."""
    if is_sqlite(database):
        pytest.skip("SQLite is one server process")
    return database


def _move(base: str, table: str, tokens: list[str], rng: random.Random) -> str:
    """The player to act makes a random legal move through `base`; returns it."""
    seat = httpx.get(f"{base}/api/tables/{table}/view").json()["table"]["current_player"]
    current = httpx.get(f"{base}/api/tables/{table}/view", params={"token": tokens[seat]}).json()
    action: str = rng.choice(current["actions"])["action"]
    answer = httpx.post(
        f"{base}/api/tables/{table}/actions",
        params={"token": tokens[seat]},
        json={"index": current["index"], "action": action},
    )
    assert answer.status_code == 200, answer.text
    return action


def _stop(*servers: subprocess.Popen[bytes]) -> None:
    for server in servers:
        if server.poll() is None:
            server.terminate()
            server.wait(timeout=15)


def test_a_move_through_one_process_is_pushed_by_the_other(postgres: str, tmp_path: Path) -> None:
    ports = [free_port(), free_port()]
    servers = [_start(port, postgres, tmp_path / f"{port}.log") for port in ports]  # type: ignore[arg-type]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        created = httpx.post(f"{bases[0]}/api/tables", json=BODY, timeout=10).json()
        table, tokens = created["id"], [s["token"] for s in created["seats"]]
        rng = random.Random(2)

        async def watch() -> list[int]:
            url = f"ws://127.0.0.1:{ports[1]}/ws/tables/{table}"
            deadline = time.monotonic() + PATIENCE
            while True:  # the second process may hear of the table a moment later
                with contextlib.suppress(websockets.InvalidStatus, websockets.ConnectionClosed):
                    async with websockets.connect(url) as live:
                        seen = [json.loads(await live.recv())["index"]]
                        for move in range(6):  # through the first process, then the second
                            await asyncio.to_thread(_move, bases[move % 2], table, tokens, rng)
                        while seen[-1] < 6:
                            message = json.loads(await asyncio.wait_for(live.recv(), 10))
                            if message["type"] == "view":
                                seen.append(message["index"])
                        return seen
                assert time.monotonic() < deadline, "the second process never knew the table"
                await asyncio.sleep(0.2)

        seen = asyncio.run(watch())
        assert seen == sorted(seen) and seen[0] == 0 and seen[-1] == 6
    finally:
        _stop(*servers)


def test_kill_9_of_one_process_loses_no_move_and_play_goes_on_through_the_other(
    postgres: str, tmp_path: Path
) -> None:
    ports = [free_port(), free_port()]
    servers = [_start(port, postgres, tmp_path / f"{port}.log") for port in ports]  # type: ignore[arg-type]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    acknowledged: list[str] = []
    try:
        created = httpx.post(f"{bases[0]}/api/tables", json=BODY, timeout=10).json()
        table, tokens = created["id"], [s["token"] for s in created["seats"]]
        rng = random.Random(4)

        def stream() -> None:
            with contextlib.suppress(httpx.TransportError):
                while True:
                    acknowledged.append(_move(bases[0], table, tokens, rng))

        player = threading.Thread(target=stream)
        player.start()
        deadline = time.monotonic() + PATIENCE
        while len(acknowledged) < 10 and player.is_alive() and time.monotonic() < deadline:
            time.sleep(0.02)
        servers[0].send_signal(signal.SIGKILL)
        servers[0].wait(timeout=10)
        player.join(timeout=30)
        assert len(acknowledged) >= 10
        engine = create_engine(postgres)
        with engine.connect() as connection:
            stored = [
                row[0]
                for row in connection.execute(
                    text('SELECT action FROM web_actions WHERE table_id = :t ORDER BY "index"'),
                    {"t": table},
                )
            ]
        engine.dispose()
        assert stored[: len(acknowledged)] == acknowledged  # every acknowledged move, in order
        # The client resumes on the other process, from the last index it saw.
        before = httpx.get(f"{bases[1]}/api/tables/{table}/view").json()["index"]
        assert before == len(stored)
        for _ in range(3):
            _move(bases[1], table, tokens, rng)
        assert httpx.get(f"{bases[1]}/api/tables/{table}/view").json()["index"] == before + 3
    finally:
        _stop(*servers)


def test_serve_workers_2_shares_one_port_and_one_database(postgres: str, tmp_path: Path) -> None:
    port = free_port()
    server = _start(port, postgres, tmp_path / "serve.log", "--workers", "2")  # type: ignore[arg-type]
    base = f"http://127.0.0.1:{port}"
    try:
        created = httpx.post(f"{base}/api/tables", json=BODY, timeout=10).json()
        table, tokens = created["id"], [s["token"] for s in created["seats"]]
        rng = random.Random(5)
        for move in range(20):  # requests land on either process
            _move(base, table, tokens, rng)
            # The other process knows the move once it hears the announcement (a moment later
            # on a busy machine: seen once); the mover's own answer already carried its view.
            deadline = time.monotonic() + PATIENCE
            while httpx.get(f"{base}/api/tables/{table}/view").json()["index"] != move + 1:
                assert time.monotonic() < deadline, f"move {move + 1} never reached both"
                time.sleep(0.02)
        log = (tmp_path / "serve.log").read_text()
        assert log.count("Started server process") == 2
    finally:
        _stop(server)


def test_serve_workers_on_sqlite_is_refused_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ludoteca", "serve", "--workers", "2", "--database",
         str(tmp_path / "web.db"), "--port", str(free_port())],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "error: --workers 2 needs a PostgreSQL database: SQLite is one process"
    ]
