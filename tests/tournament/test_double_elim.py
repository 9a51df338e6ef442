"""Cobra's double-elimination cut (`double_elim.py`, the `cobra` rule set's `cut`):
the brackets of `app/services/bracket/top4.rb` and `top8.rb`, the grand final's second
game, places, and the event around it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.core.errors import DataFileError, IllegalAction, OptionError
from ludoteca.tournament import DuelEvent
from ludoteca.tournament.double_elim import DoubleCut, bracket, cut_from_dict, sizes
from ludoteca.tournament.players import Score
from ludoteca.tournament.topcut import TopCut, loser_of, winner_of
from tests.depth import examples

SEEDS = [f"s{i}" for i in range(1, 9)]


def play(cut: DoubleCut, first_wins: list[bool]) -> None:
    """Report the current round, the first-named player winning where True."""
    for table, win in enumerate(first_wins, start=1):
        cut.report(table, Score(3, 0) if win else Score(0, 3))


def test_the_brackets_cobra_has() -> None:
    assert sizes() == [4, 8, 16]
    assert [len(bracket(n)) for n in (4, 8, 16)] == [7, 15, 31]
    with pytest.raises(OptionError, match="top 4, 8, 16, not 6"):
        DoubleCut.start(SEEDS, 6)


def test_top8_first_round_and_the_lower_bracket() -> None:
    """top8.rb: games 1-4 are 1v8, 4v5, 2v7, 3v6; game 7 is loser(1) v loser(2)."""
    cut = DoubleCut.start(SEEDS, 8)
    assert [(m.a, m.b) for m in cut.rounds[0]] == [
        ("s1", "s8"),
        ("s4", "s5"),
        ("s2", "s7"),
        ("s3", "s6"),
    ]
    play(cut, [True, True, True, True])
    second = cut.advance()
    assert [cut.game(2, m.table) for m in second] == [5, 6, 7, 8]
    assert [(m.a, m.b) for m in second] == [
        ("s1", "s4"),
        ("s2", "s3"),
        ("s8", "s5"),
        ("s7", "s6"),
    ]


def test_the_grand_final_is_replayed_only_when_the_lower_player_wins_it() -> None:
    cut = DoubleCut.start(SEEDS[:4], 4)
    play(cut, [True, True])  # s1 beats s4, s2 beats s3
    cut.advance()
    play(cut, [True, True])  # game 3: s1 beats s2; game 4: s4 beats s3 (s3 out)
    cut.advance()
    play(cut, [False])  # game 5, loser(3) v winner(4): s4 beats s2 (s2 out)
    final = cut.advance()[0]
    assert (final.a, final.b) == ("s1", "s4")  # game 6: upper winner v lower winner
    play(cut, [False])  # s4 wins: s1 has lost once, the final is played again
    assert not cut.finished
    again = cut.advance()[0]
    assert (again.a, again.b) == ("s4", "s1") and cut.game(5, 1) == 7
    play(cut, [False])
    assert cut.finished and cut.ranking() == ["s1", "s4", "s2", "s3"]
    with pytest.raises(IllegalAction, match="over"):
        cut.advance()


def test_an_upper_bracket_winner_who_wins_the_grand_final_is_champion_at_once() -> None:
    cut = DoubleCut.start(SEEDS[:4], 4)
    for _ in range(3):
        play(cut, [True] * len(cut.rounds[-1]))
        cut.advance()
    play(cut, [True])
    assert cut.finished and len(cut.rounds) == 4
    assert cut.ranking()[:2] == ["s1", "s2"]


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.booleans(), min_size=40, max_size=40))
def test_double_elimination_invariants(coins: list[bool]) -> None:
    """Out after two losses and not before; the cut ends; places are the seeds."""
    cut = DoubleCut.start(SEEDS, 8)
    flips = iter(coins)
    while True:
        play(cut, [next(flips) for _ in cut.rounds[-1]])
        if cut.finished:
            break
        cut.advance()
    losses = {p: 0 for p in SEEDS}
    for matches in cut.rounds:
        for match in matches:
            assert losses[match.a] < 2 and losses[match.b] < 2  # nobody plays when out
            losses[loser_of(match)] += 1
    ranking = cut.ranking()
    assert sorted(ranking) == sorted(SEEDS) and len(cut.rounds) in (6, 7)
    assert losses[ranking[0]] <= 1 and all(losses[p] == 2 for p in ranking[1:])
    assert winner_of(cut.rounds[-1][0]) == ranking[0]


def test_a_stored_cut_must_be_the_brackets_pairing() -> None:
    cut = DoubleCut.start(SEEDS, 8)
    play(cut, [True, False, True, False])
    cut.advance()
    stored = cut.to_dict()
    assert cut_from_dict(stored) == cut
    stored["rounds"][1][0]["b"] = "s8"  # s8 lost game 1: he is not in game 5
    with pytest.raises(DataFileError, match="round 2 is not the bracket's pairing"):
        cut_from_dict(stored)


def cobra_event() -> DuelEvent:
    ev = DuelEvent("night", seed=3, rules="cobra")
    for i in range(1, 7):
        ev.add_player(f"p{i}", f"Player {i}")
    for _ in range(2):
        matches = ev.pair_next_round().matches
        for match in matches:
            if match.b is not None:
                ev.report(len(ev.rounds), match.table, "6-0")
    return ev


def test_a_cobra_event_cuts_to_double_elimination_and_agot_to_single() -> None:
    ev = cobra_event()
    cut = ev.start_top_cut(4)
    assert isinstance(cut, DoubleCut)
    ev.report_cut(1, "3-0")
    ev.report_cut(2, "0-3")
    assert DuelEvent.from_dict(ev.to_dict()).to_dict() == ev.to_dict()
    agot = DuelEvent("agot", seed=3)
    for i in range(1, 5):
        agot.add_player(f"p{i}", f"Player {i}")
    for match in agot.pair_next_round().matches:
        agot.report(1, match.table, "win")
    assert isinstance(agot.start_top_cut(4), TopCut)
    assert "kind" not in agot.to_dict()["top_cut"]  # agot files as they were


def test_a_cut_of_the_wrong_kind_for_the_rule_set_is_refused() -> None:
    ev = cobra_event()
    ev.start_top_cut(4)
    stored = ev.to_dict()
    stored["top_cut"].pop("kind")
    with pytest.raises(DataFileError, match="not of the form the cobra rule set runs"):
        DuelEvent.from_dict(stored)
