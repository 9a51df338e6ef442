"""Rule sets as data (issue 22, part 1): `agot` unchanged and the default, `cobra`
(Netrunner as Cobra scores it) and `mtg` (Magic Tournament Rules, Appendix C), each
checked on its source's worked examples."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core.errors import DataFileError, IllegalAction
from ludoteca.tournament import DuelEvent, rulesets
from ludoteca.tournament.players import Result, Score
from ludoteca.tournament.scoring import POINTS
from ludoteca.tournament.tiebreaks import (
    TIEBREAKS,
    Record,
    game_win_percentage,
    match_win_percentage,
)


def event(rules: str, names: list[str]) -> DuelEvent:
    out = DuelEvent("test", seed=1, rules=rules)
    for name in names:
        out.add_player(name, name.title())
    return out


def play(ev: DuelEvent, pairs: list[tuple[str, str | None]], scores: list[str]) -> None:
    """A round paired by hand (`set_pairings`) with these scores, byes excepted."""
    ev.pair_next_round()
    ev.set_pairings(pairs)
    number = len(ev.rounds)
    played = [m for m in ev.rounds[-1].matches if m.b is not None]
    assert len(played) == len(scores)
    for match, score in zip(played, scores, strict=True):
        ev.report(number, match.table, score)


def table(ev: DuelEvent) -> list[tuple[str, int, tuple[float, ...]]]:
    return [(s.player_id, s.points, tuple(v for _n, v in s.tiebreaks)) for s in ev.standings()]


def test_the_shipped_rule_sets_and_agot_first() -> None:
    assert rulesets.names() == ["agot", "cobra", "mtg", "mtg-topdeck"]
    assert DuelEvent("x").rules.name == "agot"
    # agot's data file says what scoring.py scores (*Pontuação*)
    assert rulesets.get("agot").points == {r.value: p for r, p in POINTS.items()}
    assert set(rulesets.SCORE_TIEBREAKS) == set(TIEBREAKS)


def test_an_unknown_rule_set_is_refused_by_name() -> None:
    with pytest.raises(
        IllegalAction, match=r"unknown rule set 'chess'.*agot, cobra, mtg, mtg-topdeck"
    ):
        DuelEvent("x", rules="chess")


@given(st.integers(0, 999), st.integers(0, 999), st.integers(0, 999), st.booleans())
def test_a_score_reads_back_what_it_writes(a: int, b: int, draws: int, intentional: bool) -> None:
    score = Score(a, b, draws, intentional)
    assert Score.parse(score.value) == score
    assert score.reversed().reversed() == score and score.reversed().is_win == (b > a)


# -- cobra: Cobra's SoS and eSoS (app/services/sos_calculator.rb) --------------------------
def test_cobra_three_player_event_with_byes() -> None:
    """Byes count as a round played with their 6 points, never as an opponent: Laurie
    12 points, SoS 1.5, eSoS 5.25; Dan 9, 1.5, 5.25; Johno 3, 5.25, 1.5."""
    ev = event("cobra", ["laurie", "dan", "johno"])
    play(ev, [("dan", "johno"), ("laurie", None)], ["3-3"])
    play(ev, [("laurie", "johno"), ("dan", None)], ["6-0"])
    assert table(ev) == [
        ("laurie", 12, (1.5, 5.25)),
        ("dan", 9, (1.5, 5.25)),
        ("johno", 3, (5.25, 1.5)),
    ]


def test_cobra_sos_is_the_mean_of_the_opponents_points_per_round() -> None:
    """Snap beats Crackle 6-0 and Pop 6-0; Pop beat Other 6-0, Crackle and Other drew
    3-3: Snap's SoS is (3/2 + 6/2) / 2 = 2.25, his eSoS 3.75."""
    ev = event("cobra", ["snap", "crackle", "pop", "other"])
    play(ev, [("snap", "crackle"), ("pop", "other")], ["6-0", "6-0"])
    play(ev, [("snap", "pop"), ("crackle", "other")], ["6-0", "3-3"])
    snap = next(s for s in ev.standings() if s.player_id == "snap")
    assert (snap.rank, snap.points, snap.tiebreaks) == (1, 12, (("sos", 2.25), ("esos", 3.75)))


def test_cobra_refuses_what_a_double_sided_round_cannot_score() -> None:
    ev = event("cobra", ["a", "b"])
    ev.pair_next_round()
    for bad in ("7-0", "0-9", "2-1-1", "win", "six"):
        with pytest.raises(IllegalAction, match="not a result under cobra"):
            ev.report(1, 1, bad)
    with pytest.raises(IllegalAction, match="no timed results"):
        ev.report_timed(1, 1, 10, 12)
    ev.report(1, 1, "1-1 id")  # an intentional draw: both games tied
    assert [s.points for s in ev.standings()] == [1, 1]


