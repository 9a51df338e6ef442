"""Balance statistics: significance tests with known answers, usage that adds up."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca import games
from ludoteca.sim.balance import (
    BalanceStats,
    compare_first_seat,
    mean_difference_test,
    two_proportion_test,
)
from ludoteca.sim.html_report import group_rates
from ludoteca.sim.parallel import GameRecord, run_games
from ludoteca.sim.playout import random_game
from ludoteca.sim.usage import ACTION, CARD, POINTS, card_ids, trace_usage


def test_two_proportion_test_known_answer() -> None:
    """60/100 against 40/100: pooled p = 0.5, z = 0.2 / sqrt(0.25 * 0.02) = 2.828."""
    test = two_proportion_test(60, 100, 40, 100)
    assert test.difference == pytest.approx(0.2)
    assert test.z == pytest.approx(2 * math.sqrt(2))
    assert test.p_value == pytest.approx(0.004678, abs=1e-6)
    assert test.significant


def test_two_proportion_test_not_significant() -> None:
    """52/100 against 48/100: pooled p = 0.5, z = 0.04 / sqrt(0.25 * 0.02) = 0.566."""
    test = two_proportion_test(52, 100, 48, 100)
    assert test.z == pytest.approx(0.04 / math.sqrt(0.25 * 0.02))
    assert test.p_value == pytest.approx(0.5716, abs=1e-4)
    assert not test.significant


def test_mean_difference_test_known_answer() -> None:
    """Means 1.2 and 1.0, variances 1 and 1, 50 games each: z = 0.2 / 0.2 = 1.0."""
    test = mean_difference_test(1.2, 1.0, 50, 1.0, 1.0, 50)
    assert test.z == pytest.approx(1.0)
    assert test.p_value == pytest.approx(0.3173, abs=1e-4)


def test_identical_settings_with_no_variation_are_not_different() -> None:
    assert two_proportion_test(10, 10, 10, 10).p_value == 1.0
    assert two_proportion_test(0, 10, 0, 10).z == 0.0
    assert mean_difference_test(2.0, 0.0, 5, 1.0, 0.0, 5).p_value == 0.0


def _record(index: int, scores: tuple[float, float], winner: int | None) -> GameRecord:
    return GameRecord(index, index, scores, winner, 10 + index, {"x": 1.0})


def test_stats_and_comparison_on_hand_made_records() -> None:
    """Seat 0 wins 3 of 4 under A and 1 of 4 under B; scores' means and variances."""
    a, b = BalanceStats(2), BalanceStats(2)
    for i, (s, w) in enumerate([((3, 1), 0), ((2, 0), 0), ((1, 2), 1), ((4, 0), 0)]):
        a.add(_record(i, s, w))
    for i, (s, w) in enumerate([((0, 1), 1), ((1, 1), None), ((2, 0), 0), ((1, 3), 1)]):
        b.add(_record(i, s, w))
    assert (a.wins, a.draws, b.wins, b.draws) == ([3, 1], 0, [1, 2], 1)
    assert a.mean_score(0) == 2.5 and a.score_variance(0) == pytest.approx(5 / 3)
    assert a.win_interval(0)[0] < 0.75 < a.win_interval(0)[1]
    wins, score = compare_first_seat(a, b)
    assert wins.difference == pytest.approx(0.5)
    assert wins.z == pytest.approx(0.5 / math.sqrt(0.25 * 0.5))
    assert score.difference == pytest.approx(1.5)
    assert sum(a.lengths.values()) == 4 and a.statistics == {"x": 4.0}


def test_toinc_card_and_action_usage_add_up() -> None:
    """Per-card uses equal the actions naming each card; action types sum to the actions;
    points by action type sum to the final scores (Toinc starts at 0-0)."""
    game = games.load("toinc")
    cards = card_ids(game)
    assert len(cards) == 200
    for seed in (1, 2):
        state = random_game(game, seed)
        usage = trace_usage(game, game.record(state), cards)
        named = Counter(a.partition(":")[2] for a in state.history)
        for card in cards:
            assert sum(usage.get(CARD + card, (0.0, 0.0))) == named[card]
        assert sum(sum(v) for k, v in usage.items() if k.startswith(ACTION)) == len(state.history)
        for seat in (0, 1):
            points = sum(v[seat] for k, v in usage.items() if k.startswith(POINTS))
            assert points == state.scores[seat]


def test_usage_totals_over_a_run_add_up() -> None:
    """A run's totals per card are the sums of its games' uses; games used <= games."""
    records = list(run_games("toinc", {}, ["random", "random"], 3, seed=4, workers=1, usage=True))
    stats = BalanceStats(2)
    for record in records:
        stats.add(record)
    for card in stats.keys(CARD):
        totals = stats.totals(CARD, card)
        assert sum(totals.amount) == sum(sum(r.usage.get(CARD + card, ())) for r in records)
        pairs = zip(totals.wins_when_used, totals.games_used, strict=True)
        assert all(0 <= won <= used <= 3 for won, used in pairs)


def test_toxicity_characters_fates_add_up() -> None:
    """*Pontuação*: every pawn of every round escapes (door or trapdoor) or dies, so each
    character's fates add up to its rounds, and the characters add up to the totals."""
    for record in run_games("toxicity", {"players": 4}, ["random"] * 4, 6, seed=2, workers=1):
        stats = record.statistics
        groups = [k.split(".")[0] for k in stats if k.endswith(".rounds")]
        colours = [g for g in groups if not g.startswith("item:")]
        assert colours == ["blue", "red", "yellow"]
        for colour in colours:
            fates = sum(stats[f"{colour}.{f}"] for f in ("door", "trapdoor", "deaths"))
            assert fates == stats[f"{colour}.rounds"] == 4  # a round for each seat
        for fate in ("door", "trapdoor", "deaths"):
            assert stats[fate] == sum(stats[f"{c}.{fate}"] for c in colours)
        rates = group_rates(stats)
        for colour in colours:
            assert sum(rates[colour].values()) == pytest.approx(1.0)


@given(
    st.integers(1, 500).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))),
    st.integers(1, 500).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))),
)
def test_two_proportion_test_is_antisymmetric(a: tuple[int, int], b: tuple[int, int]) -> None:
    """Swapping the settings negates z and keeps p; p is a probability."""
    (n_a, wins_a), (n_b, wins_b) = a, b
    forward = two_proportion_test(wins_a, n_a, wins_b, n_b)
    backward = two_proportion_test(wins_b, n_b, wins_a, n_a)
    assert forward.z == pytest.approx(-backward.z)
    assert forward.p_value == pytest.approx(backward.p_value)
    assert 0.0 <= forward.p_value <= 1.0
    assert (forward.difference == 0) == (forward.p_value == 1.0)
