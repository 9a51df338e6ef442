"""*Regole per il campionato*: match report, experience, blitz, picks, league file."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from ludoteca import games
from ludoteca.core import DataFileError
from ludoteca.core.datafile import file_content
from ludoteca.games.touchdown import admin, plays
from ludoteca.games.touchdown.league import (
    REPORT_HEADER,
    add_player,
    league_from_json,
    league_to_json,
    load_league,
    match_report,
    new_league,
    record_match,
    report_csv,
    save_league,
)
from ludoteca.games.touchdown.roster import Card, default_roster

from .helpers import move, open_move, situation


def _league() -> object:
    return new_league(default_roster(0), default_roster(1))


def test_report_yards_received_thrown_and_touch_downs() -> None:
    """*Yard ricevute/lanciate* from the line to the catch; *touch down lanciati*."""
    s = situation({"Y12": "g10", "Y80": "g27", "W40": "b25", "Y77": "b3"}, carrier="Y12", dice=[6])
    s.phase, s.actor = "pass", 0
    s._legal = None
    s.apply("pass:Y80")
    rows = {r["number"]: r for r in match_report(s)}
    assert rows[80]["yards_received"] == 15 * 2.5 and rows[80]["td"] == 1
    assert rows[12]["yards_thrown"] == 15 * 2.5 and rows[12]["td_thrown"] == 1
    csv = report_csv(match_report(s)).splitlines()
    assert csv[0].startswith("team,number,role,yards_run") and "Y,80,AE,0.0,37.5,0.0,0,1,0" in csv


def test_report_yards_run_from_the_line_to_the_furthest_row() -> None:
    """*Yard corse*: from the line of scrimmage to the line of furthest advance."""
    s = situation({"Y20": "g11", "W40": "b25", "Y77": "b3"}, carrier="Y20", spot="g12", dice=[6])
    s.run_from, s.run_best = 12, 11
    open_move(s, 0, 4)
    move(s, "Y20", "g15")
    admin.dead(s, s.pos["Y20"], "test")
    assert s.stats["Y20:run"] == 3


def test_report_counts_sacks_on_the_quarterback() -> None:
    """*Sacks*: a tackle won on the opposing AQ holding the ball."""
    s = situation({"Y12": "g10", "W91": "g11", "W40": "b25"}, carrier="Y12", dice=[1, 6, 6])
    open_move(s, 1, 1)
    move(s, "W91", "g10")  # W91 3 vs Y12 0: Difensore +3, 1: E, both down: no sack
    s2 = situation({"Y12": "g10", "W95": "g11", "W40": "b25"}, carrier="Y12", dice=[5, 1, 6])
    open_move(s2, 1, 1)
    move(s2, "W95", "g10")  # W95 1 vs 0: Difensore +1, 5: A (the AQ); fumble 1: dead
    assert s2.stats.get("W95:sacks") == 1 and "W91:sacks" not in s.stats


def test_experience_after_100_yards_and_blitz_after_a_sack() -> None:
    """*Quarterback*/*Ricevitori*: 100 yards (40 squares) earn +1; *Blitz* after a sack."""
    league = _league()
    s = situation({})
    s.stats = {"Y12:thrown": 25, "Y80:received": 41, "W95:sacks": 1}
    s.score = [0, 7]
    league = record_match(league, s)  # type: ignore[arg-type]
    cards = {c.number: c for c in league.teams[0].roster.cards}
    assert cards[12].experience == "" and cards[80].experience == "receiver"
    assert any(c.number == 95 and c.blitz for c in league.teams[1].roster.cards)
    s.stats = {"Y12:thrown": 15}
    league = record_match(league, s)
    cards = {c.number: c for c in league.teams[0].roster.cards}
    assert cards[12].experience == "quarterback"  # 25 + 15 = 40 squares over two matches
    assert league.teams[0].bank == 4 and league.teams[1].bank == 0


def test_experience_bonus_is_not_cumulative() -> None:
    """*Questo bonus non è cumulabile con il bonus per i ricevitori.*"""
    s = situation({})
    s.cards = dict(s.cards)
    s.cards["Y12"] = replace(s.cards["Y12"], experience="quarterback")
    s.cards["Y80"] = replace(s.cards["Y80"], experience="receiver")
    assert plays.pass_bonus(s, "Y12", "Y80") == 1
    assert plays.pass_bonus(s, "Y7", "Y81") == 0


def test_new_player_picks_after_losses() -> None:
    """*Scelta di nuovi giocatori*: value 2 per loss, bankable (a 3 and a 1 after two)."""
    league = _league()
    s = situation({})
    s.score = [0, 3]
    league = record_match(record_match(league, s), s)  # type: ignore[arg-type]
    assert league.teams[0].bank == 4
    league = add_player(league, 0, Card(number=90, role="D", tackle=2, speed=1))
    league = add_player(league, 0, Card(number=91, role="AB", tackle=0, speed=1))
    assert league.teams[0].bank == 0 and league.teams[0].budget == 44
    with pytest.raises(DataFileError, match="exceeds the 0 banked points"):
        add_player(league, 0, Card(number=92, role="D", tackle=1, speed=0))


def test_league_file_round_trip_and_match_from_it(tmp_path: Path) -> None:
    """A league file carries squads and experience from match to match."""
    league = add_player(
        replace(_league(), teams=(replace(_league().teams[0], bank=2), _league().teams[1])),  # type: ignore[attr-defined]
        0,
        Card(number=90, role="D", tackle=1, speed=1, blitz=True),
    )
    path = tmp_path / "league.json"
    save_league(league, path)
    again = load_league(path)
    assert again == league
    game = games.load("touchdown", league_file=file_content(path))
    assert game.cards["Y90"].blitz  # type: ignore[attr-defined]
    data = league_to_json(league)
    data["teams"][0]["budget"] = 40
    with pytest.raises(DataFileError, match="sum to 42, the rule asks for 40"):
        league_from_json(data, "l.json")


def test_blitz_moves_first_in_phase_6_once_a_match() -> None:
    """*Blitz*: once a match the D moves first in phase 6 without the initiative."""
    s = situation(
        {"Y20": "g10", "W90": "g14", "W40": "b25", "Y77": "b3"}, carrier="Y20", league=True
    )
    s.cards = dict(s.cards)
    s.cards["W90"] = replace(s.cards["W90"], blitz=True)
    s.rolls, s.initiative = [1, 3], 0
    s._start_movement(6)
    assert s.phase == "blitz" and s.actor == 1
    assert s.legal_actions() == ["noblitz", "blitz:W90"]
    s.apply("blitz:W90")
    assert s.picked == "W90" and s.allow == 3
    s.apply("to:g12")
    assert s.mphase == 6 and s.mover == 0 and s.blitz_used == [False, True]
    s.apply("end")
    assert s.mphase == 7 and "pick:W90" not in s.legal_actions()


def test_report_csv_never_writes_a_formula() -> None:
    """Roster data is user text: a cell starting with = + - @ is written as text, and
    commas and quotes are quoted as CSV quotes them (issue 15)."""
    row = {h: 0 for h in REPORT_HEADER} | {"team": "Y", "number": 7, "role": '=HYPERLINK("x")'}
    lines = report_csv([row, row | {"role": "a,b"}]).splitlines()
    assert lines[1].split(",")[:2] == ["Y", "7"]
    assert '\'=HYPERLINK(""x"")' in lines[1] and '"a,b"' in lines[2]
