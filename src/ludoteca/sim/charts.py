"""PNG charts of balance statistics (matplotlib, Agg backend), as base64 strings."""

from __future__ import annotations

import base64
import io
from collections import Counter
from collections.abc import Sequence

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ludoteca.core.i18n import _
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.effects import usage_effect

COLOURS = ("#3366aa", "#dd7722", "#339944", "#aa3333", "#7755aa", "#888833")


def png(figure: Figure) -> str:
    """The figure as a base64 PNG, then closed."""
    buffer = io.BytesIO()
    figure.tight_layout()
    figure.savefig(buffer, format="png", dpi=90)
    plt.close(figure)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _errors(rates: Sequence[float], intervals: Sequence[tuple[float, float]]) -> list[list[float]]:
    return [
        [max(0.0, r - low) for r, (low, _) in zip(rates, intervals, strict=True)],
        [max(0.0, high - r) for r, (_, high) in zip(rates, intervals, strict=True)],
    ]


def seats_chart(runs: Sequence[tuple[str, BalanceStats]]) -> str:
    """Win rate by seat with 95% Wilson intervals, one bar group per seat and run; the
    even share of each run is of its decided games (`BalanceStats.even_win_rate`)."""
    figure, axes = plt.subplots(figsize=(7, 3.6))
    seats = runs[0][1].seats
    width = 0.8 / len(runs)
    for k, (label, stats) in enumerate(runs):
        rates = [stats.win_rate(s) for s in range(seats)]
        intervals = [stats.win_interval(s) for s in range(seats)]
        xs = [s + (k - (len(runs) - 1) / 2) * width for s in range(seats)]
        axes.bar(
            xs,
            rates,
            width,
            yerr=_errors(rates, intervals),
            capsize=4,
            label=label,
            color=COLOURS[k % len(COLOURS)],
        )
    for k, (label, stats) in enumerate(runs):
        axes.axhline(
            stats.even_win_rate(),
            color="grey" if len(runs) == 1 else COLOURS[k % len(COLOURS)],
            linestyle="--",
            linewidth=1,
            label=_("even share") if len(runs) == 1 else _("even share, {run}", run=label),
        )
    axes.set_xticks(range(seats), [_("seat {seat}", seat=str(s)) for s in range(seats)])
    axes.set_ylabel(_("win rate (95% CI)"))
    axes.set_ylim(0, 1)
    axes.legend(fontsize=8)
    return png(figure)


def _counter_hist(axes: Axes, counts: Counter[float], label: str, colour: str) -> None:
    values = sorted(counts)
    total = sum(counts.values())
    axes.hist(
        values,
        bins=min(40, max(1, len(values))),
        weights=[counts[v] / total for v in values],
        histtype="step",
        linewidth=1.6,
        label=label,
        color=colour,
    )


def scores_chart(stats: BalanceStats) -> str:
    """The distribution of each seat's final score."""
    figure, axes = plt.subplots(figsize=(7, 3.4))
    for seat in range(stats.seats):
        colour = COLOURS[seat % len(COLOURS)]
        _counter_hist(axes, Counter(stats.scores[seat]), _("seat {seat}", seat=str(seat)), colour)
    axes.set_xlabel(_("final score"))
    axes.set_ylabel(_("share of games"))
    axes.legend(fontsize=8)
    return png(figure)


def length_chart(stats: BalanceStats) -> str:
    """The distribution of game length in actions."""
    figure, axes = plt.subplots(figsize=(7, 3.2))
    _counter_hist(
        axes, Counter({float(k): v for k, v in stats.lengths.items()}), _("all games"), COLOURS[0]
    )
    axes.set_xlabel(_("actions per game"))
    axes.set_ylabel(_("share of games"))
    return png(figure)


