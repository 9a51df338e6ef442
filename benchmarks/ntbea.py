"""NTBEA, the anchor of `bench_tune.py`: the N-Tuple Bandit Evolutionary Algorithm.

Written from the paper (Lucas, Liu and Perez-Liebana, "The N-Tuple Bandit Evolutionary
Algorithm for Game Agent Optimisation", IEEE CEC 2018) with the defaults of TAG's
optimiser (`GAIGResearch/TabletopGames`, `evaluation/optimisation`): 1-tuples and the
N-tuple, 50 neighbours a step, at least one dimension mutated, the recommendation the
sampled point of highest estimated mean. TAG itself is Java and cannot be built here
(Maven Central is off this machine's network), and the one Python package on PyPI
(`ntbea` 0.0.2, 2018) returns no result from `run` and keeps a wrong minimum, so the
anchor is this file; it maximises, as the paper does.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence

Point = tuple[int, ...]


class NTupleLandscape:
    """Per-tuple statistics of the fitness of every evaluated point."""

    def __init__(self, dims: int, sizes: Sequence[int] = (1, 0), epsilon: float = 0.5) -> None:
        self.tuples = [
            combo
            for size in sizes
            for combo in itertools.combinations(range(dims), size if size else dims)
        ]
        self.stats: dict[tuple[tuple[int, ...], Point], list[float]] = {}
        self.evaluations = 0
        self.epsilon = epsilon
        self.sampled: set[Point] = set()

    def add(self, point: Point, fitness: float) -> None:
        """Record one evaluation of `point`."""
        self.evaluations += 1
        self.sampled.add(point)
        for tup in self.tuples:
            cell = self.stats.setdefault((tup, tuple(point[i] for i in tup)), [0.0, 0.0])
            cell[0] += 1
            cell[1] += fitness

    def mean(self, point: Point) -> float:
        """The mean over the tuples that have seen this point's values of their means."""
        means = [
            cell[1] / cell[0]
            for tup in self.tuples
            if (cell := self.stats.get((tup, tuple(point[i] for i in tup)))) is not None
        ]
        return sum(means) / len(means) if means else 0.0

    def explore(self, point: Point) -> float:
        """The mean over the tuples of the UCB1 exploration term of this point's values."""
        total = 0.0
        for tup in self.tuples:
            cell = self.stats.get((tup, tuple(point[i] for i in tup)))
            n = cell[0] if cell else 0.0
            total += math.sqrt(math.log(1 + self.evaluations) / (n + self.epsilon))
        return total / len(self.tuples)


def ntbea_landscape(
    evaluate: Callable[[Point], float],
    values: Sequence[int],
    budget: int,
    rng: random.Random,
    k_explore: float = 2.0,
    neighbours: int = 50,
) -> NTupleLandscape:
    """Maximise a noisy `evaluate` over points whose dimension `i` takes `values[i]`
    values; `budget` evaluations; the landscape model at the end (the recommendation is
    its sampled point of highest mean)."""
    dims = len(values)
    landscape = NTupleLandscape(dims)
    point: Point = tuple(rng.randrange(v) for v in values)
    for step in range(budget):
        if step:
            point = _next(landscape, point, values, rng, k_explore, neighbours)
        landscape.add(point, evaluate(point))
    return landscape


def _next(
    landscape: NTupleLandscape,
    point: Point,
    values: Sequence[int],
    rng: random.Random,
    k_explore: float,
    neighbours: int,
) -> Point:
    """The neighbour of highest upper confidence bound among `neighbours` mutants."""
    space = math.prod(values)
    seen: set[Point] = set()
    best, best_ucb = point, -math.inf
    for _ in range(min(neighbours, space - 1) * 4):
        if len(seen) >= min(neighbours, space - 1):
            break
        mutant = list(point)
        forced = rng.randrange(len(values))
        for dim, size in enumerate(values):
            if (dim == forced or rng.random() < 1 / len(values)) and size > 1:
                mutant[dim] = rng.choice([v for v in range(size) if v != point[dim]])
        candidate = tuple(mutant)
        if candidate in seen:
            continue
        seen.add(candidate)
        ucb = landscape.mean(candidate) + k_explore * landscape.explore(candidate)
        ucb += rng.random() * 1e-6
        if ucb > best_ucb:
            best, best_ucb = candidate, ucb
    return best
