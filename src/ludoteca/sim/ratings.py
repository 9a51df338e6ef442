"""Statistics of matches between agents: Wilson intervals and Bradley-Terry ratings."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) with no trials."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry(
    wins: Sequence[Sequence[float]], iterations: int = 10_000, tolerance: float = 1e-10
) -> list[float]:
    """Bradley-Terry strengths from `wins[i][j]` (i's wins over j; a draw counts 1/2 each).

    Hunter's MM algorithm (2004), with a prior of one draw against every other agent so
    that undefeated or winless agents keep finite strengths. Strengths have product 1.
    """
    k = len(wins)
    prior = 0.5
    games = [[wins[i][j] + wins[j][i] + 2 * prior for j in range(k)] for i in range(k)]
    won = [sum(wins[i][j] + prior for j in range(k) if j != i) for i in range(k)]
    strength = [1.0] * k
    for _ in range(iterations):
        updated = []
        for i in range(k):
            denominator = sum(games[i][j] / (strength[i] + strength[j]) for j in range(k) if j != i)
            updated.append(won[i] / denominator if denominator else strength[i])
        scale = math.exp(sum(math.log(s) for s in updated) / k)
        updated = [s / scale for s in updated]
        change = max(abs(a - b) for a, b in zip(updated, strength, strict=True))
        strength = updated
        if change < tolerance:
            break
    return strength


def elo_ratings(strengths: Sequence[float], anchor: float = 1500.0) -> list[float]:
    """Bradley-Terry strengths on the Elo scale (400 points = 10:1 odds), mean `anchor`."""
    return [anchor + 400 * math.log10(s) for s in strengths]
