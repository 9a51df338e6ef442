"""The rulebook's tables, cell by cell (*Pass*, *Contrasto*, *Infortuni*, kicks, timing)."""

from __future__ import annotations

import pytest

from ludoteca.games.touchdown.tables import (
    ATTACKER_TABLE,
    DEFENDER_TABLE,
    clock_markers,
    field_goal_scores,
    field_goal_target,
    forward_pass_distance,
    fumble_taken,
    injured,
    last_play,
    pass_odds,
    pass_result,
    punt_stays,
    tackle_falls,
    tackle_odds,
    tackle_result,
    timing,
)

# The *Pass* table as printed: distance -> results for d6 = 1..6.
PASS_BY_ROLL = {
    2: "PRRRRR",
    3: "IPRRRR",
    4: "IPPRRR",  # roll 3 falls in the book's gap: incomplete (docs: pass-table gaps)
    5: "IPPRRR",
    6: "IPPRRR",
    7: "IIPPRR",  # roll 4: gap -> P
    8: "IIPPRR",
    9: "IIIPRR",
    10: "IIIPPR",  # roll 5: gap -> P
    11: "IIIPPR",
    12: "IIIIPR",
    13: "IIIIIR",
}


@pytest.mark.parametrize("distance", sorted(PASS_BY_ROLL))
def test_pass_table_by_distance(distance: int) -> None:
    """*Passaggio*: the P/I/R table, one column per distance 2-13."""
    got = "".join(pass_result(distance, roll) for roll in range(1, 7))
    assert got == PASS_BY_ROLL[distance]


def test_pass_book_example() -> None:
    """*Passaggio* example: distance 5, a 4 is received, a 3 incomplete."""
    assert pass_result(5, 4) == "R"
    assert pass_result(5, 3) == "P"


def test_adjacent_pass_is_automatic() -> None:
    """*Il passaggio tra due giocatori adiacenti è automatico.*"""
    assert all(pass_result(1, roll) == "R" for roll in range(-3, 7))


def test_modified_pass_roll_is_held_within_the_die() -> None:
    """*Modificatori*: -1 per adjacent opponent; below 1 counts as 1."""
    assert pass_result(2, 0) == pass_result(2, 1) == "P"
    assert pass_result(13, 7) == "R"


def test_pass_odds_count_the_rolls_giving_r() -> None:
    """*Tabella dei passaggi*: the share of d6 rolls (plus modifier) that give R."""
    assert pass_odds(2) == 5 / 6 and pass_odds(4) == 3 / 6 and pass_odds(13) == 1 / 6
    assert pass_odds(4, -1) == 2 / 6 and pass_odds(4, 1) == 4 / 6
    assert pass_odds(13, -1) == 0.0 and pass_odds(1, -5) == 1.0


def test_pass_beyond_the_table_is_refused() -> None:
    """The table ends at 13 squares."""
    with pytest.raises(ValueError):
        pass_result(14, 6)


@pytest.mark.parametrize(("distance", "halved"), [(2, 1), (3, 2), (7, 4), (13, 7), (26, 13)])
def test_quarterback_halves_distance_rounding_up(distance: int, halved: int) -> None:
    """*Se è un giocatore AQ ad effettuare il lancio ... diviso per due, per eccesso.*"""
    assert forward_pass_distance(distance, quarterback=True) == halved
    assert forward_pass_distance(distance, quarterback=False) == distance


ATTACKER_BOOK = [
    "a a a a a e e",
    "a a a a e e e",
    "a a a e e e d",
    "a a e e e d d",
    "a e e e d d t",
    "e e e d d t t",
]
DEFENDER_BOOK = [
    "d d d d d e e",
    "d d d e e i i",
    "d d e e i i a",
    "d e e i i a a",
    "e e i i a a t",
    "e i i a a t t",
]


@pytest.mark.parametrize("roll", range(1, 7))
@pytest.mark.parametrize("difference", range(-3, 4))
def test_tackle_tables(roll: int, difference: int) -> None:
    """*Contrasto*: both 6x7 tables, by tackle difference -3..+3 and d6."""
    col = difference + 3
    assert tackle_result(True, difference, roll) == ATTACKER_BOOK[roll - 1].split()[col].upper()
    assert tackle_result(False, difference, roll) == DEFENDER_BOOK[roll - 1].split()[col].upper()


