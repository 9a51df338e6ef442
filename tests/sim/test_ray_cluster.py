"""Simulations on a started Ray cluster (issue 24): `ray start --head` on loopback and a
second node joining it, the commands pointed at it with `--address`. The records are
those of the local backend, also when a node dies in the middle of a run; the progress
bar counts the games as the cluster sends them back."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.patience import PATIENCE
from tests.sim.ray_cluster import ClusterError, RayCluster

pytest.importorskip("ray", reason="Ray is not installed: pip install 'ludoteca[ray]'")

GAMES = ["simulate", "futebol", "-n", "60", "--seed", "3"]
SHORT = ["-o", "turn_limit=300"]
"""Games cut short where the test does not need a run long enough to kill something."""


@pytest.fixture(scope="module")
def cluster() -> Iterator[RayCluster]:
    """A head node and a worker node, one CPU each."""
    started = RayCluster()
    try:
        started.start()
        started.add_node()
    except (ClusterError, OSError, subprocess.TimeoutExpired) as exc:
        started.stop()
        pytest.skip(f"Ray cannot start a cluster on this machine: {exc}")
    yield started
    started.stop()


def ludoteca(
    cluster: RayCluster, *arguments: str, on_cluster: bool = True
) -> subprocess.Popen[bytes]:
    """`ludoteca ARGUMENTS`, with `--backend ray --address` of the cluster if `on_cluster`
    (else on one local process); its progress bar drawn as on a terminal."""
    where = ["--backend", "ray", "--address", cluster.address] if on_cluster else ["--workers", "1"]
    return subprocess.Popen(
        [sys.executable, "-m", "ludoteca", *arguments, *where],
        env={**cluster.env, "FORCE_COLOR": "1", "COLUMNS": "120"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def finish(process: subprocess.Popen[bytes]) -> tuple[str, str]:
    """Wait for a command; its output and its error output (terminal escapes removed)."""
    out, err = (
        re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text.decode())
        for text in process.communicate(timeout=300)
    )
    assert process.returncode == 0, err[-2000:]
    return out, err


def test_a_simulation_on_the_cluster_gives_the_local_records(
    cluster: RayCluster, tmp_path: Path
) -> None:
    """Two nodes play the chunks; the records file is byte for byte the local one, and
    the progress bar reaches every game."""
    assert cluster.cpus() == 2
    _out, err = finish(ludoteca(cluster, *GAMES, *SHORT, "--records", str(tmp_path / "ray.csv")))
    assert "60/60 games" in err
    local = ludoteca(
        cluster, *GAMES, *SHORT, "--records", str(tmp_path / "local.csv"), on_cluster=False
    )
    finish(local)
    ray_records = (tmp_path / "ray.csv").read_bytes()
    assert ray_records == (tmp_path / "local.csv").read_bytes()
    assert len(ray_records.splitlines()) == 61


def test_a_node_killed_mid_run_has_its_chunks_played_again(
    cluster: RayCluster, tmp_path: Path
) -> None:
    """A third node joins, is killed (every process, SIGKILL) while it plays a chunk:
    the chunk is played again elsewhere and the records are still the local ones."""
    node = cluster.add_node()
    run = ludoteca(cluster, *GAMES, "--records", str(tmp_path / "ray.csv"))
    deadline = time.monotonic() + PATIENCE
    while not cluster.playing_on(node):
        assert run.poll() is None, "the run ended before the node played"
        assert time.monotonic() < deadline, "the new node never played a chunk"
        time.sleep(0.02)
    cluster.kill(node)
    assert run.poll() is None  # killed mid-run
    finish(run)
    finish(ludoteca(cluster, *GAMES, "--records", str(tmp_path / "local.csv"), on_cluster=False))
    assert (tmp_path / "ray.csv").read_bytes() == (tmp_path / "local.csv").read_bytes()


def test_the_arena_and_a_balance_report_on_the_cluster_are_the_local_ones(
    cluster: RayCluster, tmp_path: Path
) -> None:
    arena = ["arena", "futebol", "--agents", "random,heuristic", "-n", "6", "--json", *SHORT]
    on_ray, _err = finish(ludoteca(cluster, *arena))
    local, _err = finish(ludoteca(cluster, *arena, on_cluster=False))
    assert json.loads(on_ray) == json.loads(local)
    assert sum(row["games"] for row in json.loads(on_ray)["agents"]) == 2 * 12
    balance = ["balance", "futebol", "-n", "24", "--calibrate", "0", "--seed", "5", *SHORT]
    finish(ludoteca(cluster, *balance, "--out", str(tmp_path / "ray.html")))
    finish(ludoteca(cluster, *balance, "--out", str(tmp_path / "local.html"), on_cluster=False))
    assert (tmp_path / "ray.html").read_text() == (tmp_path / "local.html").read_text()


def test_a_run_whose_head_dies_ends_with_one_message_and_keeps_its_games(
    tmp_path: Path,
) -> None:
    """The head is killed while the run plays: within seconds (Ray alone would wait a
    minute and end the process with its own log lines) the command says so in one line
    and exits 2, and the records written so far are those of the local run."""
    lone = RayCluster()  # its own cluster: this one dies
    try:
        lone.start()
    except (ClusterError, OSError, subprocess.TimeoutExpired) as exc:
        lone.stop()
        pytest.skip(f"Ray cannot start a cluster on this machine: {exc}")
    try:
        records = tmp_path / "ray.csv"
        run = ludoteca(lone, *GAMES, "--records", str(records))
        deadline = time.monotonic() + PATIENCE
        while len(records.read_bytes().splitlines()) < 2 if records.exists() else True:
            assert run.poll() is None, "the run ended before the head was killed"
            assert time.monotonic() < deadline, "no game was written"
            time.sleep(0.05)
        lone.kill(lone.nodes[0])
        out, err = (text.decode() for text in run.communicate(timeout=PATIENCE))
        assert run.returncode == 2, err[-2000:]
        assert "the Ray cluster stopped answering" in err and "Traceback" not in err + out
    finally:
        lone.stop()
    kept = records.read_bytes().splitlines()
    assert 2 <= len(kept) < 61
    # A game's seed does not depend on how many are played: the local run plays those kept.
    first = [str(len(kept) - 1) if word == "60" else word for word in GAMES]
    finish(ludoteca(lone, *first, "--records", str(tmp_path / "local.csv"), on_cluster=False))
    assert kept == (tmp_path / "local.csv").read_bytes().splitlines()
