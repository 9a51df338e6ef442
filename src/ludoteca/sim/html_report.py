"""The self-contained HTML balance report: charts as PNG data URIs, no network.

Each simulated setting gets the sections `seats`, `scores`, `length`, `actions`,
and when the game gives the data `points` (points by action type), `cards` (every
card of the deck) and `statistics` / `groups` (figures from `State.statistics()`;
keys `group.field` with a `group.rounds` become per-round rates, e.g. Toxicity's
characters; those of a group without `rounds` become a chart of means per game in
section `by-<group>`, e.g. Touch down's yards by play type). Two settings are
prefixed `a-` and `b-` and followed by `compare`.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.core import Game, i18n
from ludoteca.core.i18n import N_, _
from ludoteca.sim import charts
from ludoteca.sim.balance import BalanceStats, TestResult, compare_first_seat
from ludoteca.sim.usage import ACTION, CARD, POINTS, card_ids, card_label

SEAT_COLUMNS = (N_("seat"), N_("agent"), N_("wins"), N_("win rate"), N_("95% CI"), N_("mean score"))
CARD_COLUMNS = (N_("card"), N_("uses"), N_("games used (seat-games)"), N_("win rate when used"))
STYLE = """body{font-family:sans-serif;max-width:1000px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:3px 8px}
th{background:#eee}img{max-width:100%}.note{color:#555;font-size:90%}"""


@dataclass
class Setting:
    """One simulated rule setting: its label, configured game and totals."""

    label: str
    game: Game
    stats: BalanceStats


def group_rates(statistics: dict[str, float]) -> dict[str, dict[str, float]]:
    """`group.field` totals divided by `group.rounds` (Toxicity: each character's fates)."""
    rates: dict[str, dict[str, float]] = {}
    for key, value in statistics.items():
        group, dot, name = key.partition(".")
        rounds = statistics.get(f"{group}.rounds", 0.0)
        if dot and name != "rounds" and rounds > 0:
            rates.setdefault(group, {})[name] = value / rounds
    return rates


def group_means(statistics: dict[str, float], games: int) -> dict[str, dict[str, float]]:
    """`group.field` totals of groups without `group.rounds`, as means per game
    (Touch down: `yards.run`, `yards.pass`... are yards by play type)."""
    means: dict[str, dict[str, float]] = {}
    for key, value in statistics.items():
        group, dot, name = key.partition(".")
        if dot and f"{group}.rounds" not in statistics:
            means.setdefault(group, {})[name] = value / max(games, 1)
    return means


def _img(data: str, alt: str) -> str:
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _section(ident: str, title: str, *parts: str) -> str:
    return f'<section id="{ident}"><h2>{html.escape(title)}</h2>{"".join(parts)}</section>'


def _note(text: str) -> str:
    return f'<p class="note">{html.escape(text)}</p>'


def _percent(value: float) -> str:
    return i18n.format_percent(value)


def setting_sections(setting: Setting, prefix: str, agents: Sequence[str]) -> list[str]:
    """Every section of one setting's report."""
    stats, label = setting.stats, setting.label
    seat_rows = []
    for seat in range(stats.seats):
        low, high = stats.win_interval(seat)
        seat_rows.append(
            (
                seat,
                agents[seat],
                i18n.format_number(stats.wins[seat]),
                _percent(stats.win_rate(seat)),
                f"{_percent(low)} – {_percent(high)}",
                i18n.format_fixed(stats.mean_score(seat), 2),
            )
        )
    header = [_(column) for column in SEAT_COLUMNS]
    if stats.unfinished:
        draws = _note(
            _(
                "{games} games; draws {draws}; stopped unfinished by a limit in the options "
                "(no result, counted as not won) {unfinished}.",
                games=stats.games,
                draws=stats.draws,
                unfinished=stats.unfinished,
            )
        )
    else:
        draws = _note(_("{games} games; draws {draws}.", games=stats.games, draws=stats.draws))
    out = [
        _section(
            f"{prefix}seats",
            _("{label}: win rate by seat (first-player advantage)", label=label),
            _img(charts.seats_chart([(label, stats)]), _("win rate by seat")),
            _table(header, seat_rows),
            draws,
        ),
        _section(
            f"{prefix}scores",
            _("{label}: score distribution", label=label),
            _img(charts.scores_chart(stats), _("score distribution")),
        ),
        _section(
            f"{prefix}length",
            _("{label}: game length", label=label),
            _img(charts.length_chart(stats), _("game length distribution")),
        ),
    ]
    actions = stats.keys(ACTION)
    out.append(
        _section(
            f"{prefix}actions",
            _("{label}: action types — uses and win rate when used", label=label),
            _img(charts.usage_chart(stats, ACTION, actions, actions), _("action types")),
            _note(
                _(
                    "An action type is the part of the action before its first ':'. Win rate "
                    "when used: games the seat won among the games in which it used that type "
                    "at least once."
                )
            ),
        )
    )
    points = stats.keys(POINTS)
    if points:
        out.append(
            _section(
                f"{prefix}points",
                _("{label}: points by action type", label=label),
                _img(charts.points_chart(stats, POINTS, points), _("points by action type")),
                _note(
                    _(
                        "Each change of a seat's score is credited to the type of the action "
                        "that caused it (futebol: goals by action type)."
                    )
                ),
            )
        )
    cards = sorted(card_ids(setting.game))
    if cards:
        labels = [card_label(setting.game, c) for c in cards]
        rows = []
        for card, name in zip(cards, labels, strict=True):
            totals = stats.totals(CARD, card)
            used, won = sum(totals.games_used), sum(totals.wins_when_used)
            rate = _percent(won / used) if used else "–"
            rows.append((name, i18n.format_fixed(sum(totals.amount), 0), used, rate))
        out.append(
            _section(
                f"{prefix}cards",
                _("{label}: every card of the deck — uses and win rate when used", label=label),
                _img(charts.usage_chart(stats, CARD, cards, cards), _("card usage")),
                _table([_(column) for column in CARD_COLUMNS], rows),
            )
        )
    if stats.statistics:
        n = max(stats.games, 1)
        means = [(k, i18n.format_fixed(v / n, 3)) for k, v in sorted(stats.statistics.items())]
        parts = [_table((_("statistic"), _("mean per game")), means)]
        rates = group_rates(stats.statistics)
        title = _("{label}: game statistics", label=label)
        out.append(_section(f"{prefix}statistics", title, *parts))
        for group, by_type in sorted(group_means(stats.statistics, stats.games).items()):
            out.append(
                _section(
                    f"{prefix}by-{group}",
                    _("{label}: {group} by type (mean per game)", label=label, group=group),
                    _img(charts.means_chart(group, by_type), _("{group} by type", group=group)),
                )
            )
        if rates:
            out.append(
                _section(
                    f"{prefix}groups",
                    _(
                        "{label}: rates per round by group (Toxicity: each character's fate)",
                        label=label,
                    ),
                    _img(charts.groups_chart(rates), _("rates by group")),
                    _table(
                        (_("group"), *sorted({f for r in rates.values() for f in r})),
                        [
                            (g, *(_percent(v) for _key, v in sorted(rates[g].items())))
                            for g in sorted(rates)
                        ],
                    ),
                )
            )
    return out


def _test_row(what: str, test: TestResult, percent: bool) -> tuple[str, ...]:
    def show(value: float) -> str:
        return _percent(value) if percent else i18n.format_fixed(value, 3)

    verdict = _("yes") if test.significant else _("no")
    return (
        what,
        show(test.a),
        show(test.b),
        show(test.difference),
        i18n.format_fixed(test.z, 2),
        i18n.format_fixed(test.p_value, 4),
        verdict,
    )


def compare_section(a: Setting, b: Setting) -> str:
    """Both settings side by side, with the first seat's differences tested."""
    wins, score = compare_first_seat(a.stats, b.stats)
    table = _table(
        (
            _("seat 0"),
            f"A: {a.label}",
            f"B: {b.label}",
            "A − B",
            "z",
            _("p (two-sided)"),
            _("significant at 5%"),
        ),
        [_test_row(_("win rate"), wins, True), _test_row(_("mean score"), score, False)],
    )
    return _section(
        "compare",
        _("Comparison of the two settings"),
        _img(
            charts.seats_chart([(f"A: {a.label}", a.stats), (f"B: {b.label}", b.stats)]),
            _("win rate by seat, both settings"),
        ),
        table,
        _note(
            _(
                "Win rate: two-proportion z-test with the pooled proportion (draws count as "
                "not won). Mean score: two-sample z-test with Welch's standard error (normal "
                "approximation)."
            )
        ),
    )


def build_report(game: str, agents: Sequence[str], seed: int, settings: Sequence[Setting]) -> str:
    """The whole HTML document for one setting, or two compared."""
    prefixes = [""] if len(settings) == 1 else ["a-", "b-"]
    heading = _("Balance report: {game}", game=game)
    title = _("ludoteca balance: {game}", game=game)
    body = [
        f"<h1>{html.escape(heading)}</h1>",
        _note(
            _(
                "Agents by seat: {agents}; run seed {seed}; each game's seed is derived from "
                "the run seed and the game's index.",
                agents=", ".join(agents),
                seed=str(seed),
            )
        ),
    ]
    for setting, prefix in zip(settings, prefixes, strict=True):
        body.extend(setting_sections(setting, prefix, agents))
    if len(settings) == 2:
        body.append(compare_section(settings[0], settings[1]))
    return (
        f'<!DOCTYPE html><html lang="{i18n.current()}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title>"
        f"<style>{STYLE}</style></head>"
        f"<body>{''.join(body)}</body></html>\n"
    )
