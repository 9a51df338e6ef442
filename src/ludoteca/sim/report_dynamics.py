"""The report's `dynamics` section: the score over time, lead changes and comebacks.

Its figures come from `dynamics.ScoreTrace` (traced with each game's usage): the mean
score of each seat after each tenth of a game, how often the lead changed hands, how
often the winner came from behind, and how often the leader at halfway won.
"""

from __future__ import annotations

import matplotlib.pyplot as plt

from ludoteca.core import i18n
from ludoteca.core.i18n import N_, _
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.charts import COLOURS, png
from ludoteca.sim.dynamics import TENTHS, TRAIL, checkpoint_key
from ludoteca.sim.html_parts import img, note, percent, section, table
from ludoteca.sim.ratings import wilson_interval

SEAT_COLUMNS = (
    N_("seat"),
    N_("games it trailed"),
    N_("won after trailing (95% CI)"),
    N_("largest deficit (mean a game)"),
)


def score_chart(stats: BalanceStats) -> str:
    """Each seat's mean score after each tenth of a game."""
    figure, axes = plt.subplots(figsize=(7, 3.4))
    xs = [k / TENTHS for k in range(1, TENTHS + 1)]
    games = max(stats.games, 1)
    totals = [stats.totals("", checkpoint_key(k)) for k in range(1, TENTHS + 1)]
    for seat in range(stats.seats):
        means = [at.amount[seat] / games for at in totals]
        axes.plot(
            xs,
            means,
            marker="o",
            label=_("seat {seat}", seat=str(seat)),
            color=COLOURS[seat % len(COLOURS)],
        )
    axes.set_xlabel(_("share of the game's actions played"))
    axes.set_ylabel(_("mean score"))
    axes.set_xlim(0, 1.02)
    axes.legend(fontsize=8)
    return png(figure)


def _rate(count: int, total: int) -> str:
    """`count` of `total` as a percent with its 95% Wilson interval ('–' for none)."""
    if not total:
        return "–"
    low, high = wilson_interval(count, total)
    return _(
        "{rate} of {total} ({low}–{high})",
        rate=percent(count / total),
        total=i18n.format_number(total),
        low=percent(low),
        high=percent(high),
    )


def dynamics_section(stats: BalanceStats, prefix: str, label: str) -> list[str]:
    """The section, or nothing when no game was traced or no score ever moved."""
    dyn = stats.dynamics
    moved = any(stats.totals("", TRAIL).amount)
    if not dyn.games or not moved:
        return []
    changed, games = dyn.share_with_change()
    figures = [
        (_("lead changes a game (mean)"), i18n.format_fixed(dyn.mean_lead_changes(), 2)),
        (_("games where the lead changed hands"), _rate(changed, games)),
        (
            _("the winner came from behind (of the decided games)"),
            _rate(dyn.comebacks, dyn.decided),
        ),
        (
            _("the leader at halfway won (of the decided games with one)"),
            _rate(dyn.half_leader_won, dyn.half_leads),
        ),
    ]
    rows = []
    trailed = stats.totals("", TRAIL)
    for seat in range(stats.seats):
        rows.append(
            (
                seat,
                i18n.format_number(trailed.games_used[seat]),
                _rate(trailed.wins_when_used[seat], trailed.games_used[seat]),
                i18n.format_fixed(trailed.amount[seat] / max(stats.games, 1), 2),
            )
        )
    return [
        section(
            f"{prefix}dynamics",
            _("{label}: the score over time, lead changes and comebacks", label=label),
            img(score_chart(stats), _("mean score over the game")),
            table((_("figure"), _("value (95% CI)")), figures),
            table([_(column) for column in SEAT_COLUMNS], rows),
            note(
                _(
                    "The lead is the highest score held alone; a tie holds none, and the "
                    "first lead of a game is no change. A seat trails while another has more."
                )
            ),
        )
    ]
