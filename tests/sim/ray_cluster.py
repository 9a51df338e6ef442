"""A real Ray cluster on this machine for the tests: `ray start --head`, then worker nodes
joining it with `ray start --address`, each its own process group so that one node can
be killed (SIGKILL) as a crashed machine would be.

Never `ray stop`: it stops every Ray on the machine, other tests' included. The cluster
writes under its own temporary folder (so `ray.init()` elsewhere does not find it) and
asks for a token (Ray's token authentication), which only these processes are given.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

from tests.ports import free_port

RAY = Path(sys.executable).parent / "ray"
START_TIMEOUT = 90.0


class ClusterError(Exception):
    """Ray could not start here."""


class RayCluster:
    """A head node and worker nodes of one CPU each, on loopback."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="lr", dir="/tmp"))  # sockets: short paths
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "RAY_AUTH_MODE": "token",
            "RAY_AUTH_TOKEN": secrets.token_hex(32),
            "RAY_USAGE_STATS_ENABLED": "0",
        }
        self.env.pop("RAY_ADDRESS", None)
        self.nodes: list[subprocess.Popen[bytes]] = []

    def start(self) -> None:
        """Start the head node (one CPU) and wait until it answers."""
        self._node("--head", f"--port={self.port}", f"--temp-dir={self.folder}")
        self.wait_for_cpus(1)

    def add_node(self) -> subprocess.Popen[bytes]:
        """A worker node of one CPU joins; returns its `ray start` process."""
        cpus = self.cpus()
        node = self._node(f"--address={self.address}")
        self.wait_for_cpus(cpus + 1)
        return node

    def _node(self, *arguments: str) -> subprocess.Popen[bytes]:
        log = (self.folder / f"node-{len(self.nodes)}.log").open("wb")
        node = subprocess.Popen(
            [
                str(RAY),
                "start",
                "--block",
                "--num-cpus=1",
                "--object-store-memory=100000000",
                "--disable-usage-stats",
                f"--dashboard-agent-listen-port={free_port()}",
                f"--metrics-export-port={free_port()}",
                *arguments,
            ],
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: `kill` takes the whole node
        )
        self.nodes.append(node)
        return node

    def cpus(self) -> int:
        """CPUs of the live nodes, as the cluster counts them (0: it does not answer)."""
        probe = (
            f"import ray; ray.init(address={self.address!r}, log_to_driver=False); "
            "print(int(ray.cluster_resources().get('CPU', 0)))"
        )
        done = subprocess.run(
            [sys.executable, "-c", probe], env=self.env, capture_output=True, timeout=120
        )
        lines = done.stdout.decode().split()
        return int(lines[-1]) if done.returncode == 0 and lines else 0

    def wait_for_cpus(self, count: int) -> None:
        """Wait until the cluster counts `count` CPUs."""
        deadline = time.monotonic() + START_TIMEOUT
        while self.cpus() != count:
            if any(node.poll() is not None for node in self.nodes) or time.monotonic() > deadline:
                raise ClusterError(self.log_tail())
            time.sleep(0.5)

    def log_tail(self) -> str:
        """The end of the nodes' output (why it did not start)."""
        text = "".join(p.read_text(errors="replace") for p in sorted(self.folder.glob("*.log")))
        return text[-1500:] or "no output"

    @staticmethod
    def processes(node: subprocess.Popen[bytes]) -> list[psutil.Process]:
        """Every process of `node`: its `ray start`, raylet, agents and workers (each
        worker is its own process group, so the tree, not the group, is the node)."""
        try:
            parent = psutil.Process(node.pid)
            return [parent, *parent.children(recursive=True)]
        except psutil.Error:
            return []

    def playing_on(self, node: subprocess.Popen[bytes]) -> bool:
        """True if a Ray worker process of `node` is playing a chunk now."""
        for process in self.processes(node):
            try:
                if "play_chunk" in " ".join(process.cmdline()):
                    return True
            except psutil.Error:
                continue
        return False

    @classmethod
    def kill(cls, node: subprocess.Popen[bytes]) -> None:
        """SIGKILL every process of `node`, as if its machine crashed."""
        for process in cls.processes(node):
            with contextlib.suppress(psutil.Error):
                process.kill()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(node.pid, signal.SIGKILL)
        node.wait(timeout=30)

    def stop(self) -> None:
        """Kill every node (workers first) and remove the folder."""
        for node in reversed(self.nodes):
            self.kill(node)
        for process in psutil.process_iter(["cmdline"]):  # a node's orphans, if any
            try:
                if str(self.folder) in " ".join(process.info["cmdline"] or []):
                    process.kill()
            except psutil.Error:
                continue
        shutil.rmtree(self.folder, ignore_errors=True)
