"""What makes a balance study mean something: who plays, how strong they are, when the
figures are too thin to read, and how many games a question needs.

- The default agents are the `medium` level (`agents.levels`): the game's own policy at
  every seat. Random play is a poor model of people: futebol between random agents is
  nothing but draws.
- `measure_strengths` plays each agent of the study against `random`, and the study's
  agents against each other, with the seats rotated (`arena.run_arena`): a score rate
  with its 95% interval says how strong they are.
- `weak_play` names what makes the figures doubtful: most games drawn or stopped by a
  limit, or an agent no better than random.
- `games_for_change` plans a study: the games needed to see a change of the first seat's
  win rate with a two-sided test at 95% and 80% power (Fleiss' formula for two
  proportions; against a fixed even share, 1/seats, for a single setting).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

from ludoteca import games
from ludoteca.agents.levels import level_spec
from ludoteca.core import OptionError
from ludoteca.core.i18n import _, format_percent
from ludoteca.sim.arena import run_arena
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.ratings import wilson_interval

DEFAULT_LEVEL = "medium"
WEAK_SHARE = 0.5
"""Above this share of games drawn or stopped, a study's win rates say little."""


def default_specs(game: str, seats: int, level: str = DEFAULT_LEVEL) -> list[str]:
    """One agent per seat: the named level (or agent spec) for `game` at every seat."""
    return [level_spec(game, level)] * seats


@dataclass(frozen=True)
class Strength:
    """How often `agent` finished ahead of `opponent` where one of them did (a tie for
    the win counts half: `arena.ArenaResult.pairwise`), with its 95% Wilson interval,
    over `games` games with the seats rotated. Random play against itself scores 50%
    whatever the number of seats."""

    agent: str
    opponent: str
    games: int
    score_rate: float
    interval: tuple[float, float]
    ahead: float = 0.0
    """Games `agent` finished ahead of `opponent` (a tie counts half)."""
    decided: float = 0.0
    """Games one of the two finished ahead of the other."""

    def to_json(self) -> dict[str, Any]:
        """Plain data for reports."""
        return {
            "agent": self.agent,
            "opponent": self.opponent,
            "games": self.games,
            "score_rate": self.score_rate,
            "ci95": list(self.interval),
        }


@dataclass
class Study:
    """What a report says about the study as a whole."""

    agents: list[str]
    level: str | None = None
    strengths: list[Strength] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    stopped: str | None = None
    sources: list[str] = field(default_factory=list)
    """The record files the games were pooled from (`balance --merge`), a line each."""


def measure_strengths(
    game: str,
    options: dict[str, Any],
    specs: Sequence[str],
    games_per_seating: int,
    seed: int,
    workers: int | None = None,
) -> list[Strength]:
    """Each distinct agent of `specs` against `random`, then each pair of them."""
    distinct = list(dict.fromkeys(specs))
    pairs = [(spec, "random") for spec in distinct if spec != "random"]
    pairs += list(itertools.combinations(distinct, 2))
    return [
        measure_pair(game, options, pair, games_per_seating, seed + 7919 * (index + 1), workers)
        for index, pair in enumerate(pairs)
    ]


def measure_pair(
    game: str,
    options: dict[str, Any],
    pair: tuple[str, str],
    games_per_seating: int,
    seed: int,
    workers: int | None = None,
) -> Strength:
    """`pair[0]` against `pair[1]`, `games_per_seating` games for each seating."""
    agent, opponent = pair
    result = run_arena(game, options, [agent, opponent], games_per_seating, seed, workers)
    ahead, behind = result.pairwise[0][1], result.pairwise[1][0]
    decided = round(ahead + behind)
    seats = games.load(game, **options).num_seats
    return Strength(
        agent,
        opponent,
        (result.games[0] + result.games[1]) // seats,
        ahead / decided if decided else 0.5,
        wilson_interval(ahead, decided),
        ahead,
        decided,
    )


def weak_play(stats: BalanceStats, strengths: Sequence[Strength]) -> list[str]:
    """Why a study's figures may not mean much (empty when nothing is wrong)."""
    out = []
    undecided = stats.draws + stats.unfinished
    if stats.games and undecided / stats.games > WEAK_SHARE:
        out.append(
            _(
                "{undecided} of {games} games were drawn or stopped by a limit: the agents may"
                " be too weak for these win rates to mean much; try a stronger level"
                " (--level hard).",
                undecided=undecided,
                games=stats.games,
            )
        )
    for strength in strengths:
        if strength.opponent == "random" and strength.interval[0] <= 0.5:
            out.append(
                _(
                    "{agent} is not measurably better than random play (ahead {rate} of the"
                    " time in {games} games): its games are a poor model of people's.",
                    agent=strength.agent,
                    rate=format_percent(strength.score_rate, 0),
                    games=strength.games,
                )
            )
    return out


def timed_agents(specs: Sequence[str]) -> list[str]:
    """A warning for each agent that thinks for a set time (`seconds=`): how far it
    searches depends on the machine, so its games are not reproducible from the seed."""
    return [
        _(
            "{agent} thinks for a set time: its games depend on the machine's speed and are"
            " not reproducible from the seed; give it iterations instead for a study"
            " others can re-measure.",
            agent=spec,
        )
        for spec in dict.fromkeys(specs)
        if "seconds=" in spec
    ]