# -- mtg: Magic Tournament Rules, Appendix C ----------------------------------------------
def test_mtg_match_and_game_points() -> None:
    """ "A player's record is 6-2-0 ... 18 match points"; "4-2-2 ... 14"; a match won
    2-0-0 gives 6 game points and 0, 2-1-0 gives 6 and 3, 2-0-1 gives 7 and 1."""
    mtg = rulesets.get("mtg")
    wins, losses, draws = mtg.parse("2-0"), mtg.parse("0-2"), mtg.parse("1-1")
    assert 6 * mtg.match_points(wins) + 2 * mtg.match_points(losses) == 18
    record = [wins] * 4 + [losses] * 2 + [draws] * 2
    assert sum(mtg.match_points(r) for r in record if isinstance(r, Score)) == 14
    for written, mine, theirs in (("2-0-0", 6, 0), ("2-1-0", 6, 3), ("2-0-1", 7, 1)):
        score = Score.parse(written)
        assert mtg.game_points(score)[0] == mine
        assert mtg.game_points(score.reversed())[0] == theirs


def test_mtg_match_win_percentage_table() -> None:
    """Appendix C's 8-round table: 5-2-1 is 16/(8*3) = 0.667; 1-3-0 then withdrawn is
    3/(4*3) = 0.25, so the floor is used; 3-2-0 with a first-round bye, then withdrawn,
    is 9/(5*3) = 0.60."""
    floor = rulesets.get("mtg").floor
    assert match_win_percentage(Record(points=16, rounds=8), floor) == Fraction(2, 3)
    assert match_win_percentage(Record(points=3, rounds=4), floor) == floor
    assert match_win_percentage(Record(points=9, rounds=5), floor) == Fraction(3, 5)
    assert game_win_percentage(Record(game_points=1, games=6), floor) == floor


@pytest.mark.parametrize(
    ("name", "floor"), [("mtg", Fraction(1, 3)), ("mtg-topdeck", Fraction(33, 100))]
)
def test_the_floor_is_the_rule_sets_own(name: str, floor: Fraction) -> None:
    """Issue 39, item 1: `mtg` floors percentages at 1/3, as Wizards' software and
    melee.gg publish them; `mtg-topdeck` at 0.33, as TopDeck.gg does. A player whose only
    opponent went 0-3 has that floor as OMW%, exactly."""
    rules = rulesets.get(name)
    assert rules.floor == floor
    ev = event(name, ["ann", "bob", "cid", "dan"])
    play(ev, [("ann", "bob"), ("cid", "dan")], ["2-0", "2-0"])
    play(ev, [("ann", "cid"), ("bob", "dan")], ["2-0", "2-0"])
    play(ev, [("ann", "dan"), ("bob", "cid")], ["2-0", "2-0"])
    rows = {s.player_id: dict(s.tiebreaks) for s in ev.standings()}
    # ann 3-0 (GW% 1), bob 2-1 (2/3), cid 1-2 (1/3), dan 0-3: 0, floored
    assert (rows["ann"]["gw"], rows["bob"]["gw"]) == (1.0, pytest.approx(2 / 3))
    assert rows["dan"]["gw"] == pytest.approx(float(floor), rel=1e-12)
    assert rows["cid"]["ogw"] == pytest.approx((1 + 2 / 3 + float(floor)) / 3, rel=1e-12)
    assert rows["ann"]["omw"] == pytest.approx((2 / 3 + 1 / 3 + float(floor)) / 3, rel=1e-12)


def test_a_rule_sets_floor_must_be_a_share() -> None:
    with pytest.raises(DataFileError, match="floor"):
        rulesets._check(replace(rulesets.get("mtg"), floor=Fraction(3, 2)), "x.toml")


