"""The optional compiled build (issue 21, `scripts/compile.py`): the modules it lists exist,
and where the build is on the path (make test's second pass) they are the compiled ones."""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from compile import modules

SRC = Path(__file__).resolve().parent.parent / "src"


def names() -> list[str]:
    return [path.removesuffix(".py").replace("/", ".") for path in modules()]


def test_the_listed_modules_are_the_engines_own() -> None:
    for path in modules():
        assert (SRC / path).is_file(), path
        assert path.startswith(("ludoteca/core/", "ludoteca/games/")), path


@pytest.mark.skipif(
    os.environ.get("LUDOTECA_EXPECT_COMPILED") != "1",
    reason="make test's compiled pass checks this (LUDOTECA_EXPECT_COMPILED=1)",
)
def test_on_the_compiled_build_every_listed_module_is_compiled() -> None:
    for name in names():
        module = importlib.import_module(name)
        assert module.__file__ is not None and module.__file__.endswith(".so"), module.__file__
