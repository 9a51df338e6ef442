"""Simulation scaling and memory figures (the README's).

    .venv/bin/python benchmarks/bench_simulate.py scaling [--game toinc] [--games 200]
    .venv/bin/python benchmarks/bench_simulate.py memory [--game futebol]
        [--sizes 1000,10000,100000] [--workers 2] [-o turn_limit=20]
    .venv/bin/python benchmarks/bench_simulate.py quiet [--games 20] [--level medium]

`scaling` plays the same run with 1 and 2 worker processes and prints games/s and
the speed-up (the machine's load average is printed too: other work on the cores
lowers the speed-up). `memory` runs `ludoteca simulate` with per-game records
streamed to a CSV file, each size in a fresh process, and prints the peak resident
memory of the parent and of the largest worker (getrusage): flat as N grows. `quiet`
plays the same games of every game, as a balance study does (usage traced), with the
event log kept (simulations before session 32) and without it (now), alternating in one
process, checks the records are the same, and prints games per CPU second of each and
their ratio.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ludoteca.sim.parallel import play_chunk, simulate_run


def scaling(game: str, games: int, seed: int) -> None:
    """Games/s with 1 and 2 workers on the same run (same records either way)."""
    rates = {}
    for workers in (1, 2):
        before = _cpu_seconds()
        start = time.perf_counter()
        summary = simulate_run(game, {}, ["random"] * _seats(game), games, seed, workers)
        elapsed = time.perf_counter() - start
        cpu = _cpu_seconds() - before
        rates[workers] = summary.games / elapsed
        print(
            f"{game}: {workers} worker(s): {rates[workers]:.2f} games/s ({elapsed:.1f} s wall, "
            f"{1000 * cpu / summary.games:.0f} ms CPU per game)"
        )
    print(f"speed-up with 2 workers: {rates[2] / rates[1]:.2f}x; load average {os.getloadavg()}")


def _cpu_seconds() -> float:
    """CPU time of this process and of its reaped children (finished workers)."""
    while multiprocessing.active_children():
        time.sleep(0.05)
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def _seats(game: str, options: dict[str, str] | None = None) -> int:
    from ludoteca import games as registry

    return registry.load(game, **(options or {})).num_seats


def memory(game: str, sizes: list[int], workers: int, seed: int, options: list[str]) -> None:
    """Peak memory of runs of growing size, records streamed to disk."""
    for size in sizes:
        command = [sys.executable, __file__, "_one", game, str(size), str(workers), str(seed)]
        command += options
        result = json.loads(subprocess.run(command, check=True, capture_output=True).stdout)
        print(
            f"{game}: {size:>7} games: parent peak RSS {result['parent_mb']:.0f} MB, "
            f"largest worker {result['worker_mb']:.0f} MB, {result['rate']:.1f} games/s, "
            f"records file {result['records_mb']:.2f} MB"
        )


def _one(game: str, size: int, workers: int, seed: int, options: dict[str, str]) -> None:
    from ludoteca.cli.report import RecordWriter

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "records.csv"
        start = time.perf_counter()
        with RecordWriter(path) as writer:
            specs = ["random"] * _seats(game, options)
            summary = simulate_run(game, options, specs, size, seed, workers, writer.write)
        elapsed = time.perf_counter() - start
        records_mb = path.stat().st_size / 2**20
    while multiprocessing.active_children():  # reap the workers so getrusage counts them
        time.sleep(0.05)
    parent = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    worker = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    figures = {"parent_mb": parent, "worker_mb": worker, "rate": summary.games / elapsed}
    print(json.dumps({**figures, "records_mb": records_mb}))


def quiet(games: int, level: str, rounds: int = 3) -> None:
    """Games per CPU second of each game's balance-study games with and without the
    event log (best of `rounds` alternations; the records must be the same)."""
    from ludoteca import games as registry
    from ludoteca.agents.levels import level_spec

    for game in registry.playable():
        specs = [level_spec(game, level)] * _seats(game)
        best = {True: float("inf"), False: float("inf")}
        records = {}
        for _ in range(rounds):
            for silent in (False, True):
                start = time.process_time()
                records[silent] = play_chunk(game, {}, specs, 0, range(games), True, silent)
                best[silent] = min(best[silent], time.process_time() - start)
        assert records[True] == records[False], f"{game}: the log changed a game"
        loud, silent_rate = games / best[False], games / best[True]
        print(
            f"{game:<10} with the log {loud:7.2f} games/CPU s, quiet {silent_rate:7.2f}: "
            f"{silent_rate / loud:.2f}x ({level}, {games} games, best of {rounds})"
        )


def main() -> None:
    """Parse the command line and run one benchmark."""
    if len(sys.argv) >= 6 and sys.argv[1] == "_one":
        options = dict(pair.split("=", 1) for pair in sys.argv[6:])
        _one(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), options)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="what", required=True)
    scale = sub.add_parser("scaling")
    scale.add_argument("--game", default="toinc")
    scale.add_argument("--games", type=int, default=200)
    scale.add_argument("--seed", type=int, default=0)
    mem = sub.add_parser("memory")
    mem.add_argument("--game", default="futebol")
    mem.add_argument("--sizes", default="1000,10000,100000")
    mem.add_argument("--workers", type=int, default=2)
    mem.add_argument("--seed", type=int, default=0)
    mem.add_argument("--option", "-o", action="append", default=[], help="key=value")
    calm = sub.add_parser("quiet")
    calm.add_argument("--games", type=int, default=20)
    calm.add_argument("--level", default="medium")
    args = parser.parse_args()
    if args.what == "scaling":
        scaling(args.game, args.games, args.seed)
    elif args.what == "quiet":
        quiet(args.games, args.level)
    else:
        sizes = [int(s) for s in args.sizes.split(",")]
        memory(args.game, sizes, args.workers, args.seed, args.option)


if __name__ == "__main__":
    main()
