"""Does skill tell under each setting? (`ludoteca balance --skill STRONG,WEAK`)

A designer asks whether a variant leaves more to luck: under each setting the stronger
agent plays the weaker, the seats rotated, on the same seeds for every setting (common
random numbers), and the report gives the stronger one's score rate (how often it
finished ahead where one of them did, `arena`) with its 95% Wilson interval; each
setting after the first is compared with it (two-proportion z-test, Newcombe's interval,
Holm over the settings), so "B gives skill less room" is a tested claim.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.core import i18n
from ludoteca.core.i18n import N_, _
from ludoteca.sim.balance import two_proportion_test
from ludoteca.sim.compare import holm, newcombe
from ludoteca.sim.html_parts import note, percent, section, table
from ludoteca.sim.report_study import format_p
from ludoteca.sim.study import Strength, measure_pair

SKILL_SEED = 104_729
"""Added to the run seed: the skill games are not the study's own."""
COLUMNS = (
    N_("setting"),
    N_("games"),
    N_("the stronger one ahead (95% CI)"),
    N_("difference from A (95% CI)"),
    N_("p (Holm)"),
)


@dataclass(frozen=True)
class Skill:
    """The stronger agent against the weaker under one setting."""

    label: str
    strength: Strength

    @property
    def decided(self) -> int:
        """Games one of the two finished ahead."""
        return round(self.strength.decided)


def measure_skill(
    game: str,
    runs: Sequence[tuple[str, dict[str, Any]]],
    pair: tuple[str, str],
    games_per_seating: int,
    seed: int,
    workers: int | None = None,
) -> list[Skill]:
    """The stronger agent `pair[0]` against `pair[1]` under each setting of `runs`."""
    return [
        Skill(
            label, measure_pair(game, options, pair, games_per_seating, seed + SKILL_SEED, workers)
        )
        for label, options in runs
    ]


def skill_section(skills: Sequence[Skill]) -> str:
    """The report's `skill` section."""
    base = skills[0].strength
    rows: list[tuple[str, ...]] = []
    tests = [
        two_proportion_test(s.strength.ahead, s.decided, base.ahead, skills[0].decided)
        if s.decided and skills[0].decided
        else None
        for s in skills[1:]
    ]
    adjusted = holm([t.p_value if t else 1.0 for t in tests])
    for index, skill in enumerate(skills):
        low, high = skill.strength.interval
        rate = f"{percent(skill.strength.score_rate)} ({percent(low)} – {percent(high)})"
        difference, p_value = "–", "–"
        if index and tests[index - 1] is not None:
            d_low, d_high = newcombe(
                skill.strength.ahead, skill.decided, base.ahead, skills[0].decided
            )
            shift = skill.strength.score_rate - base.score_rate
            difference = f"{_signed(shift)} ({_signed(d_low)} – {_signed(d_high)})"
            p_value = format_p(adjusted[index - 1])
        rows.append(
            (
                f"{chr(65 + index)}: {skill.label}",
                str(skill.strength.games),
                rate,
                difference,
                p_value,
            )
        )
    said = _(
        "{strong} against {weak}, the seats rotated, on the same seeds under every setting: "
        "how often the stronger one finished ahead where one of them did. A lower rate "
        "leaves more to luck. Differences: two-proportion z-test, Newcombe's interval, "
        "Holm over the settings.",
        strong=base.agent,
        weak=base.opponent,
    )
    return section(
        "skill",
        _("Does skill tell? {strong} against {weak}", strong=base.agent, weak=base.opponent),
        table([_(c) for c in COLUMNS], rows),
        note(said),
    )


def _signed(share: float) -> str:
    return ("+" if share >= 0 else "−") + i18n.format_fixed(abs(100 * share), 1)
