"""A card's or action type's effect on the seat that used it, separated from the seat.

"Win rate when used" mixes the key with the seat: when only the first seat holds a card,
its rate is the first seat's win rate whatever the card does. The effect compares, seat
by seat, the games in which the seat used the key with the games in which it did not,
and pools the seats' differences with Mantel-Haenszel weights, `n1 n0 / (n1 + n0)`
(the stratified risk difference, Greenland and Robins 1985). Its variance is the
weighted sum of the seats' variances, each with Agresti and Caffo's (2000) one win and
one loss added to both groups, so that a group that always or never won still has one;
the interval is the normal one. A seat that used the key in every game, or never, has
nothing to compare and adds nothing: a key some seat used in every game of the run has
no effect to show. It is an association, not a cause: a seat may play a card because it
is winning.

`seen` is the smallest effect the run sees with 80% power (two-sided 5%): the interval's
standard error times 2.80. Halving it takes four times the games.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

from ludoteca.sim.balance import BalanceStats, KeyTotals
from ludoteca.sim.ratings import Z95

POWER = NormalDist().inv_cdf(0.975) + NormalDist().inv_cdf(0.8)
"""Standard errors between no effect and the smallest effect seen at 80% power."""


@dataclass(frozen=True)
class Effect:
    """A key's effect on its user's chance to win, in win-rate points (a fraction)."""

    estimate: float
    low: float
    high: float
    seen: float
    """The smallest effect this run sees with 80% power."""
    strata: int
    """Seats that both used the key in some games and not in others."""


def usage_effect(stats: BalanceStats, totals: KeyTotals) -> Effect | None:
    """The key's effect on the chance that the seat using it wins (None: no seat both
    used it and went without it)."""
    weight_sum = weighted = variance = 0.0
    strata = 0
    for seat in range(stats.seats):
        used = totals.games_used[seat]
        unused = stats.games - used
        if not used or not unused:
            continue
        won_used = totals.wins_when_used[seat]
        won_unused = stats.wins[seat] - won_used
        weight = used * unused / stats.games
        weight_sum += weight
        weighted += weight * (won_used / used - won_unused / unused)
        variance += weight * weight * (_spread(won_used, used) + _spread(won_unused, unused))
        strata += 1
    if not strata:
        return None
    estimate = weighted / weight_sum
    error = math.sqrt(variance) / weight_sum
    return Effect(estimate, estimate - Z95 * error, estimate + Z95 * error, POWER * error, strata)


def _spread(won: int, games: int) -> float:
    """The variance of a win rate, with Agresti and Caffo's one win and one loss added."""
    rate = (won + 1) / (games + 2)
    return rate * (1 - rate) / (games + 2)
