"""The project's scripts (`scripts/*.py`) import: a module one of them reads that moved
(the browser fixtures once did) is named here, not the next time someone runs it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SCRIPTS = sorted((Path(__file__).resolve().parent.parent / "scripts").glob("*.py"))


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_the_script_imports(path: Path) -> None:
    spec = importlib.util.spec_from_file_location(f"script_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    spec.loader.exec_module(importlib.util.module_from_spec(spec))  # `__main__` not run
