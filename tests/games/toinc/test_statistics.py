"""Toinc's per-game figures (for simulation reports) agree with the score (Pontuações)."""

from __future__ import annotations

import pytest

from ludoteca import games
from ludoteca.sim.playout import random_game


@pytest.mark.parametrize("seed", range(6))
def test_scores_are_the_sum_of_the_scoring_plays(seed: int) -> None:
    state = random_game(games.load("toinc", length="short"), seed)
    figures = state.statistics()
    points = (
        6 * figures["touchdowns"]
        + 3 * figures["field_goals"]
        + figures["extra_points"]
        + 2 * figures["two_point_conversions"]
        + 2 * figures["safeties"]
    )
    assert points == sum(state.scores)
    assert figures["plays"] >= figures["first_downs"] + figures["punts"]