def usage_chart(
    stats: BalanceStats, prefix: str, names: Sequence[str], labels: Sequence[str]
) -> str:
    """Uses per game of each action type or card, and its effect on the chance that the
    seat using it wins, separated from the seat (`effects.usage_effect`, 95% CI; no bar
    where no seat both used it and went without it)."""
    height = max(2.6, 0.16 * len(names) + 1.2)
    figure, (uses, wins) = plt.subplots(1, 2, figsize=(10, height), sharey=True)
    per_game, shown, estimates, intervals = [], [], [], []
    for row, name in enumerate(names):
        totals = stats.totals(prefix, name)
        per_game.append(sum(totals.amount) / max(stats.games, 1))
        effect = usage_effect(stats, totals)
        if effect is not None:
            shown.append(row)
            estimates.append(effect.estimate)
            intervals.append((effect.low, effect.high))
    ys = list(range(len(names)))
    uses.barh(ys, per_game, color=COLOURS[0])
    uses.set_yticks(ys, labels, fontsize=7 if len(names) > 30 else 9)
    uses.set_ylim(len(names) - 0.5, -0.5)
    uses.set_xlabel(_("uses per game (all seats)"))
    errors = [
        [e - low for e, (low, _high) in zip(estimates, intervals, strict=True)],
        [high - e for e, (_low, high) in zip(estimates, intervals, strict=True)],
    ]
    wins.barh(shown, estimates, xerr=errors, color=COLOURS[1], capsize=2)
    wins.axvline(0, color="grey", linestyle="--", linewidth=1)
    reach = max([0.1, *(abs(v) for pair in intervals for v in pair)])
    wins.set_xlim(-min(1.0, reach * 1.05), min(1.0, reach * 1.05))
    wins.set_xlabel(_("effect on the user's chance to win (95% CI)"))
    return png(figure)


def points_chart(stats: BalanceStats, prefix: str, names: Sequence[str]) -> str:
    """Points (goals, touchdowns...) gained per game by each seat, by action type."""
    figure, axes = plt.subplots(figsize=(7, max(2.4, 0.35 * len(names) + 1)))
    width = 0.8 / stats.seats
    for seat in range(stats.seats):
        values = [stats.totals(prefix, n).amount[seat] / max(stats.games, 1) for n in names]
        ys = [i + (seat - (stats.seats - 1) / 2) * width for i in range(len(names))]
        axes.barh(
            ys,
            values,
            width,
            label=_("seat {seat}", seat=str(seat)),
            color=COLOURS[seat % len(COLOURS)],
        )
    axes.set_yticks(range(len(names)), names)
    axes.invert_yaxis()
    axes.set_xlabel(_("points per game"))
    axes.legend(fontsize=8)
    return png(figure)


def groups_chart(rates: dict[str, dict[str, float]]) -> str:
    """Rates per group (Toxicity: each character's door, trapdoor and death rates)."""
    groups = sorted(rates)
    fields = sorted({f for values in rates.values() for f in values})
    figure, axes = plt.subplots(figsize=(max(7.0, 0.6 * len(groups)), 3.4))
    width = 0.8 / max(len(fields), 1)
    for k, name in enumerate(fields):
        xs = [g + (k - (len(fields) - 1) / 2) * width for g in range(len(groups))]
        axes.bar(
            xs,
            [rates[g].get(name, 0.0) for g in groups],
            width,
            label=name,
            color=COLOURS[k % len(COLOURS)],
        )
    axes.set_xticks(range(len(groups)), groups, rotation=20 if len(groups) > 6 else 0)
    axes.set_ylabel(_("share of rounds"))
    axes.set_ylim(0, 1)
    axes.legend(fontsize=8)
    return png(figure)


def means_chart(group: str, means: dict[str, float]) -> str:
    """Means per game of one group's fields (Touch down: yards by play type)."""
    names = sorted(means, key=lambda name: -means[name])
    figure, axes = plt.subplots(figsize=(7, 3.4))
    axes.bar(range(len(names)), [means[n] for n in names], color=COLOURS[0])
    axes.set_xticks(range(len(names)), [n.replace("_", " ") for n in names], rotation=20)
    axes.set_ylabel(_("{group} per game", group=group))
    return png(figure)
