"""People's latency at many tables: this checkout's server and a pinned earlier commit's,
side by side (issue 36, item 11).

Both servers run from this virtual environment on fresh SQLite databases and take the
same load (`bench_web_load.measure`: N tables, one WebSocket a seat, random legal moves
at the given pace), in alternating runs so that both see the same machine. The pinned
commit's package is unpacked with `git archive` into a temporary folder (nothing in the
repository changes) and put first on the server's `PYTHONPATH`. Prints each run and the
ratio of the medians of this checkout's p50 and p99 to the pinned commit's: a ratio
above 1 is this checkout being slower. Re-run it whenever the server or a game's log
changes.

    python benchmarks/bench_web_pinned.py --against 3690653 --tables 500 --runs 2
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

from bench_web_load import Pace, measure
from web_server import server

ROOT = Path(__file__).resolve().parent.parent
PINNED = "3690653"
"""The commit the README's side-by-side figures are measured against."""


def unpack(commit: str, folder: Path) -> Path:
    """`commit`'s `src` folder, unpacked into `folder`; its path."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", commit, "src"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder / "src"


def one_run(source: Path | None, tables: int, pace: Pace, seconds: float, warmup: float) -> str:
    """One measured run on a fresh database; the README line."""
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "load.db"
        with server(database, source=source) as (base, process):
            return asyncio.run(measure(base, tables, pace, seconds, 1, process.pid, warmup))[0]


def latencies(line: str) -> tuple[float, float]:
    """(p50, p99) in ms from a README line of `bench_web_load`."""
    cells = [cell.strip() for cell in line.strip("|").split("|")]
    return float(cells[3].removesuffix(" ms")), float(cells[4].removesuffix(" ms"))


def main() -> None:
    """Alternate runs of this checkout and the pinned commit; print the lines and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default=PINNED, help="the pinned commit")
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--pace", default="1-2", help="think time LO-HI s")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=30.0)
    parser.add_argument("--runs", type=int, default=2, help="runs of each, alternated")
    options = parser.parse_args()
    pace = Pace.parse(options.pace)
    found: dict[str, list[tuple[float, float]]] = {"this": [], "pinned": []}
    with tempfile.TemporaryDirectory() as folder:
        pinned = unpack(options.against, Path(folder))
        for number in range(options.runs):
            for name, source in (("this", None), ("pinned", pinned)):
                line = one_run(source, options.tables, pace, options.seconds, options.warmup)
                found[name].append(latencies(line))
                print(f"run {number + 1} {name}: {line}", file=sys.stderr)
    here = [statistics.median(values) for values in zip(*found["this"], strict=True)]
    there = [statistics.median(values) for values in zip(*found["pinned"], strict=True)]
    print(f"\n{options.tables} tables, {pace}, {options.runs} runs each, medians:\n")
    print("| server | p50 | p99 |\n|---|---:|---:|")
    print(f"| this checkout | {here[0]:.1f} ms | {here[1]:.1f} ms |")
    print(f"| {options.against} | {there[0]:.1f} ms | {there[1]:.1f} ms |")
    print(f"| ratio | {here[0] / there[0]:.2f}x | {here[1] / there[1]:.2f}x |")


if __name__ == "__main__":
    main()
