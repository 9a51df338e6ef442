"""The rulebook's tables and formulas, checked directly (tables.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.games.toinc import tables as t


@pytest.mark.parametrize(
    ("play", "impact", "yards"),
    [("CC", 3, 3), ("CM", 3, 6), ("CL", 3, 17), ("CC", 1, 1), ("CL", 1, 9)],
)
def test_corridas_table(play: str, impact: int, yards: int) -> None:
    """Corridas: CC impacto, CM impacto x2, CL impacto x4 + 5."""
    assert t.run_yards(play, impact) == yards
    assert t.attack_play_yards(play, impact) == yards


@pytest.mark.parametrize(
    ("play", "impact", "yards"),
    [("LC", 2, 6), ("LM", 2, 13), ("LL", 2, 24), ("LL", 1, 17)],
)
def test_lancamentos_table(play: str, impact: int, yards: int) -> None:
    """Lançamentos: LC impacto x3, LM impacto x4 + 5, LL impacto x7 + 10."""
    assert t.pass_yards(play, impact) == yards
    assert t.attack_play_yards(play, impact) == yards


def test_hail_mary_yards_are_impact_times_ten() -> None:
    """Hail Mary: impacto x10."""
    assert t.hail_mary_yards(4) == 40
    assert t.attack_play_yards("HM", 3) == 30


def test_hail_mary_skills() -> None:
    """Hail Mary: QB HM + WR LL + 1 per eligible; second level 3 each, extra S +2."""
    assert t.hail_mary_attack(4, 3, 2) == 9
    assert t.hail_mary_defense(2, 0) == 6
    assert t.hail_mary_defense(3, 1) == 9
    assert t.hail_mary_defense(3, 2) == 11
    assert t.hail_mary_defense(3, 3) == 13


def test_sack_table() -> None:
    """Sack (SA): impacto x (n° de jogadores no sack)."""
    assert t.sack_yards(3, 1) == 3
    assert t.sack_yards(3, 4) == 12


def test_unknown_plays_are_refused() -> None:
    """Only the listed runs and passes have a table."""
    with pytest.raises(ValueError):
        t.run_yards("LC", 1)
    with pytest.raises(ValueError):
        t.pass_yards("CC", 1)


def test_red_zone_restrictions() -> None:
    """Chegando à Red Zone: the last 20 yards; no LL and no Hail Mary there."""
    assert not t.in_red_zone(79) and t.in_red_zone(80)
    assert t.red_zone_allows("LL", 79) and not t.red_zone_allows("LL", 80)
    assert not t.red_zone_allows("HM", 95)
    assert all(t.red_zone_allows(p, 95) for p in ("CC", "CM", "CL", "LC", "LM"))


def test_end_zone_is_ten_yards_deep() -> None:
    """Red Zone: a play must enter the end zone without passing its 10 yards."""
    assert not t.beyond_end_line(90, 20)
    assert t.beyond_end_line(90, 21)
    assert not t.beyond_end_line(79, 32) and t.beyond_end_line(79, 32, everywhere=True)


def test_quarterback_bonus() -> None:
    """Quarterback: +1 terrestre, +2 aéreo, doubled in the Red Zone."""
    assert t.qb_bonus("CM", False) == 1 and t.qb_bonus("CM", True) == 2
    assert t.qb_bonus("LC", False) == 2 and t.qb_bonus("LM", True) == 4
    assert t.qb_bonus("SA", False) == 0


def test_blitz_base_counts_two_per_required_lineman() -> None:
    """Blitz (B): DT, DE and LB each count as 2 points (uncontestable)."""
    assert t.blitz_base() == 6
    assert t.BLITZ_EXTRA == 2 and t.BLITZ_SECOND_LEVEL == 2


@pytest.mark.parametrize(
    ("pos", "distance", "need"),
    [(85, 33, 2), (84, 34, 3), (75, 43, 3), (65, 53, 4), (55, 63, 5), (52, 66, 6), (51, 67, None)],
)
def test_field_goal_table(pos: int, distance: int, need: int | None) -> None:
    """Field Goal: distance = position + 18; d6 table 2+/3+/4+/5+/6."""
    assert t.field_goal_distance(pos) == distance
    assert t.field_goal_min_roll(distance) == need


def test_field_goal_one_always_fails() -> None:
    """Field Goal: *0 (Bloqueado) - 1 (sem sucesso)*; a 1 never scores."""
    assert not t.field_goal_good(20, 1)
    assert t.field_goal_good(20, 2)
    assert not t.field_goal_good(63, 4) and t.field_goal_good(63, 5)
    assert not t.field_goal_good(70, 6)


def test_extra_point_is_a_33_yard_kick() -> None:
    """Field Goal: the extra point from the 15 is a 33-yard kick, made on 2+."""
    assert t.extra_point_distance() == 33
    assert t.field_goal_min_roll(t.extra_point_distance()) == 2


@pytest.mark.parametrize(
    ("pos", "roll", "result"),
    [
        (30, 1, None),
        (30, 2, 50),
        (30, 3, 40),
        (30, 4, 30),
        (30, 5, 20),
        (60, 5, 25),
        (60, 4, 25),
        (30, 6, 10),
        (35, 6, 5),
        (70, 6, 10),
        (50, 6, 10),
    ],
)
def test_punt_table(pos: int, roll: int, result: int | None) -> None:
    """Punt: 1 blocked; 20/30/40/50 yards; 6 is 60 yards or the 10; touchback 25."""
    assert t.punt_result(pos, roll) == result


@pytest.mark.parametrize(("roll", "result"), [(1, 40), (2, 45), (3, 40), (4, 35), (5, 25), (6, 10)])
def test_kickoff_table(roll: int, result: int) -> None:
    """Kickoff: from the 25; 1 illegal kickoff (the 40); 30-55 yards; 6 the 10."""
    assert t.kickoff_result(roll) == result


def test_kickoff_touchback() -> None:
    """Touchback: a kickoff into the end zone puts the ball on the 25."""
    assert t.kickoff_result(5, spot=60) == t.TOUCHBACK


@given(st.integers(1, 99), st.integers(-30, 30))
def test_fouls_keep_the_ball_on_the_field(base: int, yards: int) -> None:
    """Faltas: enforcement never leaves the field (half the distance to the goal)."""
    end = t.enforce_foul(base, yards)
    assert 0 < end < 100
    if 0 < base + yards < 100:
        assert end == base + yards
