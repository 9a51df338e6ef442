"""Tabular Q-learning on Kalah (one seed a pit) through ludoteca's Gymnasium environment,
then the learned policy against `random` as both seats (issue 21's training example).

    pip install -e ".[rl]" -e examples/plugin-game    # Kalah is the example plugin game
    .venv/bin/python examples/rl/kalah_q_learning.py [EPISODES]   # default 100,000: ~30 s

The learner sees what a seat sees (`observation_tensor`, turned to its side), moves only
among the legal ids (`action_mask`), and learns from the reward at the end (win 1, loss
-1): Watkins' Q-learning with an epsilon-greedy policy that anneals to greedy. It plays
as seat 0 or seat 1 at random each episode, so one table serves both seats.
"""

from __future__ import annotations

import math
import random
import sys
from collections import defaultdict

import numpy as np

from ludoteca.interop.gymnasium import SeatEnv

OPTIONS = {"seeds": 1}


class QTable:
    """Action values by (observation, action id); unseen pairs are worth 0."""

    def __init__(self) -> None:
        self.values: defaultdict[bytes, dict[int, float]] = defaultdict(dict)

    def best(self, key: bytes, legal: list[int]) -> int:
        known = self.values[key]
        return max(legal, key=lambda action: (known.get(action, 0.0), -action))

    def top(self, key: bytes, legal: list[int]) -> float:
        known = self.values[key]
        return max(known.get(action, 0.0) for action in legal)


def key_of(observation: dict[str, np.ndarray]) -> bytes:
    """The table's key: the tensor's bytes (the same position gives the same floats)."""
    return observation["observation"].tobytes()


def legal_of(observation: dict[str, np.ndarray]) -> list[int]:
    return [int(i) for i in observation["action_mask"].nonzero()[0]]


def train(episodes: int, seed: int = 0, alpha: float = 0.2, gamma: float = 1.0) -> QTable:
    """Learn a table from `episodes` games against the random player."""
    rng = random.Random(seed)
    table = QTable()
    envs = [SeatEnv("kalah", seat=seat, opponents="random", **OPTIONS) for seat in (0, 1)]
    for episode in range(episodes):
        epsilon = max(0.05, 1.0 - episode / (0.6 * episodes))
        env = envs[rng.randrange(2)]
        observation, _ = env.reset(seed=rng.randrange(2**31))
        done = False
        while not done:
            key, legal = key_of(observation), legal_of(observation)
            explore = rng.random() < epsilon
            action = rng.choice(legal) if explore else table.best(key, legal)
            observation, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
            target = reward
            if not done:
                target += gamma * table.top(key_of(observation), legal_of(observation))
            value = table.values[key].get(action, 0.0)
            table.values[key][action] = value + alpha * (target - value)
    return table


def evaluate(
    table: QTable, games: int, opponents: str = "random", seed: int = 1
) -> tuple[float, float, float]:
    """The learned policy's score rate against `opponents` (win 1, draw 1/2) and its
    95% CI, half the games as each seat."""
    rng = random.Random(seed)
    points = 0.0
    for game in range(games):
        env = SeatEnv("kalah", seat=game % 2, opponents=opponents, **OPTIONS)
        observation, _ = env.reset(seed=rng.randrange(2**31))
        done, reward = False, 0.0
        while not done:
            action = table.best(key_of(observation), legal_of(observation))
            observation, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        points += {1.0: 1.0, 0.0: 0.5}.get(float(reward), 0.0)
    rate = points / games
    half = 1.96 * math.sqrt(rate * (1 - rate) / games)
    return rate, rate - half, rate + half


def main() -> None:
    episodes = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    table = train(episodes)
    print(f"Q-learning on Kalah (seeds=1): {episodes:,} training games against random,")
    print(f"{len(table.values):,} positions learned. Its score rate over 2,000 games, each seat:")
    for opponents in ("random", "heuristic"):
        rate, low, high = evaluate(table, 2_000, opponents)
        print(f"  against {opponents:<9} {rate:6.1%}  (95% CI {low:.1%} - {high:.1%})")


if __name__ == "__main__":
    main()
