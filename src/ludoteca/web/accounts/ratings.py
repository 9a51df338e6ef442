"""Ratings (issue 44): Glicko-2 (`glicko2`, Glickman's algorithm) for a game between two
people, OpenSkill's Plackett-Luce model (`openskill`, Weng and Lin) for tables of three
or more sides and for teams. Both on one scale: 1500 a newcomer, and a difference of 400
points is 10-to-1 odds, so a computer level's one measured rating serves both models.

A ladder is a game and its kind of table (`ladder_of`): `toinc/duel`, `futebol/teams`,
`toxicity/table`. Every game is its own rating period (as online servers do); a duel
player idle for whole `IDLE_DAYS` periods first has their deviation grown for each, as
Glicko-2 does for a period without games.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.core import Game

NEWCOMER = 1500.0
NEW_DEVIATION = 350.0
"""Glicko-2's rating and deviation for someone with no rated game."""
NEW_VOLATILITY = 0.06
PROVISIONAL = 110.0
"""A deviation above this marks a rating not yet settled (shown with a `?`)."""
IDLE_DAYS = 7
"""A duel rating period without games, for the deviation's growth."""
MAX_IDLE_PERIODS = 1200
"""Idle periods counted at most (23 years: enough to grow any deviation to a newcomer's)."""
COMPUTER_DEVIATION = 60.0
"""A computer level's deviation: a measured rating that does not move."""
ELO_SCALE = 400 / math.log(10)
"""Glicko's (and Elo's) logistic scale: 173.7 points a factor of e in the odds."""
TABLE_BETA = ELO_SCALE / math.sqrt(2)
"""OpenSkill's performance spread, set so that two settled players `d` apart have the
odds Glicko-2 gives them; its other defaults keep their ratio to it (sigma = 2 beta,
tau = sigma / 100)."""
TABLE_DEVIATION = 2 * TABLE_BETA


@dataclass(frozen=True)
class Rating:
    """A rating, its deviation (one standard deviation), Glicko-2's volatility and how
    many rated games it rests on."""

    value: float
    deviation: float
    volatility: float = NEW_VOLATILITY
    games: int = 0

    @property
    def provisional(self) -> bool:
        """Whether it is not settled yet."""
        return self.deviation > PROVISIONAL

    def to_json(self) -> dict[str, Any]:
        """As the pages show it: whole points."""
        return {
            "rating": round(self.value),
            "deviation": round(self.deviation),
            "games": self.games,
            "provisional": self.provisional,
        }


def newcomer(ladder: str) -> Rating:
    """The rating someone starts a ladder with."""
    if ladder.endswith("/duel"):
        return Rating(NEWCOMER, NEW_DEVIATION)
    return Rating(NEWCOMER, TABLE_DEVIATION, 0.0)


def ladder_of(game: Game) -> str:
    """The ladder a table of `game` (with its options) is rated on: `duel` for two sides
    of one seat, `teams` when a side has several seats, `table` for three sides or more."""
    sides = game.sides()
    if any(len(side) > 1 for side in sides):
        kind = "teams"
    else:
        kind = "duel" if len(sides) == 2 else "table"
    return f"{game.info.name}/{kind}"


@cache
def computer_ratings() -> dict[str, dict[str, float]]:
    """Each ladder's computer levels' fixed ratings (`computers.toml`, measured by
    `scripts/computer_ratings.py`)."""
    text = resources.files(__package__).joinpath("computers.toml").read_text("utf-8")
    out: dict[str, dict[str, float]] = {}
    for ladder, row in tomllib.loads(text).items():
        out[ladder] = {
            level: float(value)
            for level, value in row.items()
            if level in ("random", "easy", "medium", "hard")
        }
    return out


def computer_rating(ladder: str, level: str | None) -> Rating | None:
    """A computer level's fixed rating on `ladder` (None: it has none, and a table with it
    is not rated)."""
    value = computer_ratings().get(ladder, {}).get(level or "")
    return None if value is None else Rating(value, COMPUTER_DEVIATION, NEW_VOLATILITY)


def idle(rating: Rating, days: float) -> Rating:
    """A duel rating after `days` without games: its deviation grown for each whole
    `IDLE_DAYS` period, as Glicko-2's step 6 does, never above a newcomer's."""
    import glicko2  # type: ignore[import-untyped]

    periods = min(MAX_IDLE_PERIODS, int(days // IDLE_DAYS))
    if periods <= 0 or rating.games == 0:
        return rating
    player = glicko2.Player(rating.value, rating.deviation, rating.volatility)
    for _ in range(periods):
        player.did_not_compete()
    return replace(rating, deviation=min(NEW_DEVIATION, player.getRd()))


def duel(first: Rating, second: Rating, score: float) -> tuple[Rating, Rating]:
    """Both ratings after one game (a rating period of its own) that `first` scored
    `score` in (1 a win, 1/2 a draw, 0 a loss)."""
    import glicko2

    one = glicko2.Player(first.value, first.deviation, first.volatility)
    two = glicko2.Player(second.value, second.deviation, second.volatility)
    one.update_player([second.value], [second.deviation], [score])
    two.update_player([first.value], [first.deviation], [1.0 - score])
    return (
        Rating(one.getRating(), one.getRd(), one.vol, first.games + 1),
        Rating(two.getRating(), two.getRd(), two.vol, second.games + 1),
    )


def table(sides: Sequence[Sequence[Rating]], results: Sequence[float]) -> list[list[Rating]]:
    """Every side's players' ratings after one game in which side `i` did `results[i]`
    (higher is better; equal results tie)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(
        mu=NEWCOMER,
        sigma=TABLE_DEVIATION,
        beta=TABLE_BETA,
        tau=TABLE_DEVIATION / 100,
        limit_sigma=True,
    )
    teams = [[model.create_rating([r.value, r.deviation]) for r in side] for side in sides]
    rated = model.rate(teams, scores=list(results))
    return [
        [
            Rating(new.mu, new.sigma, 0.0, old.games + 1)
            for new, old in zip(side, before, strict=True)
        ]
        for side, before in zip(rated, sides, strict=True)
    ]
