"""Ports for the servers the tests start, free of races between the test workers.

A port taken by binding port 0 and closing the socket is an ephemeral port: until the server
binds it, any outgoing connection (a browser's, a database client's) or the other pytest-xdist
worker doing the same may take it. These ports come instead from below the kernel's ephemeral
range (which starts at 32768 on Linux) and above Ray's worker ports (10002-19999), in a block
of its own for each xdist worker and a counter within it; a port some other program holds is
skipped by trying to bind it.
"""

from __future__ import annotations

import itertools
import os
import socket

FIRST = 20_000
BLOCK = 1_500
"""Ports a worker may use: worker N (gwN) gets FIRST + N·BLOCK up to the next block."""
WORKERS = 8
"""Blocks before they wrap (more xdist workers share blocks, still racing only then)."""


def _block() -> range:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    index = int(worker) % WORKERS if worker.isdigit() else 0
    start = FIRST + index * BLOCK
    return range(start, start + BLOCK)


_next = itertools.count()


def free_port() -> int:
    """A loopback port no other test worker will be given, free now."""
    block = _block()
    for _ in range(len(block)):
        port = block[(next(_next) + os.getpid()) % len(block)]
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        return port
    raise RuntimeError(f"no free port in {block.start}-{block.stop - 1}")