def test_tackle_tables_shape_and_symbols() -> None:
    """I (*invischiati*) appears only in the Difensore table."""
    assert all(len(row) == 7 for row in ATTACKER_TABLE + DEFENDER_TABLE)
    assert "I" not in "".join(ATTACKER_TABLE)
    assert set("".join(DEFENDER_TABLE)) == set("ADEIT")


def test_tackle_letters_name_the_side_that_falls() -> None:
    """*Contrasti*: **A** (*attaccante*) fells the player of the side with the ball and
    **D** (*difensore*) the other side's, on both tables; so the *Fumble* rule's *esito
    A* is "carrier down, tackler up" whoever moved (docs/rules/touchdown.md)."""
    # (mover falls, tackled player falls)
    assert tackle_falls(True, "A") == (True, False)
    assert tackle_falls(True, "D") == (False, True)
    assert tackle_falls(False, "A") == (False, True)
    assert tackle_falls(False, "D") == (True, False)
    for attacking in (True, False):
        assert tackle_falls(attacking, "E") == (True, True)
        assert tackle_falls(attacking, "T") == (False, True)
    assert tackle_falls(False, "I") == (False, False)


@pytest.mark.parametrize("attacking", [True, False])
def test_a_stronger_tackler_wins_more_often_on_both_tables(attacking: bool) -> None:
    """*Contrasto*: the column is the mover's tackle value minus the tackled player's;
    read with A/D as the sides, each table favours the stronger player."""
    odds = [tackle_odds(attacking, d) for d in range(-3, 4)]
    wins, losses = [w for w, _, _ in odds], [lost for _, lost, _ in odds]
    assert wins == sorted(wins) and losses == sorted(losses, reverse=True)
    assert wins[-1] > wins[0] and losses[0] > losses[-1]


def test_tackle_odds_of_the_issue_pairs() -> None:
    """A tackle-0 defender fells a tackle-3 carrier only with E (2 in 6, both down); a
    tackle-3 defender fells a tackle-1 carrier alone on A, A, T (3 in 6), with him on E."""
    assert tackle_odds(False, -3) == (0.0, 4 / 6, 2 / 6)
    assert tackle_odds(False, 2) == (3 / 6, 0.0, 1 / 6)


def test_fumble_roll() -> None:
    """*Fumble*: 1-4 the ball stays with the fallen carrier (dead), 5-6 it is taken."""
    assert [fumble_taken(r) for r in range(1, 7)] == [False] * 4 + [True] * 2


def test_injury_roll() -> None:
    """*Infortuni*: 4-6 unhurt, otherwise injured."""
    assert [injured(r) for r in range(1, 7)] == [True] * 3 + [False] * 3


@pytest.mark.parametrize(
    ("roll", "lines", "stays"),
    [(1, 0, True), (2, 2, False), (3, 2, True), (6, 6, False), (6, 5, True)],
)
def test_punt_stays_only_above_the_lines(roll: int, lines: int, stays: bool) -> None:
    """*Punt*: the ball stays if the score is *superiore* to the 10-yard lines crossed."""
    assert punt_stays(roll, lines) is stays


def test_field_goal_first_line_counts_twice() -> None:
    """*Field goal*: lines crossed with the first counted twice; score must be above."""
    assert [field_goal_target(n) for n in range(5)] == [0, 2, 3, 4, 5]
    assert field_goal_scores(3, 1) and not field_goal_scores(2, 1)
    assert field_goal_scores(6, 4) and not field_goal_scores(5, 4)
    assert not field_goal_scores(6, 5)


def test_timing_lower_d4_has_initiative() -> None:
    """*Timing*: the lower d4 has the initiative; a tie is for the defence to decide."""
    assert timing(1, 4) == 0 and timing(3, 2) == 1 and timing(2, 2) is None


def test_clock_markers() -> None:
    """The minutes, tens-of-seconds and seconds markers."""
    assert clock_markers(0) == (0, 0, 0)
    assert clock_markers(59) == (0, 5, 9)
    assert clock_markers(60 * 14 + 37) == (14, 3, 7)


def test_last_play_once_minutes_pass_box_14() -> None:
    """*Se il segnalino dei minuti supera la casella 14* the action is the quarter's last."""
    assert not last_play(14 * 60 + 59)
    assert last_play(15 * 60)
