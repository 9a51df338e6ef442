"""How long a test waits for something to happen (a server to answer, the computer to move,
a game to end) before it gives up. A hang guard, never a figure: no test asserts how fast
anything is (speed is measured in `benchmarks/`). `LUDOTECA_TEST_PATIENCE` sets it."""

import os

PATIENCE = float(os.environ.get("LUDOTECA_TEST_PATIENCE", "300"))
"""Seconds; generous enough for a loaded 2-core machine, so that only a hang fails."""
