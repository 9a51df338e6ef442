"""Load test of the web app on loopback: N tables, one WebSocket per seat, random legal moves.

Starts `ludoteca serve` on a free loopback port with a fresh SQLite database,
creates N two-seat toinc tables (regular length: long games), connects every
seat by WebSocket and plays random legal moves: a warm-up (default 5 s, not
measured), then SECONDS measured. A move's latency runs from sending it to
receiving its `ack` (sent only once the move is stored); moves/s counts the
moves sent and acknowledged within the measured window.

What "N concurrent tables" means here: N games in progress at once, each with
both seats connected. `--pace LO-HI` is the players' think time: the seat to
act waits a random LO..HI seconds (uniform, per move) after seeing its turn,
like a person (default 1-2: a table makes one move every 1-2 s). `--pace 0` is
a closed loop with zero think time: every seat answers at once, so it measures
the server's maximum throughput (and mostly queueing in its latency).

Usage:
  .venv/bin/python benchmarks/bench_web_load.py                    # the README matrix
  .venv/bin/python benchmarks/bench_web_load.py --tables 500 --pace 1-2 --seconds 30
(`--url http://127.0.0.1:PORT` uses a server already running, e.g. under a profiler.)
It prints the README table lines: tables, pace, moves/s, p50, p99, errors, and
the machine's load average (`os.getloadavg`, 1 min) during the run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets
from hostile import flood
from web_server import cpu_seconds, fresh_database, load_average, server

with contextlib.suppress(ImportError):  # the client spends less CPU with uvloop
    import uvloop

    uvloop.install()

HEADER = (
    "| tables | pace | moves/s | p50 | p99 | errors | load |\n|---:|---|---:|---:|---:|---:|---:|"
)
HEADER_WORKERS = (
    "| tables | pace | moves/s | p50 | p99 | errors | load | workers | moves/s vs 1 |\n"
    "|---:|---|---:|---:|---:|---:|---:|---:|---:|"
)


@dataclass
class Tally:
    """What the players saw: latencies (s) and every acknowledged move."""

    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    acked: dict[str, dict[int, str]] = field(default_factory=dict)  # table -> index -> action
    reconnects: int = 0


@dataclass
class Window:
    """The play stops at `stop` (monotonic s); latencies count from `start` (after warm-up)."""

    start: float = 0.0
    stop: float = float("inf")
    reconnect: bool = False
    """A seat whose socket drops connects again (a worker killed under it) and plays on."""


@dataclass(frozen=True)
class Pace:
    """Think time before each move, uniform in [low, high] seconds (0-0: none)."""

    low: float
    high: float

    @classmethod
    def parse(cls, text: str) -> Pace:
        """`"1-2"`, `"1.5"` or `"0"`."""
        low, _, high = text.partition("-")
        pace = cls(float(low), float(high or low))
        if pace.low < 0 or pace.high < pace.low:
            raise SystemExit(f"--pace {text!r}: expected LOW-HIGH seconds with 0 <= LOW <= HIGH")
        return pace

    def __str__(self) -> str:
        if self.high == 0:
            return "closed loop, no think time"
        if self.low == self.high:
            return f"{self.low:g} s a move"
        return f"{self.low:g}–{self.high:g} s a move"


async def create_tables(base: str, count: int, seed: int) -> list[dict[str, Any]]:
    """`count` two-seat toinc tables with human seats (their tokens in the answer), made
    as from one browser: a seeded hot-seat table is bound to it (`web.devices`), so each
    answer also carries that browser's `cookie` for its seats' sockets. Each is made on a
    connection of its own, as by many people's lobbies: under `serve --workers N` a table
    belongs to the process that made it (`web.shared.routing`), which the parent picks in
    turn for a new connection."""
    fresh = httpx.Limits(max_keepalive_connections=0)  # a new connection for each request
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=fresh) as client:
        created = []
        for number in range(count):
            body = {"game": "toinc", "seats": [{"kind": "human"}] * 2, "seed": seed + number}
            body["hotseat"] = True  # the load plays both seats: a chosen seed is fair
            answer = await client.post("/api/tables", json=body)
            answer.raise_for_status()
            created.append(answer.json())
        cookie = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
        return [table | {"cookie": cookie} for table in created]


async def seat_player(
    url: str,
    table_id: str,
    rng: random.Random,
    pace: Pace,
    start: asyncio.Event,
    handshakes: asyncio.Semaphore,
    connected: list[int],
    window: Window,
    tally: Tally,
    cookie: str = "",
) -> None:
    """Play one seat until `window.stop`: answer each own turn with a random legal move.

    Connects, reports itself connected, waits for `start`, then plays.
    """
    acked = tally.acked.setdefault(table_id, {})
    first = True
    while True:
        try:
            async with handshakes:  # a thousand handshakes at once time out on a busy machine
                live = await websockets.connect(
                    url,
                    max_size=2**24,
                    compression=None,
                    open_timeout=120,
                    additional_headers={"Cookie": cookie} if cookie else None,
                )
            async with live:
                if first:
                    connected[0] += 1
                    first = False
                await start.wait()
                await _play(live, acked, rng, pace, window, tally)
                return
        except (OSError, websockets.WebSocketException) as exc:
            if not (window.reconnect and start.is_set() and time.monotonic() < window.stop):
                tally.errors.append(f"{type(exc).__name__}: {exc}")
                return
            tally.reconnects += 1
            await asyncio.sleep(0.2)


async def _play(
    live: Any,
    acked: dict[int, str],
    rng: random.Random,
    pace: Pace,
    window: Window,
    tally: Tally,
) -> None:
    sent: tuple[float, int, str, float] | None = None  # a move waiting for its ack
    sent_index = -1
    latest: dict[str, Any] | None = None  # the newest view (may come before the ack)
    while time.monotonic() < window.stop:
        try:
            message = orjson.loads(await asyncio.wait_for(live.recv(), timeout=1.0))
        except TimeoutError:
            continue
        kind = message["type"]
        if kind == "ack":
            if sent is not None:
                if sent[3] >= window.start and time.monotonic() < window.stop:
                    tally.latencies.append(time.perf_counter() - sent[0])  # measured window
                acked[sent[1]] = sent[2]
                sent = None
        elif kind == "error":
            tally.errors.append(message["error"])
            sent = None
        elif kind == "view" and (latest is None or message["index"] >= latest["index"]):
            latest = message
        if latest is None or sent is not None:
            continue
        if latest["observation"]["terminal"]:
            return
        if latest["actions"] and latest["index"] > sent_index:
            sent_index = latest["index"]
            action = rng.choice(latest["actions"])["action"]
            if pace.high > 0:
                think = rng.uniform(pace.low, pace.high)
                await asyncio.sleep(min(think, window.stop - time.monotonic()))
                if time.monotonic() >= window.stop:
                    return
            sent = (time.perf_counter(), sent_index, action, time.monotonic())
            await live.send(json.dumps({"type": "action", "index": sent_index, "action": action}))


async def play(
    base: str,
    tables: list[dict[str, Any]],
    pace: Pace,
    seconds: float,
    seed: int,
    tally: Tally,
    on_start: Callable[[], object] = lambda: None,
    warmup: float = 0.0,
    reconnect: bool = False,
) -> float:
    """Connect every seat, then call `on_start` and play for `warmup` + `seconds`.

    Latencies are those of moves sent after the warm-up. Returns the time
    measured: `seconds`, or less if every player stopped sooner. `reconnect`: a seat
    whose socket drops connects again and plays on.
    """
    ws_base = base.replace("http://", "ws://")
    start = asyncio.Event()
    handshakes = asyncio.Semaphore(50)
    connected = [0]
    window = Window(reconnect=reconnect)
    players = [
        asyncio.create_task(
            seat_player(
                f"{ws_base}/ws/tables/{table['id']}?token={seat['token']}",
                table["id"],
                random.Random(seed * 1000 + number * 2 + seat["seat"]),
                pace,
                start,
                handshakes,
                connected,
                window,
                tally,
                table.get("cookie", ""),
            )
        )
        for number, table in enumerate(tables)
        for seat in table["seats"]
    ]
    deadline = time.monotonic() + 300
    while connected[0] + len(tally.errors) < len(players) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    on_start()
    began = time.perf_counter() + warmup
    window.start = time.monotonic() + warmup
    window.stop = window.start + seconds
    start.set()
    await asyncio.gather(*players)
    return max(0.0, min(time.perf_counter() - began, seconds))


def percentile(ordered: list[float], fraction: float) -> float:
    """The `fraction` quantile of sorted values (nearest rank)."""
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def readme_line(tables: int, pace: Pace, elapsed: float, tally: Tally, load: float) -> str:
    """One row of the README's load table."""
    ordered = sorted(tally.latencies)
    if not ordered:
        return f"| {tables} | {pace} | 0 | – | – | {len(tally.errors)} | {load:.1f} |"
    return (
        f"| {tables} | {pace} | {len(ordered) / elapsed:,.0f} "
        f"| {percentile(ordered, 0.5) * 1000:.1f} ms | {percentile(ordered, 0.99) * 1000:.1f} ms "
        f"| {len(tally.errors)} | {load:.1f} |"
    )


