"""Random-playout speed of every registered game (the README's figures).

Usage: .venv/bin/python benchmarks/bench_playouts.py [SECONDS]
"""

from __future__ import annotations

import random
import sys
import time

from ludoteca import games
from ludoteca.sim.playout import random_playout


def measure(name: str, seconds: float) -> tuple[float, float]:
    """Steps/s and games/s of uniformly random play of `name` on one core."""
    game = games.load(name)
    rng = random.Random(0)
    steps = finished = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += random_playout(game.new_game(rng.randrange(2**31)), rng)
        finished += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, finished / elapsed


def main() -> None:
    """Print one line per game."""
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    for name in games.names():
        steps, played = measure(name, seconds)
        print(f"{name:12} {steps:12,.0f} steps/s {played:10,.1f} games/s")


if __name__ == "__main__":
    main()
