"""The user's install, not the developer's: ludoteca built as a wheel and an sdist and
installed in fresh virtual environments, made once per test session (shared by the
pytest-xdist workers through a lock), with no extras and with every extra."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from filelock import FileLock
from sqlalchemy.engine import make_url

from tests.postgres import fresh_database

ROOT = Path(__file__).resolve().parents[2]
WAIT = 600.0
"""Seconds a test waits for a server before it gives up: a hang guard, never a figure."""


@dataclass(frozen=True)
class Built:
    """The sdist and the wheel `python -m build` made (the wheel is built from the sdist)."""

    sdist: Path
    wheel: Path


def clean_environment() -> dict[str, str]:
    """This process's environment without what points at the developer's install."""
    drop = {"PYTHONPATH", "VIRTUAL_ENV", "LUDOTECA_EXPECT_COMPILED", "PYTHONHOME"}
    kept = {key: value for key, value in os.environ.items() if key not in drop}
    venv_bin = str(Path(sys.executable).parent)
    kept["PATH"] = os.pathsep.join(
        part for part in kept.get("PATH", "").split(os.pathsep) if part != venv_bin
    )
    return kept


def run(*command: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run `command` to its end in the clean environment; its output kept."""
    return subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=clean_environment(),
        capture_output=True,
        text=True,
        check=False,
        timeout=WAIT,
    )


def must(*command: str | Path, cwd: Path | None = None) -> str:
    """`run`, which must succeed: its standard output."""
    done = run(*command, cwd=cwd)
    assert done.returncode == 0, f"{command}: {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _shared(factory: pytest.TempPathFactory) -> Path:
    """A folder every xdist worker of this session sees (the parent of their temp roots)."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def _once(factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder `name`, made by `make` once for the whole session."""
    folder = _shared(factory) / name
    with FileLock(str(folder) + ".lock"):
        if not (folder / ".made").exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            make(folder)
            (folder / ".made").touch()
    return folder


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """ludoteca's sdist and wheel, built as a packager would."""

    def make(folder: Path) -> None:
        must(sys.executable, "-m", "build", "--outdir", folder, ROOT)

    given = os.environ.get("LUDOTECA_TEST_DIST")  # make test builds them first (`make dist`)
    folder = Path(given) if given else _once(tmp_path_factory, "dist", make)
    return Built(next(folder.glob("*.tar.gz")), next(folder.glob("*.whl")))


def _environment(factory: pytest.TempPathFactory, name: str, wheel: Path, extras: str) -> Path:
    """A fresh virtual environment with the wheel (and `extras`) installed: its bin folder."""

    def make(folder: Path) -> None:
        must(sys.executable, "-m", "venv", folder / "env")
        # No byte-compiling: the same files are installed, and compiling Ray's and the RL
        # packages' thousands of modules is most of an install's CPU time.
        pip = (folder / "env/bin/python", "-m", "pip", "install", "--quiet", "--no-compile")
        must(*pip, f"{wheel}{extras}")

    return _once(factory, name, make) / "env/bin"


@pytest.fixture(scope="session")
def plain(tmp_path_factory: pytest.TempPathFactory, built: Built) -> Path:
    """`pip install ludoteca` with no extras: the environment's bin folder."""
    return _environment(tmp_path_factory, "plain", built.wheel, "")


@pytest.fixture(scope="session")
def every_extra(tmp_path_factory: pytest.TempPathFactory, built: Built) -> Path:
    """`pip install 'ludoteca[postgres,ray,rl]'`: the environment's bin folder."""
    return _environment(tmp_path_factory, "extras", built.wheel, "[postgres,ray,rl]")


def wait_for_lobby(base: str, process: subprocess.Popen[bytes], log: Path) -> httpx.Response:
    """The lobby page, once the server started as `process` answers."""
    deadline = time.monotonic() + WAIT
    while True:
        try:
            return httpx.get(f"{base}/", timeout=5)
        except httpx.TransportError:
            assert process.poll() is None, f"the server stopped:\n{log.read_text()[-3000:]}"
            assert time.monotonic() < deadline, f"no answer:\n{log.read_text()[-3000:]}"
            time.sleep(0.2)


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop `process` and everything it started (its own process group)."""
    if process.poll() is None:
        os.killpg(process.pid, 15)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait()


@pytest.fixture
def postgres_database() -> Iterator[str]:
    """A new database on the test PostgreSQL server as a `postgresql://` URL naming no
    driver (what a user types)."""
    with fresh_database("ludoteca_install") as url:
        yield make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
