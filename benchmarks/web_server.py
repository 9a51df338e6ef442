"""The web benchmarks' server side: `ludoteca serve` started on a free loopback port and
waited for, a fresh database for it (PostgreSQL when given its server, else SQLite), the
CPU time its processes and PostgreSQL's spend, and the machine's load."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import psutil


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def load_average() -> float:
    """The machine's 1-minute load average (`uptime`)."""
    return os.getloadavg()[0]


@contextlib.contextmanager
def server(
    database: Path | str, *extra: str, source: Path | None = None
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`ludoteca serve` on a free loopback port with `database`; yields (base URL, process).
    With `source`, the server runs the package in that `src` folder (another commit's)."""
    port = free_port()
    process = start_server(port, database, *extra, source=source)
    try:
        yield f"http://127.0.0.1:{port}", process
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=30)


def start_server(
    port: int, database: Path | str, *extra: str, source: Path | None = None
) -> subprocess.Popen[bytes]:
    """Start `ludoteca serve` (from `source`, a `src` folder, if given) and wait until it
    answers."""
    command = [sys.executable, "-m", "ludoteca", "serve", "--port", str(port)]
    env = None if source is None else {**os.environ, "PYTHONPATH": str(source)}
    process = subprocess.Popen(
        [*command, "--database", str(database), *extra],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    deadline = time.monotonic() + 60
    workers = int(extra[extra.index("--workers") + 1]) if "--workers" in extra else 1
    seen: set[str] = set()
    while True:
        try:
            answer = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2)
            seen.add(answer.headers.get("x-ludoteca-worker", ""))
            if len(seen) >= workers:  # every worker answers (requests go to each in turn)
                return process
        except httpx.TransportError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the server did not start") from None
            time.sleep(0.2)


def cpu_seconds(pid: int | None) -> tuple[float, float]:
    """CPU seconds (user + system) used so far by process `pid` with its children (every
    `serve --workers` process), and by every PostgreSQL process of this machine (zeros
    if unknown)."""
    server = 0.0
    with contextlib.suppress(psutil.Error):
        if pid is not None:
            parent = psutil.Process(pid)
            for process in [parent, *parent.children(recursive=True)]:
                with contextlib.suppress(psutil.Error):
                    times = process.cpu_times()
                    server += times.user + times.system
    postgres = 0.0
    for process in psutil.process_iter(["name", "cpu_times"]):
        if process.info["name"] == "postgres" and process.info["cpu_times"] is not None:
            postgres += process.info["cpu_times"].user + process.info["cpu_times"].system
    return server, postgres


@contextlib.contextmanager
def fresh_database(admin: str | None, folder: Path) -> Iterator[str]:
    """A new PostgreSQL database on the `admin` URL's server (dropped afterwards), or a
    SQLite file in `folder` without one."""
    if not admin:
        yield str(folder / "load.db")
        return
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    name = f"ludoteca_bench_{os.urandom(6).hex()}"
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.exec_driver_sql(f"CREATE DATABASE {name}")
    try:
        yield make_url(admin).set(database=name).render_as_string(hide_password=False)
    finally:
        with engine.connect() as connection:
            connection.exec_driver_sql(f"DROP DATABASE {name} WITH (FORCE)")
        engine.dispose()
