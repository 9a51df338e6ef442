"""The rating models (issue 44, item 3): Glicko-2 as Glickman's paper computes it, OpenSkill
on the same scale, ladders by kind of table, deviations that grow while idle."""

from __future__ import annotations

import math

import glicko2  # type: ignore[import-untyped]
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca import games
from ludoteca.web.accounts import ratings
from ludoteca.web.accounts.ratings import Rating


def test_glicko2_reproduces_glickmans_worked_example() -> None:
    """ "Example of the Glicko-2 system" (Glickman, 2013): 1500/200/0.06 against 1400/30,
    1550/100 and 1700/300, winning the first: 1464.06, 151.52, 0.05999."""
    player = glicko2.Player(1500, 200, 0.06)
    player.update_player([1400, 1550, 1700], [30, 100, 300], [1, 0, 0])
    assert round(player.getRating(), 2) == pytest.approx(1464.06, abs=0.01)
    assert round(player.getRd(), 2) == pytest.approx(151.52, abs=0.01)
    assert player.vol == pytest.approx(0.05999, abs=1e-5)


values = st.floats(800, 2400)
deviations = st.floats(40, 350)


@given(values, deviations, values, deviations)
def test_a_duel_raises_its_winner_and_lowers_its_loser(
    a: float, da: float, b: float, db: float
) -> None:
    won, lost = ratings.duel(Rating(a, da), Rating(b, db), 1.0)
    assert won.value > a and lost.value < b and won.games == lost.games == 1


@given(values, deviations)
def test_a_draw_between_equals_moves_neither(a: float, da: float) -> None:
    one, two = ratings.duel(Rating(a, da), Rating(a, da), 0.5)
    assert one.value == pytest.approx(a) and two.value == pytest.approx(a)


def test_the_table_model_ranks_like_glicko_between_two_settled_players() -> None:
    """OpenSkill's beta makes a difference of 400 points 10-to-1 odds, as in Glicko-2: an
    upset moves both models' ratings about as much, and the favourite's win little."""
    strong, weak = Rating(1900, 60), Rating(1500, 60)
    glicko_up, _ = ratings.duel(weak, strong, 1.0)
    (skill_up,), _ = ratings.table([[weak], [strong]], [1.0, 0.0])
    assert skill_up.value - 1500 == pytest.approx(glicko_up.value - 1500, rel=0.35)
    (small,), _ = ratings.table([[strong], [weak]], [1.0, 0.0])
    assert 0 < small.value - 1900 < (skill_up.value - 1500) / 5  # 10-to-1 favourite


def test_a_table_of_three_orders_its_changes_by_place_and_ties_share_one() -> None:
    new = ratings.newcomer("toxicity/table")
    first, second, third = ratings.table([[new], [new], [new]], [2.0, 1.0, 1.0])
    assert first[0].value > 1500 > second[0].value == third[0].value


def test_teams_move_together() -> None:
    new = ratings.newcomer("futebol/teams")
    blue, orange = ratings.table([[new, new, new], [new, new, new]], [1.0, 0.0])
    assert len({r.value for r in blue}) == 1 and blue[0].value > 1500 > orange[0].value


@pytest.mark.parametrize(
    ("game", "options", "ladder"),
    [
        ("toinc", {}, "toinc/duel"),
        ("touchdown", {}, "touchdown/duel"),
        ("futebol", {}, "futebol/duel"),
        ("futebol", {"format": "teams"}, "futebol/teams"),
        ("toxicity", {"players": 3}, "toxicity/table"),
        ("toxicity", {}, "toxicity/table"),
    ],
)
def test_a_table_is_rated_on_its_games_ladder_for_its_kind(
    game: str, options: dict[str, object], ladder: str
) -> None:
    assert ratings.ladder_of(games.load(game, **options)) == ladder


def test_an_idle_players_deviation_grows_by_whole_weeks_to_a_newcomers_at_most() -> None:
    settled = Rating(1700, 60, 0.06, 30)
    assert ratings.idle(settled, 6.9) == settled
    week, year = ratings.idle(settled, 7).deviation, ratings.idle(settled, 365).deviation
    assert 60 < week < year <= ratings.NEW_DEVIATION
    assert ratings.idle(settled, 10**9).deviation == ratings.NEW_DEVIATION
    expected = math.hypot(60 / ratings.ELO_SCALE, 0.06) * ratings.ELO_SCALE
    assert week == pytest.approx(expected)


def test_computer_levels_rate_only_where_a_rating_is_published() -> None:
    assert ratings.computer_rating("toinc/duel", "random") is not None
    assert ratings.computer_rating("toinc/duel", None) is None
    assert ratings.computer_rating("nowhere/duel", "random") is None