def test_mtg_event_byes_count_for_the_player_not_as_an_opponent() -> None:
    """A bye is a match won 2-0: 3 match points and 6 game points in two games for the
    player; it is no opponent in anyone's OMW% or OGW%."""
    ev = event("mtg", ["ann", "bob", "cid"])
    play(ev, [("ann", "bob"), ("cid", None)], ["2-1"])
    play(ev, [("ann", "cid"), ("bob", None)], ["1-1-1"])
    rows = {s.player_id: s for s in ev.standings()}
    assert (rows["ann"].points, rows["cid"].points, rows["bob"].points) == (4, 4, 3)
    ann, cid = dict(rows["ann"].tiebreaks), dict(rows["cid"].tiebreaks)
    # ann met bob (3 points in 2 rounds: 0.5) and cid (4 in 2: 0.667); cid met only ann
    assert ann["omw"] == pytest.approx((1 / 2 + 2 / 3) / 2)
    assert cid["omw"] == pytest.approx(2 / 3)
    assert [s.player_id for s in ev.standings()] == ["cid", "ann", "bob"]  # OMW% decides
    # ann's games: 2-1 (6 game points) and 1-1-1 (4) in 6 games; cid: the bye's 2-0 (6)
    # and 1-1-1 (4) in 5 games
    assert (ann["gw"], cid["gw"]) == (pytest.approx(10 / 18), pytest.approx(10 / 15))
    assert cid["ogw"] == pytest.approx(10 / 18) and rows["bob"].byes == 1


def test_mtg_drawn_games_do_not_count_toward_the_two_wins() -> None:
    """Issue 39, item 2; MTR 2.1: a match is played "until one side has won a set number
    of games, usually two. Drawn games do not count toward this goal": 2-1-1, 1-1-2 and
    2-0-2 are results, scored as their games say."""
    mtg = rulesets.get("mtg")
    for written, match, games in (("2-1-1", 3, (7, 4)), ("1-1-2", 1, (5, 4)), ("2-0-2", 3, (8, 4))):
        score = mtg.parse(written)
        assert isinstance(score, Score)
        assert mtg.match_points(score) == match
        assert mtg.game_points(score) == games
    ev = event("mtg", ["a", "b"])
    ev.pair_next_round()
    ev.report(1, 1, "2-1-1")
    assert [s.points for s in ev.standings()] == [3, 0]


def test_mtg_refuses_more_games_than_best_of_three() -> None:
    ev = event("mtg", ["a", "b"])
    ev.pair_next_round()
    for bad in ("3-0", "2-2", "0-0", "2-2-1", "2-1-4", "win"):
        with pytest.raises(IllegalAction, match="not a result under mtg"):
            ev.report(1, 1, bad)
    ev.report(1, 1, Score(0, 0, 3, intentional=True))


def test_agot_refuses_scores_and_keeps_its_files() -> None:
    ev = event("agot", ["a", "b"])
    ev.pair_next_round()
    with pytest.raises(IllegalAction, match="unknown result '2-1'"):
        ev.report(1, 1, "2-1")
    ev.report(1, 1, Result.WIN)
    assert "rules" not in ev.to_dict()  # an agot file is written as before
    data = ev.to_dict()
    data["rounds"][0]["matches"][0]["result"] = "2-1"
    with pytest.raises(DataFileError, match="not a result under agot"):
        DuelEvent.from_dict(data)


def test_a_rule_set_is_saved_with_its_event() -> None:
    ev = event("mtg", ["a", "b", "c"])
    play(ev, [("a", "b"), ("c", None)], ["2-0"])
    again = DuelEvent.from_dict(ev.to_dict())
    assert again.rules.name == "mtg" and again.to_dict() == ev.to_dict()
    assert table(again) == table(ev)


def test_mtg_late_entry_missed_rounds_count_for_nothing() -> None:
    """mtg.toml has no `late` (re-decided in issue 39): Appendix C's percentages are over
    "the number of rounds played", and melee.gg and TopDeck.gg leave a late entry's
    missed rounds out; so a round he was not paired in is neither points nor a round."""
    ev = event("mtg", ["ana", "bia"])
    play(ev, [("ana", "bia")], ["2-0"])
    ev.add_player("cid", "Cid")
    ev.add_player("dan", "Dan")
    play(ev, [("ana", "cid"), ("bia", "dan")], ["0-2", "2-1"])
    rec = {s.player_id: s for s in ev.standings()}
    assert (rec["cid"].points, rec["cid"].losses, rec["cid"].byes) == (3, 0, 0)
    # ana's opponents: bia 3 of 6 (1/2); cid 3 of 3 in his one round (1)
    assert dict(rec["ana"].tiebreaks)["omw"] == pytest.approx(0.75)
    assert dict(rec["cid"].tiebreaks)["gw"] == pytest.approx(1)


