"""Crash test of the web app: kill -9 the server under load, restart it, count lost moves.

Runs the load of `bench_web_load.py` (N toinc tables, every seat on a WebSocket,
random legal moves at the given pace) against `ludoteca serve` on a SQLite file,
sends the server SIGKILL after KILL_AFTER seconds, starts it again on the same
file and checks that every move the players saw acknowledged is in the store
at its index with its action, and that the restarted server resumed every
table at least that far. Exits with status 1 if a single acknowledged move is
missing.

Beside the players, an attacker (`hostile.py`) sends what issue 15 found breaking the
server, round after round until the kill: data-file options naming the live database,
a FIFO, /dev/zero or /etc/passwd; JSON nested 8,000 deep on HTTP and the WebSocket;
seeds out of range or chosen beside a stranger; floods of `hard` bot tournaments and
computer tables. Any answer other than the expected 4xx (or 201/503 for the floods) is
a problem, and the run still must lose no acknowledged move (`--no-hostile` leaves
the attacker out).

With `--workers N` (N >= 2, on PostgreSQL: `--postgres URL`, an admin URL on which a
fresh database is made and dropped) the server is `serve --workers N`, one table owned by
one worker, and the kill takes one worker, the owner of the first table, not the server:
its seats connect again and play on, its tables go to the other workers until it is
back, and for `--play-on` seconds more the play goes on. Then every acknowledged move
must be in the store and every table served at least as far as stored, by the same
server, never restarted.

Usage: .venv/bin/python benchmarks/bench_web_crash.py [--tables 100] [--pace 0]
       [--kill-after 10] [--rounds 1] [--no-hostile] [--postgres URL --workers 2]
It prints the README line.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx
import psutil
from bench_web_load import Pace, Tally, create_tables, play
from hostile import Attack, attack
from web_server import free_port, fresh_database, load_average, start_server

from ludoteca.web.shared.routing import owner
from ludoteca.web.tables.store import WebStore
from ludoteca.web.workers import SLOT


@dataclass
class Killed:
    """What the kill hit: the process, and the moves acknowledged by then."""

    pid: int = 0
    acked_before: int = 0


async def load_then_kill(
    base: str,
    server: int,
    tables: int,
    pace: Pace,
    kill_after: float,
    seed: int,
    hostile: tuple[Path, Path] | None,
    workers: int = 1,
    play_on: float = 30.0,
) -> tuple[Tally, Attack, Killed]:
    """Play on `tables` new tables (while `hostile` = (folder, database) is attacked) and
    SIGKILL process `server` after `kill_after` seconds, or with `workers` > 1 the worker
    owning the first table, the seats then connecting again and playing `play_on` s on."""
    created = await create_tables(base, tables + (hostile is not None), seed)
    target = created.pop() if hostile is not None else None
    tally, report, killed = Tally(), Attack(), Killed()

    def kill() -> None:
        killed.pid = server if workers == 1 else worker_of(server, created[0]["id"], workers)
        killed.acked_before = sum(len(moves) for moves in tally.acked.values())
        if Path(f"/proc/{killed.pid}").exists():
            os.kill(killed.pid, signal.SIGKILL)

    asyncio.get_running_loop().call_later(kill_after, kill)
    players = play(base, created, pace, kill_after + play_on, seed, tally, reconnect=workers > 1)
    if hostile is None or target is None:
        await players
    else:
        until = time.monotonic() + kill_after + play_on if workers > 1 else None
        await asyncio.gather(players, attack(base, *hostile, target, report, until))
    return tally, report, killed


def worker_of(server: int, table_id: str, workers: int) -> int:
    """The process id of the worker of `serve --workers` (parent `server`) that owns
    `table_id` while all `workers` are live."""
    slot = owner(table_id, range(workers))
    for child in psutil.Process(server).children():
        if child.environ().get(SLOT) == str(slot):
            return int(child.pid)
    raise SystemExit(f"no worker in slot {slot} under process {server}")


def check(base: str, database: str, tally: Tally) -> tuple[int, int, list[str]]:
    """Compare the acknowledged moves with the store and the restarted server.

    Returns (moves acknowledged, moves stored, problems).
    """
    store = WebStore(database)
    problems: list[str] = []
    acknowledged = stored = 0
    try:
        for table_id, acked in tally.acked.items():
            log = {index: action for index, _seat, action in store.actions(table_id)}
            stored += len(log)
            acknowledged += len(acked)
            for index, action in sorted(acked.items()):
                if log.get(index) != action:
                    problems.append(f"table {table_id} move {index} {action!r}: not in the store")
            view = httpx.get(f"{base}/api/tables/{table_id}/view", timeout=30).json()
            if view["index"] < len(log):
                problems.append(f"table {table_id}: resumed at {view['index']}, stored {len(log)}")
    finally:
        store.close()
    return acknowledged, stored, problems


def one_round(
    folder: Path,
    database: str,
    tables: int,
    pace: Pace,
    kill_after: float,
    seed: int,
    hostile: bool,
    workers: int = 1,
    play_on: float = 30.0,
) -> str:
    """Load, kill -9, restart (the server, or the worker by itself), check; returns the
    README line (raises SystemExit on a loss)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    extra = ("--workers", str(workers)) if workers > 1 else ()
    server = start_server(port, database, *extra)
    # The attacker names the live database's file (a PostgreSQL one has none: any name)
    named = Path(database) if "://" not in database else folder / "live.db"
    target = (folder, named) if hostile else None
    try:
        tally, report, killed = asyncio.run(
            load_then_kill(
                base, server.pid, tables, pace, kill_after, seed, target, workers, play_on
            )
        )
        load = load_average()
        if workers > 1:  # the same server: the parent started its worker again
            acknowledged, stored, problems = check(base, database, tally)
    finally:
        if server.poll() is None:
            server.terminate()  # (a killed server is gone already)
        server.wait(timeout=30)
    restart = 0.0
    if workers == 1:
        restarted_at = time.perf_counter()
        server = start_server(port, database)
        restart = time.perf_counter() - restarted_at
        try:
            acknowledged, stored, problems = check(base, database, tally)
        finally:
            server.terminate()
            server.wait(timeout=30)
    for problem in [*problems, *report.problems][:20]:
        print(problem, file=sys.stderr)
    attacked = ""
    if hostile:
        answers = ", ".join(
            f"{kind} {status}: {n}" for (kind, status), n in sorted(report.answers.items())
        )
        print(f"hostile requests answered: {report.sent:,} ({answers})", file=sys.stderr)
        attacked = f"; {report.sent:,} hostile requests, {len(report.problems)} wrong answers"
    if workers > 1:
        after = acknowledged - killed.acked_before
        what = (
            f"kill -9 of one of {workers} workers after {kill_after:g} s, {play_on:g} s "
            f"of play on, {tables} tables, {pace}"
        )
        restarted = (
            f"; {after:,} moves acknowledged after the kill, {tally.reconnects} seats "
            f"connected again"
        )
    else:
        what = f"kill -9 after {kill_after:g} s, {tables} tables, {pace}"
        restarted = f"; restart {restart:.1f} s"
    line = (
        f"| {what} "
        f"| {acknowledged:,} acknowledged, {acknowledged - len(problems):,} found "
        f"{'in the store' if workers > 1 else 'after restart'} "
        f"({stored - acknowledged:,} more stored whose ack was cut by the kill), "
        f"{len(problems)} lost{attacked}{restarted} | load {load:.1f} |"
    )
    if problems or report.problems or acknowledged == 0:
        print(line)
        if problems or report.problems:
            raise SystemExit("acknowledged moves were lost or hostile requests wrongly answered")
        raise SystemExit("no move was made")
    return line


def main() -> None:
    """Run the crash test and print the README lines."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--pace", default="0", help="think time LO-HI s (0: closed loop)")
    parser.add_argument("--kill-after", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-hostile", action="store_true", help="no attacker beside the load")
    parser.add_argument("--postgres", help="an admin URL: each round on a fresh database there")
    parser.add_argument("--workers", type=int, default=1, help="kill one of N workers")
    parser.add_argument("--play-on", type=float, default=30.0, help="seconds after the kill")
    options = parser.parse_args()
    pace = Pace.parse(options.pace)
    if options.workers > 1 and not options.postgres:
        raise SystemExit("--workers needs --postgres: several processes share PostgreSQL")
    lines = []
    with tempfile.TemporaryDirectory() as folder:
        for n in range(options.rounds):
            with fresh_database(options.postgres, Path(folder)) as database:
                lines.append(
                    one_round(
                        Path(folder),
                        database,
                        options.tables,
                        pace,
                        options.kill_after,
                        options.seed + n,
                        not options.no_hostile,
                        options.workers,
                        options.play_on,
                    )
                )
    print("\n".join(lines))


if __name__ == "__main__":
    main()