def same_games(labels: Sequence[str], runs: Sequence[BalanceStats]) -> list[str]:
    """A warning for each setting that played the very games of an earlier one: its
    options changed nothing under the others (futebol's `goals` in golden-goal mode)."""
    out = []
    for i, stats in enumerate(runs):
        for j in range(i):
            if stats.fingerprint == runs[j].fingerprint and stats.games == runs[j].games:
                out.append(
                    _(
                        "{b} played the very same games as {a}: its options change nothing"
                        " here (an option another one switches off?).",
                        a=labels[j],
                        b=labels[i],
                    )
                )
                break
    return out


def plan_games(change: float, seats: int) -> tuple[int, int]:
    """`--plan`'s figures: games for one setting, and for each of two compared, to see the
    first seat's win rate move `change` from an even share (`OptionError` past 100%)."""
    fair = 1 / seats
    try:
        return games_for_change(change, fair, False), games_for_change(change, fair)
    except ValueError:
        raise OptionError(
            _(
                "--plan {points}: too large a change from {fair}",
                points=f"{100 * change:g}",
                fair=format_percent(fair, 0),
            )
        ) from None


def games_for_change(
    change: float, base: float = 0.5, two_settings: bool = True, power: float = 0.8
) -> int:
    """Games (per setting) to see the first seat's win rate move by `change` (a
    fraction) from `base`: a two-sided test at 95% with the given power, comparing two
    settings, or one setting against `base` itself."""
    if not 0 < change < 1 or not 0 < base < 1 or not 0 < base + change < 1:
        raise ValueError("rates and the change must stay between 0 and 1")
    z_alpha, z_beta = NormalDist().inv_cdf(0.975), NormalDist().inv_cdf(power)
    moved = base + change
    if two_settings:
        mean = (base + moved) / 2
        spread = z_alpha * math.sqrt(2 * mean * (1 - mean))
        spread += z_beta * math.sqrt(base * (1 - base) + moved * (1 - moved))
    else:
        spread = z_alpha * math.sqrt(base * (1 - base)) + z_beta * math.sqrt(moved * (1 - moved))
    return math.ceil((spread / change) ** 2)


def smallest_change(games: int, base: float = 0.5, two_settings: bool = True) -> float:
    """The smallest change of the first seat's win rate `games` games (per setting) see
    with 80% power (the inverse of `games_for_change`, to a tenth of a point)."""
    low, high = 0.001, min(1 - base, base) - 0.001
    if games_for_change(high, base, two_settings) > games:
        return high
    while high - low > 0.001:
        mid = (low + high) / 2
        if games_for_change(mid, base, two_settings) <= games:
            high = mid
        else:
            low = mid
    return high


ALPHA = 0.05


@dataclass(frozen=True)
class Looks:
    """A sequential study: a look every `step` games (per setting), up to `total`.

    Each look tests at level ALPHA / (number of looks), Bonferroni's split of the 5%
    over the looks: whenever the study stops, its error rate stays at most 5%.
    """

    step: int
    total: int
    precision: float

    @property
    def count(self) -> int:
        """How many looks the study may take."""
        return math.ceil(self.total / self.step)

    @property
    def z(self) -> float:
        """The two-sided critical value at each look."""
        return float(NormalDist().inv_cdf(1 - ALPHA / (2 * self.count)))

    def clear(self, runs: Sequence[BalanceStats]) -> str | None:
        """Why the answer is clear after this look (None: play on). One setting: its
        first seat's share of the decided games is off an even share, or known to within
        `precision` (drawn games favour no seat, so they are left out). Several: each
        setting's first-seat win rate differs from the first setting's, or is known to
        match it within `precision`."""
        if len(runs) == 1:
            stats = runs[0]
            fair = 1 / stats.seats
            low, high = wilson_interval(stats.wins[0], stats.decided, self.z)
            if not stats.decided:
                return None
            if low > fair or high < fair:
                return _(
                    "the first seat's share of decided games is off an even share, {fair} "
                    "({low} to {high})",
                    fair=format_percent(fair, 0),
                    low=format_percent(low),
                    high=format_percent(high),
                )
            if (high - low) / 2 <= self.precision:
                return _(
                    "the first seat's share of decided games is an even share, {fair}, "
                    "within {points} points",
                    fair=format_percent(fair, 0),
                    points=f"{100 * self.precision:g}",
                )
            return None
        reasons = [self._pair(runs[0], other) for other in runs[1:]]
        return "; ".join(r for r in reasons if r) if all(reasons) else None

    def _pair(self, a: BalanceStats, b: BalanceStats) -> str | None:
        p_a, p_b = a.wins[0] / a.games, b.wins[0] / b.games
        half = self.z * math.sqrt(p_a * (1 - p_a) / a.games + p_b * (1 - p_b) / b.games)
        difference = p_b - p_a
        if difference - half > 0 or difference + half < 0:
            return _(
                "a setting changes the first seat's win rate by {points} points",
                points=f"{100 * difference:+.1f}",
            )
        if half <= self.precision:
            return _(
                "a setting keeps the first seat's win rate within {points} points",
                points=f"{100 * self.precision:g}",
            )
        return None
