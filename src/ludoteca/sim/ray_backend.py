"""Running a simulation's chunks as Ray tasks (the optional `ray` extra).

The chunks and seeds are those of the local backend, and results come back in
chunk order, so a run's records are identical on either backend. A chunk whose node
dies is played again on another (`RETRIES`): it plays the same games, so the records
are still identical.
"""

from __future__ import annotations

import _thread
import importlib
import os
import socket
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ludoteca.core import OptionError
from ludoteca.core.extras import require
from ludoteca.core.i18n import _

IN_FLIGHT_PER_CPU = 4
RETRIES = 5
"""Times a chunk is played again when its node or worker process dies (not when the
game raises: that error is the same on every try)."""


def import_ray() -> Any:
    """The `ray` module, or `MissingExtra` saying how to install it."""
    ray = require("ray", "--backend ray")
    cluster_errors_to_stderr()
    return ray


def cluster_errors_to_stderr() -> None:
    """Make Ray's driver print the cluster's error messages (such as "node … has been
    marked dead") on stderr. Ray prints them on stdout, even with `log_to_driver` off,
    and stdout is where `--json` and records go."""
    worker = importlib.import_module("ray._private.worker")
    printer = getattr(worker, "print_to_stdstream", None)
    if printer is None or getattr(printer, "__name__", "") == "to_stderr":
        return

    def to_stderr(data: dict[str, Any], ignore_prefix: bool) -> None:
        printer({**data, "is_err": True}, ignore_prefix)

    vars(worker)["print_to_stdstream"] = to_stderr


def host_port(address: str) -> tuple[str, int] | None:
    """The host and port of `host:port` or `ray://host:port` (None for other forms)."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return None
    return host or "127.0.0.1", int(port)


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Refuse a `host:port` (or `ray://host:port`) nobody listens on, rather than wait.

    Ray itself retries an unreachable address for minutes; other forms (`auto`) pass.
    """
    where = host_port(address)
    if where is None:
        return
    try:
        socket.create_connection(where, timeout=timeout).close()
    except OSError as exc:
        raise OptionError(
            _(
                "--address {address}: no Ray cluster answers there ({exc})",
                address=address,
                exc=str(exc),
            )
        ) from None


def run_on_ray(
    play_chunk: Callable[..., list[Any]],
    args: tuple[str, dict[str, Any], tuple[str, ...], int],
    chunks: Iterable[range],
    usage: bool,
    workers: int | None,
    address: str | None,
) -> Iterator[list[Any]]:
    """Yield each chunk's records in order, each chunk played as a Ray task calling
    `play_chunk(*args, chunk, usage)`.

    Joins the cluster at `address`, or starts a local Ray instance (with `workers`
    CPUs when given) and shuts it down afterwards. A bounded number of tasks is in
    flight, so memory stays flat as the run grows.
    """
    ray = import_ray()

    started = not ray.is_initialized()
    if started:
        settings: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address is not None:
            check_reachable(address)
            settings["address"] = address
        elif workers:
            settings["num_cpus"] = workers
        try:
            ray.init(**settings)
        except (ConnectionError, ValueError, RuntimeError) as exc:
            if address is None:  # e.g. Ray found a cluster started on this machine
                raise OptionError(
                    _("--backend ray: cannot start Ray: {exc}", exc=str(exc))
                ) from None
            raise OptionError(
                _("--address {address}: cannot join Ray: {exc}", address=address, exc=str(exc))
            ) from None
    where = host_port(address) if address is not None else None
    said = _(
        "--address {address}: the Ray cluster stopped answering (is its head down?); "
        "the games played until then are kept",
        address=str(address),
    )
    watch = HeadWatch(where, said) if where is not None else None
    try:
        task = ray.remote(max_retries=RETRIES, retry_exceptions=False)(play_chunk)
        limit = IN_FLIGHT_PER_CPU * max(1, int(ray.cluster_resources().get("CPU", 1)))
        window: deque[Any] = deque()
        for chunk in chunks:
            window.append(task.remote(*args, chunk, usage))
            if len(window) >= limit:
                yield ray.get(window.popleft())
        while window:
            yield ray.get(window.popleft())
    except KeyboardInterrupt:
        if watch is None or not watch.lost.is_set():
            raise
        watch.stop()  # the main thread has it: no need for the watch's own exit
        raise OptionError(said) from None
    finally:
        if watch is not None:
            watch.stop()
        if started and (watch is None or not watch.lost.is_set()):
            ray.shutdown()


class HeadWatch:
    """Looks every `BEAT` seconds that a joined cluster's head still answers. If it stops
    answering, Ray would wait a minute and then end the process with its own log lines
    only: after `MISSES` looks in a row, this interrupts the run (the main thread gets a
    KeyboardInterrupt), which `run_on_ray` turns into one message. A main thread blocked
    inside Ray's own code may not see the interrupt before Ray ends the process: if it has
    not within `GRACE` seconds, the watch says `message` itself and exits with status 2
    (the records written so far are on disk: they are flushed every second)."""

    BEAT = 2.0
    MISSES = 3
    GRACE = 10.0

    def __init__(self, where: tuple[str, int], message: str) -> None:
        self.where = where
        self.message = f"{_('error:')} {message}"  # as the command line says it
        self.lost = threading.Event()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="ray-head-watch")
        self._thread.start()

    def _run(self) -> None:
        misses = 0
        while not self._stopped.wait(self.BEAT):
            try:
                socket.create_connection(self.where, timeout=self.BEAT).close()
                misses = 0
            except OSError:
                misses += 1
            if misses >= self.MISSES:
                self.lost.set()
                _thread.interrupt_main()
                if not self._stopped.wait(self.GRACE):  # the main thread is stuck in Ray
                    sys.stderr.write(f"{self.message}\n")
                    sys.stderr.flush()
                    os._exit(2)
                return

    def stop(self) -> None:
        """Stop looking."""
        self._stopped.set()
