"""The Ray backend: same records as the local backend; a clear error without Ray."""

from __future__ import annotations

import sys

import pytest

from ludoteca.core import OptionError
from ludoteca.sim.parallel import run_games


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
    specs = ["random", "random"]
    local = list(run_games("futebol", {}, specs, 40, seed=9, workers=1, usage=True))
    on_ray = list(run_games("futebol", {}, specs, 40, seed=9, workers=2, usage=True, backend="ray"))
    assert on_ray == local
    assert [r.index for r in on_ray] == list(range(40))