async def measure(
    base: str,
    tables: int,
    pace: Pace,
    seconds: float,
    seed: int,
    pid: int | None = None,
    warmup: float = 0.0,
) -> tuple[str, float | None]:
    """Create the tables, play (`warmup` s, then `seconds` measured): the README line, and
    the server's CPU milliseconds a move (None without its `pid`).

    With the server's `pid`, also print the CPU time per acknowledged move (over the
    whole play) of the server's processes, of PostgreSQL's and of this load client: figures
    that a busy machine disturbs less than latencies.
    """
    created = await create_tables(base, tables, seed)
    await asyncio.sleep(1.0)  # several server processes: each has heard of every table
    tally = Tally()
    before = [(0.0, 0.0)]
    client = [0.0]
    wall = [0.0]

    def started() -> None:
        before[0] = cpu_seconds(pid)
        client[0] = time.process_time()
        wall[0] = time.perf_counter()

    elapsed = await play(base, created, pace, seconds, seed, tally, started, warmup)
    after = cpu_seconds(pid)
    client[0] = time.process_time() - client[0]
    wall[0] = time.perf_counter() - wall[0]
    server, postgres = after[0] - before[0][0], after[1] - before[0][1]
    for error in sorted(set(tally.errors))[:5]:
        print(f"error ({tally.errors.count(error)}x): {error}", file=sys.stderr)
    moves = sum(len(acked) for acked in tally.acked.values()) / 1000
    if pid is not None and moves:
        parts = {"server": server, "PostgreSQL": postgres, "load client": client[0]}
        shares = ", ".join(
            f"{name} {cpu / moves:.2f} ms ({cpu / wall[0]:.2f} cores)"
            for name, cpu in parts.items()
        )
        print(f"CPU a move: {shares}; {os.cpu_count()} cores", file=sys.stderr)
    per_move = server / moves if pid is not None and moves else None
    return readme_line(tables, pace, elapsed, tally, load_average()), per_move


