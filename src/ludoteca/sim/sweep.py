"""A parameter sweep drawn as curves: settings that differ in one number only.

`ludoteca balance futebol --compare goals=1 --compare goals=2 --compare goals=3 ...`
is a sweep of `goals`. The comparison then also draws, against that number, the first
seat's share of the decided games (95% Wilson interval, the even share dashed), the
share of games drawn or unfinished, and the mean game length (95% interval), so a
designer reads a trend instead of a table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import matplotlib.pyplot as plt

from ludoteca.core.i18n import _
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.charts import COLOURS, png

MIN_POINTS = 3


def sweep_of(labels: Sequence[str]) -> tuple[str, list[float]] | None:
    """The option swept and its values, when every label is `name=number` with one same
    name and distinct numbers, at least `MIN_POINTS` of them; None otherwise."""
    names, values = set(), []
    for label in labels:
        name, equals, value = label.partition("=")
        if not equals or "," in label:
            return None
        try:
            number = float(value)
        except ValueError:
            return None
        if not math.isfinite(number):
            return None
        names.add(name.strip())
        values.append(number)
    if len(names) != 1 or len(set(values)) != len(values) or len(values) < MIN_POINTS:
        return None
    return names.pop(), values


def sweep_chart(name: str, values: Sequence[float], runs: Sequence[BalanceStats]) -> str:
    """The sweep's curves: the first seat's decided share and the undecided share (left),
    the mean length (right), each against the swept value."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    xs = [values[i] for i in order]
    stats = [runs[i] for i in order]
    figure, (shares, lengths) = plt.subplots(1, 2, figsize=(9, 3.4))
    share = [s.decided_share(0) for s in stats]
    bounds = [s.decided_interval(0) for s in stats]
    shares.fill_between(
        xs, [b[0] for b in bounds], [b[1] for b in bounds], alpha=0.2, color=COLOURS[0]
    )
    shares.plot(
        xs, share, marker="o", color=COLOURS[0], label=_("first seat's share of the decided games")
    )
    undecided = [(s.games - s.decided) / s.games if s.games else 0.0 for s in stats]
    shares.plot(xs, undecided, marker="s", color=COLOURS[1], label=_("drawn or unfinished"))
    shares.axhline(1 / stats[0].seats, linestyle="--", color="#555", linewidth=1)
    shares.set_ylim(0, 1)
    shares.set_xlabel(name)
    shares.set_ylabel(_("share of games"))
    shares.legend(fontsize=8)
    means = [s.mean_length() for s in stats]
    spread = [1.96 * math.sqrt(s.length_variance() / s.games) if s.games else 0.0 for s in stats]
    lengths.errorbar(xs, means, yerr=spread, marker="o", capsize=4, color=COLOURS[2])
    lengths.set_xlabel(name)
    lengths.set_ylabel(_("mean game length (steps)"))
    return png(figure)
