"""The score dynamics of a game (#42 item 5): lead changes, deficits, the score over
time, and their totals in the balance report."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from ludoteca import games
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.dynamics import HALF, LEAD, TRAIL, ScoreTrace, checkpoint_key, sole_leader
from ludoteca.sim.html_report import Setting, build_report
from ludoteca.sim.parallel import GameRecord, play_chunk
from ludoteca.sim.study import Study


def traced(start: tuple[float, ...], scores: Sequence[Sequence[float]]) -> ScoreTrace:
    trace = ScoreTrace(start, len(scores))
    for after in scores:
        trace.seen(after)
    return trace


def test_a_lead_change_is_the_sole_lead_passing_to_another_seat() -> None:
    # leaders: 0 (the first lead: no change), 1, 0, a tie (no leader), then 1 again
    steps = [(1.0, 0.0), (1.0, 2.0), (3.0, 2.0), (3.0, 3.0), (3.0, 4.0)]
    trace = traced((0.0, 0.0), steps)
    assert trace.taken == [1.0, 2.0]
    assert trace.most == [1.0, 1.0]


def test_a_tie_then_the_same_leader_again_is_no_change() -> None:
    trace = traced((0.0, 0.0), [(1.0, 0.0), (1.0, 1.0), (2.0, 1.0)])
    assert trace.taken == [0.0, 0.0]
    assert trace.most == [0.0, 1.0]


def test_the_score_over_time_is_read_after_each_tenth_of_the_actions() -> None:
    steps = [(float(i), 0.0) for i in range(1, 21)]
    usage = traced((0.0, 0.0), steps).usage()
    assert usage[checkpoint_key(5)] == (10.0, 0.0)
    assert usage[checkpoint_key(1)] == (2.0, 0.0)
    assert usage[checkpoint_key(10)] == (20.0, 0.0)
    assert len([k for k in usage if k.startswith("score@")]) == 10


@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(0, 5)), max_size=40))
def test_trace_invariants(raw: list[tuple[int, int, int]]) -> None:
    steps = [tuple(float(x) for x in row) for row in raw]
    usage = traced((0.0, 0.0, 0.0), steps).usage()
    final = steps[-1] if steps else (0.0, 0.0, 0.0)
    assert usage[checkpoint_key(10)] == final
    assert len([k for k in usage if k.startswith("score@")]) == 10
    assert sum(usage[LEAD]) <= max(len(steps) - 1, 0)
    for seat in range(3):
        assert usage[TRAIL][seat] >= max(final) - final[seat]
    if steps and sole_leader(final) is not None:
        assert usage[TRAIL][sole_leader(final) or 0] >= 0


def test_a_played_game_traces_its_final_scores_and_whole_lead_changes() -> None:
    for record in play_chunk("kalah", {}, ["heuristic", "random"], 3, range(4), usage=True):
        assert record.usage[checkpoint_key(10)] == record.scores
        assert all(n == int(n) for n in record.usage[LEAD])
        row = record.row(usage=True)
        assert row["lead_changes"] == sum(record.usage[LEAD])
        if record.winner is not None:
            assert row["comeback"] == (record.usage[TRAIL][record.winner] > 0)


def record(
    winner: int | None,
    lead: tuple[float, float],
    trail: tuple[float, float],
    half: tuple[float, float],
) -> GameRecord:
    usage: dict[str, tuple[float, ...]] = {LEAD: lead, TRAIL: trail, HALF: half}
    return GameRecord(0, 0, (1.0, 0.0), winner, 10, {}, usage)


def test_the_totals_count_comebacks_and_the_halfway_leader_of_decided_games_only() -> None:
    stats = BalanceStats(seats=2)
    stats.add(record(0, (1.0, 1.0), (2.0, 1.0), (0.0, 3.0)))  # came back; halfway leader lost
    stats.add(record(1, (0.0, 0.0), (1.0, 0.0), (0.0, 3.0)))  # led throughout
    stats.add(record(None, (0.0, 0.0), (0.0, 0.0), (2.0, 2.0)))  # a draw: not decided
    stats.add(record(0, (0.0, 0.0), (0.0, 1.0), (1.0, 1.0)))  # a tie at halfway: no leader
    dyn = stats.dynamics
    assert (dyn.games, dyn.decided, dyn.comebacks) == (4, 3, 1)
    assert (dyn.half_leads, dyn.half_leader_won) == (2, 1)
    assert dyn.mean_lead_changes() == 0.5
    assert dyn.share_with_change() == (1, 4)
    assert stats.totals("", TRAIL).wins_when_used == [1, 0]  # seat 0 won after trailing once


def test_the_report_shows_the_dynamics_section() -> None:
    stats = BalanceStats(seats=2)
    for rec in play_chunk("kalah", {}, ["heuristic", "heuristic"], 1, range(12), usage=True):
        stats.add(rec)
    setting = Setting("default options", games.load("kalah"), stats)
    page = build_report("kalah", 1, [setting], Study(agents=["heuristic", "heuristic"]))
    assert '<section id="dynamics">' in page
    assert "lead changes a game (mean)" in page