def test_a_rule_set_may_count_missed_rounds_as_a_result() -> None:
    """A rule set's `late` (IPG 3.1 Tardiness, were a series to rule that a player not
    paired "will receive a Match Loss"): a round missed counts as played and lost."""
    ev = event("mtg", ["ana", "bia"])
    ev.rules = replace(ev.rules, late=Score(0, 2))
    play(ev, [("ana", "bia")], ["2-0"])
    ev.add_player("cid", "Cid")
    ev.add_player("dan", "Dan")
    play(ev, [("ana", "cid"), ("bia", "dan")], ["0-2", "2-1"])
    rec = {s.player_id: s for s in ev.standings()}
    assert (rec["cid"].points, rec["cid"].losses, rec["cid"].byes) == (3, 1, 0)
    values = dict(rec["ana"].tiebreaks)
    # ana's opponents: bia 3 of 6 (1/2); cid 3 of 6, his missed round a played loss (1/2)
    assert values["omw"] == pytest.approx(0.5)
    # cid's games: 2-0 against ana and the missed round's 0-2, 6 game points of 12
    assert dict(rec["cid"].tiebreaks)["gw"] == pytest.approx(6 / 12)


def test_cobra_late_entry_missed_rounds_count_for_nothing() -> None:
    """cobra.toml has no `late`: Cobra gives a late player no pairing for the rounds he
    missed, so they are neither points nor rounds played in anyone's SoS."""
    ev = event("cobra", ["ana", "bia"])
    play(ev, [("ana", "bia")], ["6-0"])
    ev.add_player("cid", "Cid")
    ev.add_player("dan", "Dan")
    play(ev, [("ana", "cid"), ("bia", "dan")], ["0-6", "3-3"])
    rec = {s.player_id: s for s in ev.standings()}
    assert (rec["cid"].points, rec["cid"].losses) == (6, 0)
    # ana's opponents: bia 3 points in 2 rounds; cid 6 points in his 1 round
    assert dict(rec["ana"].tiebreaks)["sos"] == pytest.approx((3 / 2 + 6) / 2)


def test_a_rule_set_late_result_must_be_one_it_accepts() -> None:
    broken = rulesets.RuleSet(**{**vars(rulesets.get("mtg")), "late": Score(5, 0)})
    with pytest.raises(DataFileError, match="late '5-0'"):
        rulesets._check(broken, "x.toml")


def test_mtg_a_round_missed_between_a_drop_and_a_return_counts_for_nothing() -> None:
    ev = event("mtg", ["ana", "bia", "cid"])
    play(ev, [("ana", "bia"), ("cid", None)], ["2-0"])
    ev.drop("cid")
    play(ev, [("ana", "bia")], ["2-1"])
    ev.reinstate("cid")
    cid = next(s for s in ev.standings() if s.player_id == "cid")
    assert (cid.points, cid.byes, cid.losses) == (3, 1, 0)  # the bye; round 2 not played
    assert dict(cid.tiebreaks)["gw"] == pytest.approx(6 / 6)  # only the bye's 2-0
    ev.rules = replace(ev.rules, late=Score(0, 2))  # a rule set with `late`: a match loss
    ev._changed()
    cid = next(s for s in ev.standings() if s.player_id == "cid")
    assert (cid.points, cid.byes, cid.losses) == (3, 1, 1)
    assert dict(cid.tiebreaks)["gw"] == pytest.approx(6 / 12)  # 2-0 bye, 0-2 missed


def test_mtg_a_cut_announced_best_of_five_takes_3_2() -> None:
    """MTR 2.1: a match is played until one side wins "a set number of games, usually
    two"; a final announced as best of five ends 3-2. The Swiss rounds stay best of
    three; the setting survives storage; only rule sets that report games have it."""
    ev = DuelEvent("fnm", seed=1, rules="mtg")
    for i in range(4):
        ev.add_player(f"p{i}", f"P{i}")
    rnd = ev.pair_next_round()
    with pytest.raises(IllegalAction, match="not a result under mtg"):
        ev.report(1, 1, "3-2")
    for match in rnd.matches:
        ev.report(1, match.table, "2-1")
    ev.start_top_cut(4)
    with pytest.raises(IllegalAction, match="not a result under mtg"):
        ev.report_cut(1, "3-2")  # the cut is best of three unless announced
    ev.report_cut(1, "2-0")
    ev.report_cut(2, "2-1")
    with pytest.raises(IllegalAction, match="best of 1/3/5/7, not 4"):
        ev.advance_cut(games=4)
    ev.advance_cut(games=5)
    ev.report_cut(1, "3-2")
    assert ev.top_cut is not None and ev.top_cut.finished
    again = DuelEvent.from_dict(json.loads(json.dumps(ev.to_dict())))
    assert again.cut_games == 5 and again.to_dict() == ev.to_dict()
    with pytest.raises(IllegalAction, match="agot does not report games"):
        DuelEvent("x").set_cut_games(5)
    broken = {**ev.to_dict(), "cut_games": True}
    with pytest.raises(DataFileError, match="best of"):
        DuelEvent.from_dict(broken)
