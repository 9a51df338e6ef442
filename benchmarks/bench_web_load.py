"""Load test of the web app on loopback: N tables, one WebSocket per seat, random legal moves.

Starts `ludoteca serve` on a free loopback port with a fresh SQLite database,
creates N two-seat tables (toinc, regular length: long games), connects every
seat by WebSocket and plays random legal moves for SECONDS. A move's latency is
from sending it to receiving its `ack` (stored in the database).

Usage: .venv/bin/python benchmarks/bench_web_load.py [TABLES] [SECONDS]
(`LUDOTECA_BENCH_URL=http://127.0.0.1:PORT` uses a server already running instead.)
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def seat_player(
    url: str, seed: int, stop_at: float, latencies: list[float], errors: list[str]
) -> None:
    """Play one seat until `stop_at`: answer each own turn with a random legal move."""
    rng = random.Random(seed)
    async with websockets.connect(url, max_size=2**22, compression=None) as live:
        sent_at: float | None = None  # a move is waiting for its ack
        sent_index = -1
        latest: dict[str, Any] | None = None  # the newest view (may come before the ack)
        while time.monotonic() < stop_at:
            try:
                message = json.loads(await asyncio.wait_for(live.recv(), timeout=1.0))
            except TimeoutError:
                continue
            if message["type"] == "ack":
                if sent_at is not None:
                    latencies.append(time.perf_counter() - sent_at)
                    sent_at = None
            elif message["type"] == "error":
                errors.append(message["error"])
                sent_at = None
            else:
                latest = message
            if latest is None or sent_at is not None:
                continue
            if latest["observation"]["terminal"]:
                return
            if latest["actions"] and latest["index"] > sent_index:
                sent_index = latest["index"]
                action = rng.choice(latest["actions"])["action"]
                sent_at = time.perf_counter()
                move = {"type": "action", "index": sent_index, "action": action}
                await live.send(json.dumps(move))


async def run(base: str, tables: int, seconds: float) -> None:
    """Create the tables, play, print the figures."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        body = {"game": "toinc", "seats": [{"kind": "human"}] * 2}
        created = [(await client.post("/api/tables", json=body)).json() for _ in range(tables)]
    latencies: list[float] = []
    errors: list[str] = []
    ws_base = base.replace("http://", "ws://")
    stop_at = time.monotonic() + seconds
    players = [
        seat_player(
            f"{ws_base}/ws/tables/{table['id']}?token={seat['token']}",
            number * 2 + seat["seat"],
            stop_at,
            latencies,
            errors,
        )
        for number, table in enumerate(created)
        for seat in table["seats"]
    ]
    start = time.perf_counter()
    await asyncio.gather(*players)
    elapsed = time.perf_counter() - start
    latencies.sort()
    if not latencies:
        print("no move was acknowledged")
        return
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(
        f"{tables} tables, {len(players)} sockets, {elapsed:.1f} s: "
        f"{len(latencies) / elapsed:,.0f} moves/s, "
        f"p50 {statistics.median(latencies) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
        f"{len(errors)} refused"
    )


def main() -> None:
    """Start a server, run the load, stop the server."""
    tables = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 20.0
    existing = os.environ.get("LUDOTECA_BENCH_URL")  # a server already running (profiling)
    if existing:
        asyncio.run(run(existing, tables, seconds))
        return
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "ludoteca",
                "serve",
                "--port",
                str(port),
                "--database",
                str(Path(folder) / "load.db"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 30
            while True:
                try:
                    httpx.get(f"{base}/api/games", timeout=2)
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.2)
            asyncio.run(run(base, tables, seconds))
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
