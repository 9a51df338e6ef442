"""A simulation on a started Ray cluster against the same run on local processes.

    .venv/bin/python benchmarks/bench_ray_cluster.py [--game toinc] [--games 400]

Starts a real cluster on loopback (`ray start --head` and a second node joining it,
one CPU each: `tests/sim/ray_cluster.py`), then times `ludoteca simulate` (whole
commands, start-up included) on one local process (the anchor), on two local
processes, on the cluster, and on the cluster with its second node killed (SIGKILL,
every process) while it plays. Prints games/s as ratios to the anchor, and whether each
run's records are those of the anchor, byte for byte.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.sim.ray_cluster import RayCluster


def timed(command: list[str], env: dict[str, str], kill: RayCluster | None = None) -> float:
    """Wall seconds of `ludoteca COMMAND`; with `kill`, its last node is killed as soon as
    it plays a chunk."""
    start = time.perf_counter()
    run = subprocess.Popen(
        [sys.executable, "-m", "ludoteca", *command],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    if kill is not None:
        node = kill.nodes[-1]
        while not kill.playing_on(node) and run.poll() is None:
            time.sleep(0.02)
        kill.kill(node)
    _out, err = run.communicate()
    if run.returncode != 0:
        raise SystemExit(err.decode()[-2000:])
    return time.perf_counter() - start


def main() -> None:
    """Run the four simulations and print the README lines."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="toinc")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    base = ["simulate", options.game, "-n", str(options.games), "--seed", str(options.seed)]
    cluster = RayCluster()
    folder = Path(tempfile.mkdtemp(prefix="bench-ray-"))
    try:
        cluster.start()
        cluster.add_node()
        on_ray = ["--backend", "ray", "--address", cluster.address]
        runs = {
            "1 local process (anchor)": (["--workers", "1"], None),
            "2 local processes": (["--workers", "2"], None),
            "cluster: 2 nodes of 1 CPU": (on_ray, None),
            "cluster, node 2 killed mid-run": (on_ray, cluster),
        }
        anchor = 0.0
        records = {}
        for name, (where, kill) in runs.items():
            path = folder / f"{len(records)}.csv"
            seconds = timed([*base, *where, "--records", str(path)], cluster.env, kill)
            rate = options.games / seconds
            anchor = anchor or rate
            records[name] = path.read_bytes()
            same = records[name] == next(iter(records.values()))
            print(
                f"| {name} | {rate:.1f} games/s | {rate / anchor:.2f}x | "
                f"{'identical' if same else 'DIFFERENT'} |"
            )
        print(f"load average {os.getloadavg()[0]:.2f}; {os.cpu_count()} cores")
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
