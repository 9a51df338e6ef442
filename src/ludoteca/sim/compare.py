"""Settings compared with tests a designer can trust.

Each setting after the first (the baseline, A) is compared with A on:
- the first seat's win rate: two-proportion z-test (pooled), and Newcombe's hybrid score
  interval for the difference (Newcombe 1998, method 10, from the two Wilson intervals);
- game length: the Mann-Whitney U test (`scipy.stats.mannwhitneyu`, two-sided), the
  difference of the mean lengths with a Welch interval;
- the first seat's score margin (its score minus the best other seat's): Welch's z-test
  and interval;
- the win rate when used of every action type and card both settings used in at least
  `MIN_USES` seat-games: two-proportion tests and Newcombe intervals. A key every seat
  used in every game of both settings is left out: its rate is the decided games'
  share, 1/seats without draws, whatever the key does.

The first seat's win rate is the study's question (what `balance --plan` plans for):
its p-values form one family, adjusted with Holm's step-down method (Holm 1979) over the
settings compared, so a comparison of two settings tests it at 5% with the power the
plan promises. Every other row is exploratory: those p-values form a second family,
adjusted together the same way, so "significant" there holds at 5% for all of them
however many rows there are.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from scipy.stats import mannwhitneyu

from ludoteca.core.i18n import N_
from ludoteca.sim.balance import BalanceStats, mean_difference_test, two_proportion_test
from ludoteca.sim.ratings import Z95, wilson_interval
from ludoteca.sim.usage import ACTION, CARD

MIN_USES = 20
"""A usage key is compared only when both settings used it in this many seat-games."""
ALPHA = 0.05

FIRST_SEAT = N_("first seat's win rate")
LENGTH = N_("game length (steps)")
MARGIN = N_("first seat's score margin")
USAGE = {ACTION: N_("action type"), CARD: N_("card")}


@dataclass
class Row:
    """One difference between setting `b` and the baseline `a`."""

    setting: str
    metric: str
    key: str
    a: float
    b: float
    low: float
    high: float
    test: str
    p_value: float
    p_adjusted: float = 1.0

    @property
    def difference(self) -> float:
        """B minus A."""
        return self.b - self.a

    @property
    def primary(self) -> bool:
        """True for the study's question, the first seat's win rate."""
        return self.metric == FIRST_SEAT

    @property
    def significant(self) -> bool:
        """True when the Holm-adjusted p-value is below 5%."""
        return self.p_adjusted < ALPHA


def newcombe(wins_a: float, n_a: int, wins_b: float, n_b: int) -> tuple[float, float]:
    """Newcombe's 95% interval for p_B - p_A from the two Wilson intervals."""
    p_a, p_b = wins_a / n_a, wins_b / n_b
    low_a, high_a = wilson_interval(wins_a, n_a)
    low_b, high_b = wilson_interval(wins_b, n_b)
    d = p_b - p_a
    return (
        d - math.sqrt((p_b - low_b) ** 2 + (high_a - p_a) ** 2),
        d + math.sqrt((high_b - p_b) ** 2 + (p_a - low_a) ** 2),
    )


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [1.0] * len(p_values)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def _proportion(
    setting: str, metric: str, key: str, won: tuple[float, float], n: tuple[int, int]
) -> Row:
    test = two_proportion_test(int(won[0]), n[0], int(won[1]), n[1])
    low, high = newcombe(won[0], n[0], won[1], n[1])
    return Row(setting, metric, key, won[0] / n[0], won[1] / n[1], low, high, "z", test.p_value)


def _lengths(stats: BalanceStats) -> list[int]:
    return [length for length, count in stats.lengths.items() for _ in range(count)]


def _mean_row(
    setting: str,
    metric: str,
    means: tuple[float, float],
    variances: tuple[float, float],
    n: tuple[int, int],
    test_name: str,
    p_value: float | None = None,
) -> Row:
    test = mean_difference_test(means[0], variances[0], n[0], means[1], variances[1], n[1])
    half = Z95 * math.sqrt(variances[0] / n[0] + variances[1] / n[1])
    d = means[1] - means[0]
    p = test.p_value if p_value is None else p_value
    return Row(setting, metric, "", means[0], means[1], d - half, d + half, test_name, p)


def _every_game(stats: BalanceStats, used: Sequence[int]) -> bool:
    """True when every seat used a key in every game."""
    return all(count == stats.games for count in used)


def compare(labels: Sequence[str], runs: Sequence[BalanceStats]) -> list[Row]:
    """Every setting after the first against the first; p-values Holm-adjusted within
    the question's family and within the exploratory one (`Row.primary`)."""
    base = runs[0]
    rows: list[Row] = []
    for label, other in zip(labels[1:], runs[1:], strict=True):
        n = (base.games, other.games)
        rows.append(_proportion(label, FIRST_SEAT, "", (base.wins[0], other.wins[0]), n))
        lengths = (_lengths(base), _lengths(other))
        u_test = mannwhitneyu(lengths[0], lengths[1], alternative="two-sided")
        rows.append(
            _mean_row(
                label,
                LENGTH,
                (base.mean_length(), other.mean_length()),
                (base.length_variance(), other.length_variance()),
                n,
                "Mann-Whitney U",
                float(u_test.pvalue),
            )
        )
        rows.append(
            _mean_row(
                label,
                MARGIN,
                (base.mean_margin(), other.mean_margin()),
                (base.margin_variance(), other.margin_variance()),
                n,
                "Welch z",
            )
        )
        for prefix in (ACTION, CARD):
            for key in sorted(set(base.keys(prefix)) & set(other.keys(prefix))):
                a, b = base.totals(prefix, key), other.totals(prefix, key)
                used = (sum(a.games_used), sum(b.games_used))
                if min(used) < MIN_USES or (
                    _every_game(base, a.games_used) and _every_game(other, b.games_used)
                ):
                    continue
                won = (float(sum(a.wins_when_used)), float(sum(b.wins_when_used)))
                rows.append(_proportion(label, USAGE[prefix], key, won, used))
    for primary in (True, False):
        family = [row for row in rows if row.primary == primary]
        for row, adjusted in zip(family, holm([r.p_value for r in family]), strict=True):
            row.p_adjusted = adjusted
    return rows
