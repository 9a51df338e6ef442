"""The balance report's study sections: who played and how strong they are, what makes
the figures doubtful, how the study stopped, and the settings compared (`compare.py`)."""

from __future__ import annotations

import html
from collections.abc import Sequence

from ludoteca.core import i18n
from ludoteca.core.i18n import _
from ludoteca.sim import charts
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.compare import Row
from ludoteca.sim.html_parts import img as _img
from ludoteca.sim.html_parts import note as _note
from ludoteca.sim.html_parts import percent as _percent
from ludoteca.sim.html_parts import section as _section
from ludoteca.sim.html_parts import table as _table
from ludoteca.sim.study import Study, smallest_change
from ludoteca.sim.sweep import sweep_chart, sweep_of


def warnings_section(study: Study) -> list[str]:
    """A section naming what makes the figures doubtful (none when nothing does)."""
    if not study.warnings:
        return []
    return [
        _section("warnings", _("Read with care"), *(_note(w, "warning") for w in study.warnings))
    ]


def agents_section(study: Study, games: int, settings: int) -> str:
    """Who played, how strong they are, and what change the study could see."""
    level = _("level {level}", level=study.level) if study.level else _("agents chosen by hand")
    parts = [
        _note(
            _(
                "Agents by seat: {agents} ({level}).",
                agents=", ".join(study.agents),
                level=level,
            )
        )
    ]
    if study.strengths:
        rows = [
            (
                s.agent,
                s.opponent,
                s.games,
                _percent(s.score_rate),
                f"{_percent(s.interval[0])} – {_percent(s.interval[1])}",
            )
            for s in study.strengths
        ]
        header = (_("agent"), _("against"), _("games"), _("score rate"), _("95% CI"))
        parts.append(_table(header, rows))
        parts.append(
            _note(
                _(
                    "Seats rotated. Score rate: how often the agent finished ahead of its "
                    "opponent where one of them did (a tie for the win counts half), 50% for "
                    "equals at any number of seats. An agent well above 50% against random "
                    "plays with purpose; the study's figures are about games played that well."
                )
            )
        )
    change = smallest_change(games, 1 / max(2, len(study.agents)), settings > 1)
    parts.append(
        _note(
            _(
                "With {games} games a setting, the smallest change of the first seat's win "
                "rate this study sees (95% confidence, 80% power) is {points} points.",
                games=games,
                points=f"{100 * change:.1f}",
            )
        )
    )
    if study.stopped:
        parts.append(_note(study.stopped))
    return _section("agents", _("Who played, and how strong"), *parts)


def _show(row: Row, value: float) -> str:
    if row.test == "z":
        return _percent(value)
    return i18n.format_fixed(value, 2)


def format_p(value: float) -> str:
    """A p-value in the reader's number format (`< 0.0001` below that)."""
    return "< " + i18n.format_fixed(0.0001, 4) if value < 0.0001 else i18n.format_fixed(value, 4)


def _cells(row: Row) -> tuple[str, ...]:
    return (
        _show(row, row.a),
        _show(row, row.b),
        f"{_show(row, row.difference)} ({_show(row, row.low)} – {_show(row, row.high)})",
        row.test,
        format_p(row.p_value),
        format_p(row.p_adjusted),
        _("yes") if row.significant else _("no"),
    )


def compare_section(labels: Sequence[str], runs: Sequence[BalanceStats], rows: list[Row]) -> str:
    """Every setting against the first: the headline measures, then the win rate when
    used of each action type and card, most telling first; the first seat's win rate
    Holm-adjusted on its own, the exploratory rows together (`compare.compare`)."""
    named = {label: f"{chr(65 + i)}: {label}" for i, label in enumerate(labels)}
    tail = (
        "A",
        _("this setting"),
        _("difference (95% CI)"),
        _("test"),
        "p",
        _("p (Holm)"),
        _("significant at 5%"),
    )
    headline = [(named[r.setting], _(r.metric), *_cells(r)) for r in rows if not r.key]
    usage = sorted((r for r in rows if r.key), key=lambda r: (r.p_adjusted, -abs(r.difference)))
    usage_rows = [(named[r.setting], _(r.metric), r.key, *_cells(r)) for r in usage]
    parts = [
        _note(
            _(
                "The settings: {settings}. Each is compared with A.",
                settings="; ".join(named.values()),
            )
        ),
        _img(
            charts.seats_chart(
                [(named[label], stats) for label, stats in zip(labels, runs, strict=True)]
            ),
            _("win rate by seat, every setting"),
        ),
        _table((_("setting"), _("measure"), *tail), headline),
    ]
    swept = sweep_of(labels)
    if swept is not None:
        name, values = swept
        parts.insert(
            2,
            _img(
                sweep_chart(name, values, runs),
                _("the sweep of {name}: shares and length", name=name),
            ),
        )
    if usage_rows:
        title = _("Win rate when used, most telling first")
        parts.append(f"<h3>{html.escape(title)}</h3>")
        parts.append(_table((_("setting"), _("kind"), _("name"), *tail), usage_rows))
    parts.append(
        _note(
            _(
                "Each setting against A. Win rates: two-proportion z-test (pooled; draws count"
                " as not won) with Newcombe's interval for the difference. Game length: "
                "Mann-Whitney U test, with a Welch interval for the difference of the means. "
                "Score margin (the first seat's score minus the best other seat's): Welch's "
                "z-test. Win rate when used: action types and cards used in at least 20 "
                "seat-games under both settings, leaving out those every seat used in every "
                "game. The first seat's win rate is the study's question: its p-values are "
                "adjusted by Holm's method over the settings compared only, so the power "
                "--plan promises holds. The other rows are exploratory, adjusted together by "
                "Holm's method: 'significant' there holds at 5% for all of them at once."
            )
        )
    )
    return _section("compare", _("Comparison of the settings"), *parts)
