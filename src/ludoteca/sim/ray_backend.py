"""Running a simulation's chunks as Ray tasks (the optional `ray` extra).

The chunks and seeds are those of the local backend, and results come back in
chunk order, so a run's records are identical on either backend. A chunk whose node
dies is played again on another (`RETRIES`): it plays the same games, so the records
are still identical.
"""

from __future__ import annotations

import importlib
import socket
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ludoteca.core import OptionError
from ludoteca.core.i18n import _

INSTALL_HINT = "--backend ray needs Ray, which is not installed: pip install 'ludoteca[ray]'"
IN_FLIGHT_PER_CPU = 4
RETRIES = 5
"""Times a chunk is played again when its node or worker process dies (not when the
game raises: that error is the same on every try)."""


def import_ray() -> Any:
    """The `ray` module, or an `OptionError` saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise OptionError(INSTALL_HINT) from None


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Refuse a `host:port` (or `ray://host:port`) nobody listens on, rather than wait.

    Ray itself retries an unreachable address for minutes; other forms (`auto`) pass.
    """
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return
    try:
        socket.create_connection((host or "127.0.0.1", int(port)), timeout=timeout).close()
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
    finally:
        if started:
            ray.shutdown()
