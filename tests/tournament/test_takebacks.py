"""An organizer's take-backs (issue 16): a drop undone before the next pairing, a result
typed by mistake taken back while its round is in play. Neither rewrites a round already
paired or seated."""

from __future__ import annotations

import pytest

from ludoteca.core.errors import IllegalAction
from ludoteca.tournament import DuelEvent, Result
from ludoteca.tournament.melee import MeleeEvent


def duel(players: int) -> DuelEvent:
    event = DuelEvent("cup", seed=3)
    for number in range(1, players + 1):
        event.add_player(f"p{number}", f"Player {number}")
    return event


def test_a_duel_drop_is_undone_before_the_next_pairing_only() -> None:
    """Reinstated before round 2 is paired: paired in round 2, no trace of the drop."""
    event = duel(4)
    first = event.pair_next_round()
    for match in first.matches:
        event.report(1, match.table, Result.WIN)
    event.drop("p1")
    assert "p1" not in event.active(2)
    event.reinstate("p1")
    assert "p1" in event.active(2) and event.players["p1"].away == []
    with pytest.raises(IllegalAction, match="has not dropped"):
        event.reinstate("p3")


def test_a_player_who_dropped_re_joins_and_the_rounds_between_are_missed() -> None:
    """MTR 2.10: "Players who have dropped may reenter a tournament at the discretion of
    the Head Judge [...] Players may not reenter a tournament after any cut has been
    made." Round 2 paired without p2 stays; p2 is paired again from round 3."""
    event = duel(5)
    for number in (1, 2):
        if number == 2:
            event.drop("p2")
        rnd = event.pair_next_round()
        for match in rnd.matches:
            if match.b is not None:
                event.report(number, match.table, Result.WIN)
    assert "p2" not in {p for m in event.rounds[1].matches for p in (m.a, m.b)}
    event.reinstate("p2")
    assert event.players["p2"].away == [2] and "p2" in event.active(3)
    assert DuelEvent.from_dict(event.to_dict()).players["p2"].away == [2]
    assert "away" not in event.players["p1"].to_dict()  # files without a return unchanged
    event.start_top_cut(2)
    event.drop("p3")
    with pytest.raises(IllegalAction, match="the top cut has started"):
        event.reinstate("p3")


def test_a_duel_result_of_the_round_in_play_is_taken_back() -> None:
    """The table is open again and the standings are as before it; a finished round's
    result is not taken back (it is corrected)."""
    event = duel(4)
    event.pair_next_round()
    before = [(s.player_id, s.points) for s in event.standings()]
    event.report(1, 1, Result.WIN)
    assert [(s.player_id, s.points) for s in event.standings()] != before
    event.clear_result(1, 1)
    assert event.rounds[0].matches[0].result is None
    assert [(s.player_id, s.points) for s in event.standings()] == before
    with pytest.raises(IllegalAction, match="no result to take back"):
        event.clear_result(1, 1)
    for match in event.rounds[0].matches:
        event.report(1, match.table, Result.WIN)
    event.pair_next_round()
    with pytest.raises(IllegalAction, match="not the round in play"):
        event.clear_result(1, 1)


def test_a_top_cut_result_is_taken_back_before_the_next_cut_round() -> None:
    event = duel(4)
    event.pair_next_round()
    for match in event.rounds[0].matches:
        event.report(1, match.table, Result.WIN)
    event.start_top_cut(4)
    event.report_cut(1, Result.WIN)
    event.clear_cut_result(1)
    assert event.top_cut is not None and event.top_cut.rounds[-1][0].result is None
    with pytest.raises(IllegalAction, match="no result to take back"):
        event.clear_cut_result(1)


def melee(players: int) -> MeleeEvent:
    event = MeleeEvent("copa", "s")
    for number in range(1, players + 1):
        event.add_player(f"Player {number}")
    return event


def test_a_melee_drop_is_undone_before_the_next_round_is_seated() -> None:
    """And the drop's round survives storage; data without it cannot be undone."""
    event = melee(8)
    event.seat_next_round()
    event.drop(3)
    again = MeleeEvent.from_dict(event.to_dict())
    again.reinstate(3)
    assert 3 in again.active()
    old = event.to_dict()
    del old["players"][2]["dropped_round"]
    with pytest.raises(IllegalAction, match="a round was seated after the drop"):
        MeleeEvent.from_dict(old).reinstate(3)


def test_a_melee_result_of_the_round_in_play_is_taken_back() -> None:
    event = melee(8)
    event.seat_next_round()
    seats = event.rounds[0][0].seats
    event.report(1, 1, {seat: 5 for seat in seats})
    event.clear_result(1, 1)
    assert event.rounds[0][0].powers is None
    with pytest.raises(IllegalAction, match="no result to take back"):
        event.clear_result(1, 1)
