"""The Ray backend: same records as the local backend; a clear error without Ray."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from ludoteca.core import OptionError
from ludoteca.sim.parallel import run_games
from ludoteca.sim.ray_backend import import_ray
from tests.patience import PATIENCE
from tests.ports import free_port


def test_without_ray_the_backend_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` fail
    with pytest.raises(OptionError, match=r"pip install 'ludoteca\[ray\]'"):
        list(run_games("futebol", {}, ["random", "random"], 4, seed=1, backend="ray"))


def test_unknown_backend_is_refused() -> None:
    with pytest.raises(OptionError, match="--backend spark: choose one of local, ray"):
        list(run_games("futebol", {}, ["random", "random"], 4, seed=1, backend="spark"))


def test_ray_and_local_give_identical_records() -> None:
    """Same run seed, same per-game seeds, records in index order: identical results."""
    pytest.importorskip("ray")
    specs, short = ["random", "random"], {"turn_limit": 300}
    local = list(run_games("futebol", short, specs, 40, seed=9, workers=1, usage=True))
    on_ray = list(run_games("futebol", short, specs, 40, 9, 2, usage=True, backend="ray"))
    assert on_ray == local
    assert [r.index for r in on_ray] == list(range(40))


def test_an_address_nobody_answers_is_refused_at_once() -> None:
    pytest.importorskip("ray")
    port = free_port()  # nobody listens on it
    with pytest.raises(OptionError, match=f"--address 127.0.0.1:{port}: no Ray cluster answers"):
        list(
            run_games(
                "futebol", {}, ["random"] * 2, 4, 1, backend="ray", address=f"127.0.0.1:{port}"
            )
        )


def test_ray_refusing_to_start_is_one_clear_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --address, Ray may find a cluster started on this machine and refuse the
    CPU count: the message says Ray could not start, not which address failed."""
    ray = pytest.importorskip("ray")

    def refuse(**_settings: object) -> None:
        raise ValueError("When connecting to an existing cluster, num_cpus must not be provided")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", refuse)
    with pytest.raises(OptionError, match=r"^--backend ray: cannot start Ray: When connecting"):
        list(run_games("futebol", {}, ["random"] * 2, 4, 1, workers=2, backend="ray"))


def test_the_clusters_error_messages_go_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    """Ray's driver prints a node marked dead on stdout; ludoteca moves it to stderr, so
    `--json` output and records on stdout stay parseable."""
    pytest.importorskip("ray")
    import_ray()
    import_ray()  # a second import does not wrap the printer twice
    worker = importlib.import_module("ray._private.worker")
    said = "The node with node id: 1f and address: 192.0.2.2 has been marked dead"
    worker.print_to_stdstream({"lines": [said], "pid": "raylet", "is_err": False}, False)
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("has been marked dead") == 1


WATCH_STUCK = """
import threading
from ludoteca.sim.ray_backend import HeadWatch
from tests.ports import free_port

HeadWatch.BEAT, HeadWatch.GRACE = 0.05, 0.5
HeadWatch(("127.0.0.1", free_port()), "the head is gone")
threading.Event().wait()  # blocked where an interrupt is never seen, as inside Ray's code
"""


def test_a_lost_head_ends_the_run_even_when_the_main_thread_never_sees_the_interrupt() -> None:
    """The watch interrupts the main thread; a main thread blocked inside Ray's code would
    let Ray end the process after a minute with its own log lines (seen in fresh clones).
    The watch then says the message itself and exits with status 2."""
    done = subprocess.run(
        [sys.executable, "-c", WATCH_STUCK],
        capture_output=True, text=True, timeout=PATIENCE, check=False,
        cwd=Path(__file__).resolve().parents[2],
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert done.stderr == "error: the head is gone\n"
