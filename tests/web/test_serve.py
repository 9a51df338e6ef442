"""`ludoteca serve` runs the app on uvicorn: a real server on loopback, HTTP and WebSocket."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import websockets


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_serve_plays_a_move_and_pushes_it(tmp_path: Path) -> None:
    """Start the server, create a table, move by HTTP, receive the view on a WebSocket."""
    port = _free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ludoteca",
            "serve",
            "--port",
            str(port),
            "--database",
            str(tmp_path / "web.db"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{base}/api/games", timeout=2)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)
        body = {
            "game": "toinc",
            "options": {"length": "practice"},
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "seed": 3,
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
