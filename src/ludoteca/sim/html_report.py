"""The self-contained HTML balance report: charts as PNG data URIs, no network.

Each simulated setting gets the sections `seats`, `scores`, `length`, `actions`,
and when the game gives the data `points` (points by action type), `cards` (every
card of the deck), `dynamics` (the score over time, lead changes, comebacks) and
`statistics` / `groups` (figures from `State.statistics()`;
keys `group.field` with a `group.rounds` become per-round rates, e.g. Toxicity's
characters; those of a group without `rounds` become a chart of means per game in
section `by-<group>`, e.g. Touch down's yards by play type). Several settings are
prefixed `a-`, `b-`, `c-`... and followed by `compare` (`report_study.py`), after the
study's own sections: `warnings` (if any) and `agents`.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from scipy.stats import chi2_contingency

from ludoteca.core import Game, i18n
from ludoteca.core.i18n import N_, _
from ludoteca.sim import charts
from ludoteca.sim.balance import BalanceStats, KeyTotals
from ludoteca.sim.compare import compare
from ludoteca.sim.effects import usage_effect
from ludoteca.sim.html_parts import img as _img
from ludoteca.sim.html_parts import note as _note
from ludoteca.sim.html_parts import percent as _percent
from ludoteca.sim.html_parts import section as _section
from ludoteca.sim.html_parts import table as _table
from ludoteca.sim.report_dynamics import dynamics_section
from ludoteca.sim.report_study import agents_section, compare_section, format_p, warnings_section
from ludoteca.sim.study import Study
from ludoteca.sim.usage import ACTION, CARD, POINTS, card_ids, card_label

SEAT_COLUMNS = (
    N_("seat"),
    N_("agent"),
    N_("wins"),
    N_("win rate"),
    N_("95% CI"),
    N_("share of decided games (95% CI)"),
    N_("mean score"),
)
CARD_COLUMNS = (
    N_("card"),
    N_("uses"),
    N_("games used (seat-games)"),
    N_("win rate when used"),
    N_("effect on the user's chance to win (95% CI)"),
    N_("smallest effect seen (80% power)"),
)
STYLE = """body{font-family:sans-serif;max-width:1000px;margin:2em auto;padding:0 .8em;color:#222}
table{border-collapse:collapse;margin:.5em 0;display:block;overflow-x:auto;max-width:100%}
td,th{border:1px solid #ccc;padding:3px 8px}td{white-space:nowrap}
th{background:#eee}img{max-width:100%}.note{color:#555;font-size:90%}
.warning{background:#fff4d6;border-left:4px solid #c98a00;padding:.4em .8em}"""


@dataclass
class Setting:
    """One simulated rule setting: its label, configured game and totals."""

    label: str
    game: Game
    stats: BalanceStats


def effect_note() -> str:
    """What the effect column and chart measure."""
    return _(
        "Effect: how much more often a seat won the games in which it used this at least "
        "once than the games in which it did not, seat by seat, pooled over the seats "
        "(Mantel-Haenszel weights), in win-rate points with its 95% interval. It is "
        "separated from the seat (a card only the stronger seat holds shows that seat's "
        "win rate when used, not an effect), but it is an association, not a cause: a "
        "seat may play a card because it is winning. No effect is shown where no seat "
        "both used it in some games and not in others. The smallest effect seen is what "
        "this many games find with 80% power; to see half of it takes four times the "
        "games."
    )


def _effect(stats: BalanceStats, totals: KeyTotals) -> tuple[str, str]:
    """The effect and smallest effect seen cells of a usage key (dashes: none)."""
    effect = usage_effect(stats, totals)
    if effect is None:
        return "–", "–"
    low, high = _points(effect.low), _points(effect.high)
    return f"{_points(effect.estimate)} ({low} – {high})", f"±{_points(effect.seen)[1:]}"


def _points(share: float) -> str:
    """A difference of win rates in signed points, in the reader's number format."""
    return ("+" if share >= 0 else "−") + i18n.format_fixed(abs(100 * share), 1)


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


def setting_sections(setting: Setting, prefix: str, agents: Sequence[str]) -> list[str]:
    """Every section of one setting's report."""
    stats, label = setting.stats, setting.label
    seat_rows = []
    for seat in range(stats.seats):
        low, high = stats.win_interval(seat)
        fair_low, fair_high = stats.decided_interval(seat)
        seat_rows.append(
            (
                seat,
                agents[seat],
                i18n.format_number(stats.wins[seat]),
                _percent(stats.win_rate(seat)),
                f"{_percent(low)} – {_percent(high)}",
                f"{_percent(stats.decided_share(seat))} ({_percent(fair_low)} – "
                f"{_percent(fair_high)})",
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
    even = _note(
        _(
            "A drawn game favours no seat, so seats are compared on the decided games: with "
            "no seat favoured each wins {fair} of them, and the dashed line, {even} of all "
            "games, is that share of the {decided} decided games.",
            fair=_percent(1 / stats.seats),
            even=_percent(stats.even_win_rate()),
            decided=i18n.format_number(stats.decided),
        )
    )
    out = [
        _section(
            f"{prefix}seats",
            _("{label}: win rate by seat (first-player advantage)", label=label),
            _img(charts.seats_chart([(label, stats)]), _("win rate by seat")),
            _table(header, seat_rows),
            draws,
            even,
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
            _note(_("An action type is the part of the action before its first ':'.")),
            _note(effect_note()),
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
    out += dynamics_section(stats, prefix, label)
    cards = sorted(card_ids(setting.game))
    if cards:
        labels = [card_label(setting.game, c) for c in cards]
        rows = []
        for card, name in zip(cards, labels, strict=True):
            totals = stats.totals(CARD, card)
            used, won = sum(totals.games_used), sum(totals.wins_when_used)
            rate = _percent(won / used) if used else "–"
            rows.append(
                (
                    name,
                    i18n.format_fixed(sum(totals.amount), 0),
                    used,
                    rate,
                    *_effect(stats, totals),
                )
            )
        out.append(
            _section(
                f"{prefix}cards",
                _("{label}: every card of the deck — uses and win rate when used", label=label),
                _img(charts.usage_chart(stats, CARD, cards, cards), _("card usage")),
                _table([_(column) for column in CARD_COLUMNS], rows),
                _note(effect_note()),
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
        out += group_sections(stats.statistics, rates, prefix, label)
    return out


def group_sections(
    statistics: dict[str, float], rates: dict[str, dict[str, float]], prefix: str, label: str
) -> list[str]:
    """A section of per-round rates for each family of groups: plain names (Toxicity's
    characters) in `groups`, `item:<kind>` in `groups-item` (a character's fate in the
    rounds it held that item), with the rounds each rate stands on."""
    families: dict[str, list[str]] = {}
    for group in sorted(rates):
        family, colon, _name = group.rpartition(":")
        families.setdefault(family if colon else "", []).append(group)
    titles = {
        "": _("{label}: rates per round by group (Toxicity: each character's fate)", label=label),
        "item": _(
            "{label}: a character's fate in the rounds it held each item (Toxicity)",
            label=label,
        ),
    }
    out = []
    for family, groups in sorted(families.items()):
        fields = sorted({f for g in groups for f in rates[g]})
        shown = {g.rpartition(":")[2]: rates[g] for g in groups}
        out.append(
            _section(
                f"{prefix}groups" + (f"-{family}" if family else ""),
                titles.get(family, titles[""]),
                _img(charts.groups_chart(shown), _("rates by group")),
                _table(
                    (_("group"), _("rounds"), *fields),
                    [
                        (
                            g.rpartition(":")[2],
                            i18n.format_fixed(statistics.get(f"{g}.rounds", 0.0), 0),
                            *(_percent(rates[g].get(f, 0.0)) for f in fields),
                        )
                        for g in groups
                    ],
                ),
                *spread_parts(statistics, rates, groups, fields),
            )
        )
    return out


def spread_parts(
    statistics: dict[str, float],
    rates: dict[str, dict[str, float]],
    groups: list[str],
    fields: list[str],
) -> list[str]:
    """How far apart the groups are on each field: the spread (highest less lowest) and
    the chi-square test that every group has the same share (rounds of one game are not
    independent, so the p-value is a guide)."""
    if len(groups) < 2:
        return []
    rows = []
    for name in fields:
        by_group = {g: rates[g].get(name, 0.0) for g in groups}
        low, high = min(by_group, key=by_group.__getitem__), max(by_group, key=by_group.__getitem__)
        table = [
            [statistics.get(f"{g}.{name}", 0.0), statistics.get(f"{g}.rounds", 0.0)] for g in groups
        ]
        table = [[hit, max(0.0, rounds - hit)] for hit, rounds in table]
        p_value = "–"
        if all(sum(column) > 0 for column in zip(*table, strict=True)):
            p_value = format_p(float(chi2_contingency(table).pvalue))
        rows.append(
            (
                name,
                i18n.format_fixed(100 * (by_group[high] - by_group[low]), 1),
                f"{low.rpartition(':')[2]} {_percent(by_group[low])}",
                f"{high.rpartition(':')[2]} {_percent(by_group[high])}",
                p_value,
            )
        )
    header = (_("field"), _("spread (points)"), _("lowest"), _("highest"), _("equal shares? p"))
    note = _(
        "Spread: the highest group's share less the lowest's, in points. p: the chi-square "
        "test that every group has the same share; the rounds of one game are not "
        "independent, so read it as a guide."
    )
    return [_table(header, rows), _note(note)]


def build_report(
    game: str,
    seed: int,
    settings: Sequence[Setting],
    study: Study | None = None,
    extra: Sequence[str] = (),
) -> str:
    """The whole HTML document: the study (who played, what to read with care), each
    setting's sections, `extra` sections (`skill`), and, with several settings, their
    comparison."""
    study = study or Study(agents=[])
    prefixes = [""] if len(settings) == 1 else [f"{chr(97 + i)}-" for i in range(len(settings))]
    heading = _("Balance report: {game}", game=game)
    title = _("ludoteca balance: {game}", game=game)
    body = [
        f"<h1>{html.escape(heading)}</h1>",
        _note(
            _(
                "Pooled from the records of earlier runs, each game's seed in them: {files}.",
                files="; ".join(study.sources),
            )
            if study.sources
            else _(
                "Run seed {seed}; each game's seed is derived from the run seed and the "
                "game's index.",
                seed=str(seed),
            )
        ),
        *warnings_section(study),
        agents_section(study, min(s.stats.games for s in settings), len(settings)),
    ]
    for setting, prefix in zip(settings, prefixes, strict=True):
        body.extend(setting_sections(setting, prefix, study.agents))
    body.extend(extra)
    if len(settings) > 1:
        labels = [s.label for s in settings]
        runs = [s.stats for s in settings]
        body.append(compare_section(labels, runs, compare(labels, runs)))
    return (
        f'<!DOCTYPE html><html lang="{i18n.current()}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title>"
        f"<style>{STYLE}</style></head>"
        f"<body>{''.join(body)}</body></html>\n"
    )
