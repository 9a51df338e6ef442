"""Balance statistics of a run: seats, distributions, usage, and two settings compared.

`BalanceStats` totals records as they stream in, keeping counters rather than the
records, so its memory does not grow with the number of games. The comparison of two
settings uses the two-proportion z-test (pooled) for the first seat's win rate and a
two-sample z-test (Welch's statistic with the normal approximation, sound for the
hundreds of games a balance run plays) for its mean score.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from dataclasses import dataclass, field

from ludoteca.sim.dynamics import Dynamics
from ludoteca.sim.parallel import GameRecord
from ludoteca.sim.ratings import wilson_interval
from ludoteca.sim.usage import ACTION, CARD, POINTS


@dataclass
class KeyTotals:
    """One usage key (an action type, a card, points of a type) totalled per seat."""

    amount: list[float]
    games_used: list[int]
    wins_when_used: list[int]


@dataclass
class BalanceStats:
    """A run's totals for a balance report."""

    seats: int
    games: int = 0
    draws: int = 0
    unfinished: int = 0
    """Games stopped by a limit in the options: neither won nor drawn."""
    wins: list[int] = field(default_factory=list)
    score_sum: list[float] = field(default_factory=list)
    score_squares: list[float] = field(default_factory=list)
    scores: list[Counter[float]] = field(default_factory=list)
    lengths: Counter[int] = field(default_factory=Counter)
    fingerprint: str = ""
    """A digest of every game's winner, scores and length, in order: two settings with
    the same fingerprint played the very same games."""
    margin_sum: float = 0.0
    margin_squares: float = 0.0
    """The first seat's score minus the best other seat's, summed (and squared) per game."""
    usage: dict[str, KeyTotals] = field(default_factory=dict)
    statistics: dict[str, float] = field(default_factory=dict)
    dynamics: Dynamics = field(init=False)
    """Lead changes, comebacks and the halfway leader's fate (games traced with usage)."""

    def __post_init__(self) -> None:
        self.dynamics = Dynamics(self.seats)
        self.wins = [0] * self.seats
        self.score_sum = [0.0] * self.seats
        self.score_squares = [0.0] * self.seats
        self.scores = [Counter() for _ in range(self.seats)]

    def add(self, record: GameRecord) -> None:
        """Count one game."""
        self.games += 1
        if record.unfinished:
            self.unfinished += 1
        elif record.winner is None:
            self.draws += 1
        else:
            self.wins[record.winner] += 1
        for seat, score in enumerate(record.scores):
            self.score_sum[seat] += score
            self.score_squares[seat] += score * score
            self.scores[seat][score] += 1
        self.lengths[record.steps] += 1
        outcome = f"{self.fingerprint}|{record.winner}|{record.scores}|{record.steps}"
        self.fingerprint = hashlib.blake2b(outcome.encode(), digest_size=16).hexdigest()
        if len(record.scores) > 1:
            margin = record.scores[0] - max(record.scores[1:])
            self.margin_sum += margin
            self.margin_squares += margin * margin
        for key, amounts in record.usage.items():
            totals = self.usage.get(key)
            if totals is None:
                zeros = [0] * self.seats
                totals = self.usage[key] = KeyTotals([0.0] * self.seats, zeros, list(zeros))
            for seat, amount in enumerate(amounts):
                totals.amount[seat] += amount
                if amount:
                    totals.games_used[seat] += 1
                    totals.wins_when_used[seat] += record.winner == seat
        for key, value in record.statistics.items():
            self.statistics[key] = self.statistics.get(key, 0.0) + value
        self.dynamics.add(record.winner, record.usage)

    def win_rate(self, seat: int) -> float:
        """The share of games `seat` won."""
        return self.wins[seat] / self.games if self.games else 0.0

    def win_interval(self, seat: int) -> tuple[float, float]:
        """The 95% Wilson interval of `seat`'s win rate."""
        return wilson_interval(self.wins[seat], self.games)

    @property
    def decided(self) -> int:
        """Games some seat won: neither drawn nor stopped unfinished."""
        return sum(self.wins)

    def decided_share(self, seat: int) -> float:
        """`seat`'s share of the decided games: 1/seats when no seat is favoured, however
        many games are drawn (a win rate then lies below 1/seats)."""
        return self.wins[seat] / self.decided if self.decided else 0.0

    def decided_interval(self, seat: int) -> tuple[float, float]:
        """The 95% Wilson interval of `seat`'s share of the decided games."""
        return wilson_interval(self.wins[seat], self.decided)

    def even_win_rate(self) -> float:
        """The win rate every seat would have if none were favoured: the share of games
        decided, split evenly among the seats."""
        return self.decided / self.games / self.seats if self.games else 1 / self.seats

    def mean_score(self, seat: int) -> float:
        """`seat`'s mean score per game."""
        return self.score_sum[seat] / self.games if self.games else 0.0

    def score_variance(self, seat: int) -> float:
        """The sample variance of `seat`'s score (0 with fewer than two games)."""
        return _variance(self.score_sum[seat], self.score_squares[seat], self.games)

    def mean_length(self) -> float:
        """The mean game length in steps."""
        return sum(k * v for k, v in self.lengths.items()) / self.games if self.games else 0.0

    def length_variance(self) -> float:
        """The sample variance of the game length."""
        total = sum(k * v for k, v in self.lengths.items())
        squares = sum(k * k * v for k, v in self.lengths.items())
        return _variance(total, squares, self.games)

    def mean_margin(self) -> float:
        """The first seat's mean score margin over the best other seat."""
        return self.margin_sum / self.games if self.games else 0.0

    def margin_variance(self) -> float:
        """The sample variance of the first seat's score margin."""
        return _variance(self.margin_sum, self.margin_squares, self.games)

    def keys(self, prefix: str) -> list[str]:
        """The usage keys of one kind (`action:`, `card:`, `points:`), prefix removed."""
        return sorted(k[len(prefix) :] for k in self.usage if k.startswith(prefix))

    def totals(self, prefix: str, name: str) -> KeyTotals:
        """The totals of one usage key (zeros if it never occurred)."""
        zeros = [0] * self.seats
        return self.usage.get(prefix + name, KeyTotals([0.0] * self.seats, zeros, list(zeros)))


