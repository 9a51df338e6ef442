"""Arena statistics on cases with known answers, and a round-robin on the toy game."""

from __future__ import annotations

import math

import pytest

from ludoteca.sim.arena import ArenaResult, _tally, run_arena, seatings, win_shares
from ludoteca.sim.parallel import GameRecord
from ludoteca.sim.ratings import bradley_terry, elo_ratings, wilson_interval


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_bradley_terry_recovers_known_strengths() -> None:
    true = [1.0, 2.0, 4.0]
    n = 1_000_000
    wins = [
        [n * true[i] / (true[i] + true[j]) if i != j else 0.0 for j in range(3)] for i in range(3)
    ]
    strengths = bradley_terry(wins)
    assert strengths[1] / strengths[0] == pytest.approx(2.0, rel=1e-3)
    assert strengths[2] / strengths[0] == pytest.approx(4.0, rel=1e-3)
    assert math.prod(strengths) == pytest.approx(1.0)


def test_undefeated_agent_keeps_a_finite_rating() -> None:
    strengths = bradley_terry([[0, 10], [0, 0]])
    assert all(math.isfinite(s) and s > 0 for s in strengths)
    assert strengths[0] > strengths[1]


def test_elo_scale() -> None:
    a, b = elo_ratings([10.0, 1.0], anchor=0.0)
    assert a - b == pytest.approx(400.0)


def test_every_agent_takes_every_seat() -> None:
    for agents, seats in [(3, 2), (2, 2), (3, 5), (4, 3)]:
        table = seatings(agents, seats)
        for seat in range(seats):
            assert {seating[seat] for seating in table} == set(range(agents))


def test_round_robin_totals_and_order() -> None:
    result = run_arena("toy", {"hand": 5}, ["random", "ismcts:iterations=60"], 12, 1, 1)
    assert sum(result.games) == 2 * 2 * 12  # two seatings of 12 games, two seats each
    assert sum(result.points) == pytest.approx(2 * 12)  # one point per game
    report = result.to_json()["agents"]
    assert report[1]["score_rate"] > report[0]["score_rate"]
    assert report[1]["elo"] > report[0]["elo"]


def record(scores: tuple[float, ...], winner: int | None) -> GameRecord:
    return GameRecord(index=0, seed=0, scores=scores, winner=winner, steps=1, statistics={})


def test_win_shares_split_one_point_among_the_winners() -> None:
    assert win_shares(record((3.0, 1.0), 0)) == [1.0, 0.0]
    assert win_shares(record((2.0, 2.0), None)) == [0.5, 0.5]  # a two-seat draw
    # Toxicity's typical random table: all five tied, nobody's win (chance, 1/5 each).
    assert win_shares(record((4.0,) * 5, None)) == [0.2] * 5
    # Two of five tied on top share the point; the others get nothing.
    assert win_shares(record((5.0, 3.0, 5.0, 4.0, 1.0), None)) == [0.5, 0, 0.5, 0, 0]
    # futebol 2v2: every seat carries its side's goals; the winning side shares.
    assert win_shares(record((1.0, 0.0, 1.0, 0.0), 0)) == [0.5, 0, 0.5, 0]


def test_a_win_at_level_scores_goes_to_the_winner_alone() -> None:
    """futebol *Desqualificação*: a side with four red cards loses at once, even at 0-0;
    the game's returns, not the level scores, say who shares the point."""
    dq = GameRecord(0, 0, (0.0, 0.0), 1, 1, {}, returns=(-1.0, 1.0))
    assert win_shares(dq) == [0.0, 1.0]
    teams = GameRecord(0, 0, (0.0,) * 4, 0, 1, {}, returns=(1.0, -1.0, 1.0, -1.0))
    assert win_shares(teams) == [0.5, 0.0, 0.5, 0.0]


def test_unfinished_games_are_left_out_of_the_scores_and_counted() -> None:
    """A game stopped by a limit in the options has no result: no points, no games
    played, not a draw (futebol decision 19)."""
    result = run_arena("futebol", {"turn_limit": 4}, ["random", "heuristic"], 2, 0, 1)
    assert result.unfinished == 4
    assert result.games == [0, 0] and result.points == [0.0, 0.0]
    assert result.to_json()["unfinished"] == 4


def test_multi_seat_tally_gives_one_point_per_game() -> None:
    result = ArenaResult(("a", "b"), [0.0, 0.0], [0, 0], [[0.0, 0.0], [0.0, 0.0]])
    seating = (0, 1, 0, 1, 0)
    _tally(result, seating, record((4.0,) * 5, None))  # all tied: 3/5 to a, 2/5 to b
    _tally(result, seating, record((4.0, 6.0, 4.0, 4.0, 4.0), 1))  # b wins alone
    assert result.games == [6, 4]
    assert result.points == pytest.approx([0.6, 1.4])
    # Pairwise: the tie gives 1/2 per pair of different agents (3*2 pairs each way);
    # b's win beats the three a seats; a's losing seats never "beat" b's loser.
    assert result.pairwise[0][1] == pytest.approx(3.0)
    assert result.pairwise[1][0] == pytest.approx(3.0 + 3.0)
