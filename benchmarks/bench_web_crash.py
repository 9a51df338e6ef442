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

Usage: .venv/bin/python benchmarks/bench_web_crash.py [--tables 100] [--pace 0]
       [--kill-after 10] [--rounds 1] [--no-hostile]
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
from pathlib import Path

import httpx
from bench_web_load import (
    Pace,
    Tally,
    create_tables,
    free_port,
    load_average,
    play,
    start_server,
)
from hostile import Attack, attack

from ludoteca.web.tables.store import WebStore


async def load_then_kill(
    base: str,
    server: int,
    tables: int,
    pace: Pace,
    kill_after: float,
    seed: int,
    hostile: tuple[Path, Path] | None,
) -> tuple[Tally, Attack]:
    """Play on `tables` new tables (while `hostile` = (folder, database) is attacked) and
    SIGKILL process `server` after `kill_after` seconds."""
    created = await create_tables(base, tables + (hostile is not None), seed)
    target = created.pop() if hostile is not None else None
    tally, report = Tally(), Attack()
    loop = asyncio.get_running_loop()
    loop.call_later(kill_after, lambda: Path(f"/proc/{server}").exists() and _kill(server))
    players = play(base, created, pace, kill_after + 30, seed, tally)
    if hostile is None or target is None:
        await players
    else:
        await asyncio.gather(players, attack(base, *hostile, target, report))
    return tally, report


def _kill(pid: int) -> None:
    os.kill(pid, signal.SIGKILL)


def check(base: str, database: Path, tally: Tally) -> tuple[int, int, list[str]]:
    """Compare the acknowledged moves with the store and the restarted server.

    Returns (moves acknowledged, moves stored, problems).
    """
    store = WebStore(str(database))
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
    folder: Path, tables: int, pace: Pace, kill_after: float, seed: int, hostile: bool
) -> str:
    """Load, kill -9, restart, check; returns the README line (raises SystemExit on a loss)."""
    database = folder / f"crash-{seed}.db"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(port, database)
    target = (folder, database) if hostile else None
    try:
        tally, report = asyncio.run(
            load_then_kill(base, server.pid, tables, pace, kill_after, seed, target)
        )
    finally:
        if server.poll() is None:
            server.kill()
        server.wait(timeout=30)
    load = load_average()
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
    line = (
        f"| kill -9 after {kill_after:g} s, {tables} tables, {pace} "
        f"| {acknowledged:,} acknowledged, {acknowledged - len(problems):,} found after restart "
        f"({stored - acknowledged:,} more stored whose ack was cut by the kill), "
        f"{len(problems)} lost{attacked}; restart {restart:.1f} s | load {load:.1f} |"
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
    options = parser.parse_args()
    pace = Pace.parse(options.pace)
    with tempfile.TemporaryDirectory() as folder:
        lines = [
            one_round(
                Path(folder),
                options.tables,
                pace,
                options.kill_after,
                options.seed + n,
                not options.no_hostile,
            )
            for n in range(options.rounds)
        ]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