KINDS = (ACTION, CARD, POINTS)


def _variance(total: float, squares: float, n: int) -> float:
    """The sample variance from a sum and a sum of squares (0 with fewer than two)."""
    if n < 2:
        return 0.0
    mean = total / n
    return max(0.0, (squares - n * mean * mean) / (n - 1))


@dataclass(frozen=True)
class TestResult:
    """A two-sided test of a difference between settings A and B."""

    a: float
    b: float
    difference: float
    z: float
    p_value: float

    @property
    def significant(self) -> bool:
        """True when the difference is significant at the 5% level."""
        return self.p_value < 0.05


def _test(a: float, b: float, se: float) -> TestResult:
    """The z statistic of `a - b` with standard error `se`, and its two-sided p-value."""
    if se == 0:  # no variation at all: any difference is certain
        return TestResult(
            a, b, a - b, 0.0 if a == b else math.copysign(math.inf, a - b), 1.0 if a == b else 0.0
        )
    z = (a - b) / se
    return TestResult(a, b, a - b, z, math.erfc(abs(z) / math.sqrt(2)))


def two_proportion_test(wins_a: float, n_a: int, wins_b: float, n_b: int) -> TestResult:
    """Two-proportion z-test with the pooled proportion: is p_A - p_B nonzero?"""
    p_a, p_b = wins_a / n_a, wins_b / n_b
    pooled = (wins_a + wins_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    return _test(p_a, p_b, se)


def mean_difference_test(
    mean_a: float, var_a: float, n_a: int, mean_b: float, var_b: float, n_b: int
) -> TestResult:
    """Two-sample z-test of means (Welch's statistic, normal approximation)."""
    se = math.sqrt(var_a / n_a + var_b / n_b)
    return _test(mean_a, mean_b, se)


def compare_first_seat(a: BalanceStats, b: BalanceStats) -> tuple[TestResult, TestResult]:
    """Seat 0's win rate and mean score under settings A and B, each difference tested."""
    wins = two_proportion_test(a.wins[0], a.games, b.wins[0], b.games)
    score = mean_difference_test(
        a.mean_score(0), a.score_variance(0), a.games, b.mean_score(0), b.score_variance(0), b.games
    )
    return wins, score
