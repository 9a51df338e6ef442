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

from ludoteca.core import Game
from ludoteca.sim import charts
from ludoteca.sim.balance import BalanceStats, TestResult, compare_first_seat
from ludoteca.sim.usage import ACTION, CARD, POINTS, card_ids, card_label

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
                stats.wins[seat],
                f"{stats.win_rate(seat):.1%}",
                f"{low:.1%} – {high:.1%}",
                f"{stats.mean_score(seat):.2f}",
            )
        )
    header = ("seat", "agent", "wins", "win rate", "95% CI", "mean score")
    stopped = ""
    if stats.unfinished:
        stopped = (
            f"; stopped unfinished by a limit in the options (no result, counted as not "
            f"won) {stats.unfinished}"
        )
    draws = f'<p class="note">{stats.games} games; draws {stats.draws}{stopped}.</p>'
    out = [
        _section(
            f"{prefix}seats",
            f"{label}: win rate by seat (first-player advantage)",
            _img(charts.seats_chart([(label, stats)]), "win rate by seat"),
            _table(header, seat_rows),
            draws,
        ),
        _section(
            f"{prefix}scores",
            f"{label}: score distribution",
            _img(charts.scores_chart(stats), "score distribution"),
        ),
        _section(
            f"{prefix}length",
            f"{label}: game length",
            _img(charts.length_chart(stats), "game length distribution"),
        ),
    ]
    actions = stats.keys(ACTION)
    out.append(
        _section(
            f"{prefix}actions",
            f"{label}: action types — uses and win rate when used",
            _img(charts.usage_chart(stats, ACTION, actions, actions), "action types"),
            '<p class="note">An action type is the part of the action before its first '
            "':'. Win rate when used: games the seat won among the games in which it "
            "used that type at least once.</p>",
        )
    )
    points = stats.keys(POINTS)
    if points:
        out.append(
            _section(
                f"{prefix}points",
                f"{label}: points by action type",
                _img(charts.points_chart(stats, POINTS, points), "points by action type"),
                '<p class="note">Each change of a seat\'s score is credited to the type of '
                "the action that caused it (futebol: goals by action type).</p>",
            )
        )
    cards = sorted(card_ids(setting.game))
    if cards:
        labels = [card_label(setting.game, c) for c in cards]
        rows = []
        for card, name in zip(cards, labels, strict=True):
            totals = stats.totals(CARD, card)
            used, won = sum(totals.games_used), sum(totals.wins_when_used)
            rate = f"{won / used:.1%}" if used else "–"
            rows.append((name, f"{sum(totals.amount):.0f}", used, rate))
        out.append(
            _section(
                f"{prefix}cards",
                f"{label}: every card of the deck — uses and win rate when used",
                _img(charts.usage_chart(stats, CARD, cards, cards), "card usage"),
                _table(("card", "uses", "games used (seat-games)", "win rate when used"), rows),
            )
        )
    if stats.statistics:
        n = max(stats.games, 1)
        means = [(k, f"{v / n:.3f}") for k, v in sorted(stats.statistics.items())]
        parts = [_table(("statistic", "mean per game"), means)]
        rates = group_rates(stats.statistics)
        section = _section(f"{prefix}statistics", f"{label}: game statistics", *parts)
        out.append(section)
        for group, by_type in sorted(group_means(stats.statistics, stats.games).items()):
            out.append(
                _section(
                    f"{prefix}by-{group}",
                    f"{label}: {group} by type (mean per game)",
                    _img(charts.means_chart(group, by_type), f"{group} by type"),
                )
            )
        if rates:
            out.append(
                _section(
                    f"{prefix}groups",
                    f"{label}: rates per round by group (Toxicity: each character's fate)",
                    _img(charts.groups_chart(rates), "rates by group"),
                    _table(
                        ("group", *sorted({f for r in rates.values() for f in r})),
                        [
                            (g, *(f"{v:.1%}" for _, v in sorted(rates[g].items())))
                            for g in sorted(rates)
                        ],
                    ),
                )
            )
    return out


def _test_row(what: str, test: TestResult, percent: bool) -> tuple[str, ...]:
    def show(value: float) -> str:
        return f"{value:.1%}" if percent else f"{value:.3f}"

    verdict = "yes" if test.significant else "no"
    return (
        what,
        show(test.a),
        show(test.b),
        show(test.difference),
        f"{test.z:.2f}",
        f"{test.p_value:.4f}",
        verdict,
    )


def compare_section(a: Setting, b: Setting) -> str:
    """Both settings side by side, with the first seat's differences tested."""
    wins, score = compare_first_seat(a.stats, b.stats)
    table = _table(
        (
            "seat 0",
            f"A: {a.label}",
            f"B: {b.label}",
            "A − B",
            "z",
            "p (two-sided)",
            "significant at 5%",
        ),
        [_test_row("win rate", wins, True), _test_row("mean score", score, False)],
    )
    return _section(
        "compare",
        "Comparison of the two settings",
        _img(
            charts.seats_chart([(f"A: {a.label}", a.stats), (f"B: {b.label}", b.stats)]),
            "win rate by seat, both settings",
        ),
        table,
        '<p class="note">Win rate: two-proportion z-test with the pooled proportion '
        "(draws count as not won). Mean score: two-sample z-test with Welch's standard "
        "error (normal approximation).</p>",
    )


def build_report(game: str, agents: Sequence[str], seed: int, settings: Sequence[Setting]) -> str:
    """The whole HTML document for one setting, or two compared."""
    prefixes = [""] if len(settings) == 1 else ["a-", "b-"]
    body = [
        f"<h1>Balance report: {html.escape(game)}</h1>",
        f'<p class="note">Agents by seat: {html.escape(", ".join(agents))}; run seed {seed}; '
        "each game's seed is derived from the run seed and the game's index.</p>",
    ]
    for setting, prefix in zip(settings, prefixes, strict=True):
        body.extend(setting_sections(setting, prefix, agents))
    if len(settings) == 2:
        body.append(compare_section(settings[0], settings[1]))
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>ludoteca balance: {html.escape(game)}</title><style>{STYLE}</style></head>"
        f"<body>{''.join(body)}</body></html>\n"
    )