def main() -> None:
    """Run the load (the README matrix by default) and print the README lines."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="*", default=[100, 500])
    parser.add_argument("--pace", nargs="*", default=["1-2", "0"], help="think time LO-HI s")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured play time")
    parser.add_argument(
        "--warmup", type=float, default=5.0, help="play first, unmeasured (s; 0: none)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--flood",
        action="store_true",
        help="first fill the server with computer work (hard bot tournaments and tables)",
    )
    parser.add_argument("--url", help="use this running server (no fresh database)")
    parser.add_argument(
        "--workers",
        type=int,
        nargs="*",
        default=[1],
        help="server processes (serve --workers); more than 1 needs --postgres",
    )
    parser.add_argument(
        "--postgres",
        default=os.environ.get("LUDOTECA_TEST_POSTGRES_URL"),
        help="an admin URL of a PostgreSQL server: each run gets a fresh database on it "
        "(default $LUDOTECA_TEST_POSTGRES_URL; none: SQLite)",
    )
    parser.add_argument("--pid", type=int, help="with --url: the server's process id (CPU figures)")
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="measure every load and worker count this many times, interleaved; with several "
        "--workers, a table of the server's CPU a move against the first's closes the output",
    )
    options = parser.parse_args()
    lines = []
    print(f"before: load {load_average():.2f}", file=sys.stderr)
    seconds, warmup = options.seconds, options.warmup
    rates: dict[tuple[int, str], float] = {}
    costs: dict[tuple[int, str, int], list[float]] = {}
    for _repeat in range(options.repeat):
        for tables in options.tables:
            for text in options.pace:
                for workers in options.workers:  # interleaved: each repeat sees one machine
                    line, cost = one_run(options, workers, tables, text)
                    rate = float(line.split("|")[3].replace(",", ""))
                    base_rate = rates.setdefault((tables, text), rate)
                    if len(options.workers) > 1 and base_rate:
                        line = f"{line} {workers} | {rate / base_rate:.2f}x |"
                    print(line, file=sys.stderr)
                    lines.append(line)
                    if cost is not None:
                        costs.setdefault((tables, text, workers), []).append(cost)
    after = f" after a {warmup:g} s warm-up" if warmup else ""
    print(f"\n`benchmarks/bench_web_load.py`, latencies over {seconds:g} s{after}:\n")
    print(HEADER if len(options.workers) == 1 else HEADER_WORKERS)
    print("\n".join(lines))
    if len(options.workers) > 1 and costs:
        print(cost_summary(costs, options.workers[0]))


def one_run(
    options: argparse.Namespace, workers: int, tables: int, text: str
) -> tuple[str, float | None]:
    """One measured run: on `--url`'s server, or on a new server with `workers` processes
    and a fresh database; the README line and the server's CPU ms a move."""
    pace = Pace.parse(text)
    seconds, warmup, seed = options.seconds, options.warmup, options.seed
    if options.url:
        return asyncio.run(measure(options.url, tables, pace, seconds, seed, options.pid, warmup))
    with (
        tempfile.TemporaryDirectory() as folder,
        fresh_database(options.postgres, Path(folder)) as database,
        server(database, "--workers", str(workers)) as (base, process),
    ):
        if options.flood:
            print(f"flood: {asyncio.run(flood(base))}", file=sys.stderr)
        return asyncio.run(measure(base, tables, pace, seconds, seed, process.pid, warmup))


def cost_summary(costs: dict[tuple[int, str, int], list[float]], first: int) -> str:
    """The server's CPU a move for each load and worker count, as a table: the mean over
    the repeats and its ratio to `first` workers' mean (each repeat's own ratios beside)."""
    rows = [
        "\n| tables | pace | workers | server CPU a move | vs " + str(first) + " | each repeat |",
        "|---:|---|---:|---:|---:|---|",
    ]
    for (tables, text, workers), spent in costs.items():
        base = costs.get((tables, text, first))
        if not base:
            continue
        mean, base_mean = sum(spent) / len(spent), sum(base) / len(base)
        each = ", ".join(f"{cost / one:.2f}x" for cost, one in zip(spent, base, strict=False))
        ratio = mean / base_mean
        rows.append(f"| {tables} | {text} s | {workers} | {mean:.2f} ms | {ratio:.2f}x | {each} |")
    return "\n".join(rows)


if __name__ == "__main__":
    main()
