"""Decisions a CPU second of batched self-play against as many independent environments.

    .venv/bin/python benchmarks/bench_batch.py [N] [SECONDS]

For each built-in game (its `research_options`): `SelfPlay(game, N)` (`interop.batch`),
one id a game a step, against the anchor, `N` PettingZoo AEC environments stepped in turn
(`last()`, then `step`), each with a uniformly random legal id from its mask. Both keep
no log; both count decisions. The figure is the ratio of the two rates in the same run,
the anchor measured first and last (their mean), so machine load cancels.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from ludoteca import games
from ludoteca.interop.batch import SelfPlay
from ludoteca.interop.pettingzoo import env


def _choose(masks: np.ndarray, rng: np.random.Generator) -> list[int]:
    return [int(rng.choice(row.nonzero()[0])) for row in masks]


def batched(name: str, n: int, seconds: float) -> float:
    kind = games.game_class(name)
    batch = SelfPlay(kind(**kind.research_options()), n, seed=1)
    rng, done, start = np.random.default_rng(1), 0, time.process_time()
    while time.process_time() - start < seconds:
        batch.step(_choose(batch.masks, rng))
        done += n
    return done / (time.process_time() - start)


def independent(name: str, n: int, seconds: float) -> float:
    envs = [env(name) for _ in range(n)]
    for i, aec in enumerate(envs):
        aec.reset(seed=1 + i)
    rng, done, start = np.random.default_rng(1), 0, time.process_time()
    while time.process_time() - start < seconds:
        for aec in envs:
            observation, _reward, over, cut, _info = aec.last()
            if over or cut:
                aec.step(None)
                if not aec.agents:
                    aec.reset()
                continue
            aec.step(_choose(observation["action_mask"][None, :], rng)[0])
            done += 1
    return done / (time.process_time() - start)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 64
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
    print(f"{'game':12} {'N envs/s':>10} {'batch/s':>10} {'ratio':>6}")
    for name in games.built_in():
        first = independent(name, n, seconds)
        fast = batched(name, n, seconds)
        last = independent(name, n, seconds)
        anchor = (first + last) / 2
        print(f"{name:12} {anchor:10,.0f} {fast:10,.0f} {fast / anchor:6.2f}")


if __name__ == "__main__":
    main()
