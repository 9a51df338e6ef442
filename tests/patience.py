"""How long a test waits for something to happen (a server to answer, the computer to move,
a game to end) before it gives up. A hang guard, never a figure: no test asserts how fast
anything is (speed is measured in `benchmarks/`). `LUDOTECA_TEST_PATIENCE` sets it."""

import os
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

PATIENCE = float(os.environ.get("LUDOTECA_TEST_PATIENCE", "300"))
"""Seconds; generous enough for a loaded 2-core machine, so that only a hang fails."""


def eventually(check: Callable[[], T], what: str, every: float = 0.05) -> T:
    """The first truthy answer of `check`, asked every `every` seconds; after `PATIENCE`
    seconds without one the test fails saying `what` never happened."""
    deadline = time.monotonic() + PATIENCE
    while not (answer := check()):
        assert time.monotonic() < deadline, f"{what} never happened"
        time.sleep(every)
    return answer
