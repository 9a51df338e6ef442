"""`ludoteca serve` runs the app on uvicorn: a real server on loopback, HTTP and WebSocket."""

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
import websockets

from ludoteca.web.tables.store import WebStore
from tests.patience import PATIENCE
from tests.ports import free_port

LONG_TOINC = {
    "game": "toinc",
    "options": {"length": "regular"},
    "seats": [{"kind": "human"}] * 2,
}
"""A long two-person toinc table (one client plays both seats)."""


def _start(
    port: int, database: Path, log: Path | None = None, *options: str
) -> subprocess.Popen[bytes]:
    """Start `ludoteca serve` (with `options`) and wait until it answers (its log to `log`
    if given)."""
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ludoteca",
            "serve",
            "--port",
            str(port),
            "--database",
            str(database),
            *options,
        ],
        stdout=subprocess.DEVNULL if log is None else log.open("wb"),
        stderr=subprocess.DEVNULL if log is None else subprocess.STDOUT,
    )
    deadline = time.monotonic() + PATIENCE
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2)
            return server
        except httpx.TransportError:
            assert server.poll() is None, "the server stopped"
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)


def test_serve_plays_a_move_and_pushes_it(tmp_path: Path) -> None:
    """Start the server, create a table, move by HTTP, receive the view on a WebSocket."""
    port = free_port()
    server = _start(port, tmp_path / "web.db")
    base = f"http://127.0.0.1:{port}"
    try:
        body = {
            "game": "toinc",
            "options": {"length": "practice"},
            "seats": [{"kind": "human"}, {"kind": "human"}],
        }
        created = httpx.post(f"{base}/api/tables", json=body, timeout=10).json()
        table, token = created["id"], created["seats"][0]["token"]
        view = httpx.get(f"{base}/api/tables/{table}/view", params={"token": token}).json()

        async def watch_a_move() -> dict[str, object]:
            url = f"ws://127.0.0.1:{port}/ws/tables/{table}?token={token}"
            async with websockets.connect(url) as live:
                first = json.loads(await live.recv())
                assert first["index"] == 0
                move = {"type": "action", "index": 0, "action": view["actions"][0]["action"]}
                await live.send(json.dumps(move))
                while True:
                    message: dict[str, object] = json.loads(
                        await asyncio.wait_for(live.recv(), timeout=10)
                    )
                    if message["type"] == "view" and message["index"] == 1:
                        return message

        pushed = asyncio.run(watch_a_move())
        assert pushed["seat"] == 0
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_kill_9_loses_no_acknowledged_move(tmp_path: Path) -> None:
    """Issue 8, "Trust": kill -9 the server while moves stream in; after a restart every
    acknowledged move is in the log, in order, and play continues."""
    port, database = free_port(), tmp_path / "web.db"
    base = f"http://127.0.0.1:{port}"
    server = _start(port, database)
    acknowledged: list[str] = []
    try:
        created = httpx.post(f"{base}/api/tables", json=LONG_TOINC, timeout=10).json()
        table = created["id"]
        tokens = [seat["token"] for seat in created["seats"]]

        def stream() -> None:
            rng = random.Random(4)
            with contextlib.suppress(httpx.TransportError):
                while True:
                    seat = httpx.get(f"{base}/api/tables/{table}/view").json()["table"][
                        "current_player"
                    ]
                    current = httpx.get(
                        f"{base}/api/tables/{table}/view", params={"token": tokens[seat]}
                    ).json()
                    action = rng.choice(current["actions"])["action"]
                    answer = httpx.post(
                        f"{base}/api/tables/{table}/actions",
                        params={"token": tokens[seat]},
                        json={"index": current["index"], "action": action},
                    )
                    assert answer.status_code == 200, answer.text
                    acknowledged.append(action)

        player = threading.Thread(target=stream)
        player.start()
        deadline = time.monotonic() + PATIENCE
        while len(acknowledged) < 8 and player.is_alive() and time.monotonic() < deadline:
            time.sleep(0.01)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        player.join(timeout=10)
        assert len(acknowledged) >= 8, "too few moves were made before the kill"
        server = _start(port, database)
        after = httpx.get(f"{base}/api/tables/{table}/view").json()
        assert after["index"] >= len(acknowledged)
        assert [a for _i, _s, a in WebStore(str(database)).actions(table)][
            : len(acknowledged)
        ] == acknowledged
        seat = after["table"]["current_player"]
        current = httpx.get(
            f"{base}/api/tables/{table}/view", params={"token": tokens[seat]}
        ).json()
        answer = httpx.post(
            f"{base}/api/tables/{table}/actions",
            params={"token": tokens[seat]},
            json={"index": current["index"], "action": current["actions"][0]["action"]},
        )
        assert answer.status_code == 200
    finally:
        server.terminate()
        server.wait(timeout=10)
