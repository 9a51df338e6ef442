"""The tuning report: the search's progress, the settings ranked by their measured
figures, the best one measured again on fresh seeds (a tuned data file in full), and why
the search stopped."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import tomli_w
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from ludoteca.core import i18n
from ludoteca.core.i18n import _
from ludoteca.sim.charts import png
from ludoteca.sim.html_parts import img, note, percent, section, table
from ludoteca.sim.html_report import STYLE
from ludoteca.sim.tune import Final, Measure, Space, TrialInfo, best_first, data_with


def progress_chart(trials: Sequence[TrialInfo]) -> str:
    """Each finished trial's figure, and the best so far, trial after trial; a pruned
    trial at the last figure it reported."""
    figure = Figure(figsize=(7, 3.2))
    axes = figure.subplots()
    xs, values, best, so_far = [], [], [], float("inf")
    for trial in trials:
        if trial.finished:
            so_far = min(so_far, trial.value)
            xs.append(trial.number)
            values.append(trial.value)
            best.append(so_far)
    axes.scatter(xs, values, s=14, label=_("trial"))
    axes.step(xs, best, where="post", color="#c05000", label=_("best so far"))
    pruned = [(t.number, t.value) for t in trials if not t.finished]
    if pruned:
        axes.scatter(
            [n for n, _v in pruned],
            [v for _n, v in pruned],
            marker="x",
            color="#888",
            label=_("pruned (its last figure)"),
        )
    axes.set_xlabel(_("trial"))
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_ylabel(_("figure to minimise"))
    axes.legend(fontsize=7)
    return png(figure)


def _setting(params: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(params.items()))


def _groups(groups: dict[str, float]) -> str:
    """`blue 21%, green 25%, ...`: each group's share of rounds in the goal's fates."""
    return ", ".join(f"{name} {percent(share)}" for name, share in sorted(groups.items()))


def build_tune_report(
    game: str,
    space: Space,
    agents: Sequence[str],
    trials: Sequence[TrialInfo],
    reason: str,
    finals: Sequence[Final],
) -> str:
    """The whole HTML document; `finals` recommended first (`TuneRun.finals`)."""
    rows = best_first(list(trials))
    pruned = sum(not t.finished for t in trials)
    table_rows = [
        (
            i + 1,
            r.number,
            _setting(r.params),
            i18n.format_fixed(r.value, 4),
            percent(r.measure.get("first_share", 0.0)),
            i18n.format_fixed(r.measure.get("mean_length", 0.0), 1),
            *([_groups(r.measure.get("groups", {}))] if space.goal == "even" else []),
        )
        for i, r in enumerate(rows[:20])
    ]
    fates = _("share of rounds ended by {fates}", fates=" / ".join(space.fates))
    heading = _("Tuning report: {game}", game=game)
    parts = [
        f"<h1>{html.escape(heading)}</h1>",
        note(
            _(
                "Goal: {goal}; {games} games a trial, the same seeds for every trial; agents"
                " {agents}; TPE sampler and median pruner (Optuna), seed {seed}.",
                goal=space.goal,
                games=space.games,
                agents=", ".join(agents),
                seed=space.seed,
            )
        ),
        section(
            "progress",
            _("The search"),
            img(progress_chart(trials), _("figure by trial")),
            note(
                _(
                    "{done} trials finished, {pruned} stopped early as hopeless; the search "
                    "stopped because {reason}.",
                    done=len(rows),
                    pruned=pruned,
                    reason=reason,
                )
            ),
        ),
        section(
            "ranked",
            _("Settings, best first"),
            table(
                (
                    _("rank"),
                    _("trial"),
                    _("setting"),
                    _("figure"),
                    _("first seat's share of decided games"),
                    _("mean length"),
                    *([fates] if space.goal == "even" else []),
                ),
                table_rows,
            ),
        ),
    ]
    if finals:
        parts.append(_finals_section(finals, space, fates, len(agents)))
    title = _("ludoteca tune: {game}", game=game)
    return (
        f'<!DOCTYPE html><html lang="{i18n.current()}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
        f"<body>{''.join(parts)}</body></html>\n"
    )


def _data_file(space: Space, params: dict[str, Any]) -> list[str]:
    """The recommended data file in full, to copy (none when the space tunes none)."""
    data = data_with(space, params)
    if data is None:
        return []
    said = _("The recommended data file ({option}):", option=str(space.data_option))
    return [note(said), f"<pre>{html.escape(tomli_w.dumps(data))}</pre>"]


def _finals_section(finals: Sequence[Final], space: Space, fates: str, seats: int) -> str:
    """The best settings of the search measured again; the recommended one said in full."""
    best = finals[0].fresh
    low, high = best.interval
    rows = [
        (
            f.trial.number,
            _setting(f.trial.params),
            i18n.format_fixed(f.trial.value, 4),
            i18n.format_fixed(f.fresh.value(space, seats), 4),
            f"{percent(f.fresh.first_share)} ({percent(f.fresh.interval[0])} – "
            f"{percent(f.fresh.interval[1])})",
            i18n.format_fixed(f.fresh.mean_length, 1),
            *([_groups(f.fresh.groups)] if space.goal == "even" else []),
        )
        for f in finals
    ]
    columns = (
        _("trial"),
        _("setting"),
        _("figure in the search"),
        _("figure on fresh games"),
        _("first seat's share of decided games"),
        _("mean length"),
        *([fates] if space.goal == "even" else []),
    )
    return section(
        "best",
        _("The best settings, measured again"),
        note(
            _(
                "The best trial's figure is the lowest of many noisy ones: the {count} best "
                "settings are played again on fresh seeds, {games} games each, and the best "
                "of them there is recommended.",
                count=len(finals),
                games=best.games,
            )
        ),
        table(columns, rows),
        *_data_file(space, finals[0].trial.params),
        note(
            _(
                "Recommended: {setting}: on {games} fresh games, the first seat's share of the "
                "decided games is {share} ({low} – {high}), the mean length {length} steps.",
                setting=_setting(finals[0].trial.params),
                games=best.games,
                share=percent(best.first_share),
                low=percent(low),
                high=percent(high),
                length=i18n.format_fixed(best.mean_length, 1),
            )
        ),
    )


def goal_figure(space: Space, found: Measure, seats: int) -> str:
    """The goal's own figure of a measure, as the summary line says it."""
    low, high = found.interval
    share = _(
        "first seat's share of decided games {share} ({low} – {high})",
        share=i18n.format_percent(found.first_share),
        low=i18n.format_percent(low),
        high=i18n.format_percent(high),
    )
    if space.goal == "length":
        return _(
            "mean length {length} steps (target {target}); {share}",
            length=i18n.format_fixed(found.mean_length, 1),
            target=f"{space.target:g}",
            share=share,
        )
    if space.goal == "even":
        groups = ", ".join(f"{g} {i18n.format_percent(r)}" for g, r in sorted(found.groups.items()))
        return _(
            "the groups' shares of rounds ended by {fates} {spread} points apart ({groups}); "
            "{share}",
            fates=" / ".join(space.fates),
            spread=i18n.format_fixed(100 * found.value(space, seats), 1),
            groups=groups,
            share=share,
        )
    if space.goal == "cards" and found.top_card is not None:
        card, rate = found.top_card
        return _(
            "highest win rate when used {card} {rate}; {share}",
            card=card,
            rate=i18n.format_percent(rate),
            share=share,
        )
    return share
