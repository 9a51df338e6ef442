"""*Field goal*: the kick, and a missed kick (docs/rules/touchdown.md, *Field goal miss*).

A missed field goal is the defence's to move (*"il giocatore può spostare la palla di un
numero di caselle pari al punteggio ottenuto, anche portandola in una casella occupata da
un proprio giocatore"*, read with the *runback* passage: the team that *"ha preso palla
dopo un punt, un field goal"* is the defence), and the kicking side may not take it: a
miss never scores for the kickers, except by winning the ball back in a tackle (*fumble*).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.games.touchdown.state import TouchdownState
from tests.depth import examples

from .helpers import move, open_move, situation


def _kick(s: TouchdownState, goal: str = "g29") -> None:
    s.phase, s.actor = "pass", s.possession  # type: ignore[assignment]
    s._legal = None
    s.apply(f"fg:{goal}")


def _kicked_from_g22(white: str, dice: list[int]) -> TouchdownState:
    """Yellow's AK on g22 has kicked at g29 (2 lines: 3 to beat) with `dice`; White's
    W90 stands on `white`."""
    s = situation(
        {"Y3": "g22", "W90": white, "Y77": "b3"},
        carrier="Y3",
        kind="fieldgoal",
        spot="g23",
        dice=dice,
    )
    _kick(s)
    return s


def test_field_goal_adjacent_opponent_penalty_and_live_miss() -> None:
    """*Field goal*: *-1 per ogni avversario adiacente*; a miss is live, the defence
    (White, seat 1) may move it up to the modified score, 3 here, or leave it."""
    s = _kicked_from_g22("g23", [4])  # 4 - 1 = 3, not above 3
    legal = s.legal_actions()
    assert s.phase == "ballmove" and s.actor == 1 and "ball:stay" in legal
    assert "ball:g26" in legal and "ball:g25" not in legal  # three squares from g29
    s.apply("ball:g26")
    assert s.ball is not None and s.no_pass and s.score == [0, 0]


def test_a_missed_field_goal_cannot_be_put_on_a_kicker_nor_score() -> None:
    """The audit's case: kicker on g20 rolls 2 against 3; Y80 stands on g28 in the end
    zone. The ball may not go onto Y80 (*un proprio giocatore*: the mover's own), and
    Y80 crossing the loose ball does not take it."""
    s = situation(
        {"Y3": "g20", "Y80": "g28", "W90": "c10", "Y77": "b3"},
        carrier="Y3",
        kind="fieldgoal",
        spot="g21",
        dice=[2],
    )
    _kick(s)
    legal = s.legal_actions()
    assert s.actor == 1 and "ball:g28" not in legal and "ball:f27" in legal
    s.apply("ball:g27")
    open_move(s, 0, 3)
    move(s, "Y80", "g26")  # through g27
    assert s.carrier is None and s.ball is not None and s.board.name_of(s.ball) == "g27"
    assert s.score == [0, 0]
    assert not any("touch down" in e for e in s.events_for(None))


def test_a_missed_field_goal_put_on_a_defender_is_his_runback() -> None:
    """*anche portandola in una casella occupata da un proprio giocatore*: the defender
    takes it, possession changes and nobody may pass (*runback*)."""
    s = _kicked_from_g22("f28", [3, 1, 1])
    s.apply("ball:f28")
    assert s.carrier == "W90" and s.possession == 1 and s.no_pass


def test_a_missed_field_goal_picked_up_by_a_defender() -> None:
    """*La palla è giocabile ed è raccolta dal primo giocatore che transita nella
    casella*: a defender crossing the loose ball takes it."""
    s = _kicked_from_g22("g25", [3, 1, 1])
    s.apply("ball:g27")
    open_move(s, 1, 3)
    move(s, "W90", "g28")  # through g27
    assert s.carrier == "W90" and s.possession == 1


def test_a_missed_field_goal_left_behind_the_goal_is_the_defences_first_down() -> None:
    """*può* (may): the defence may leave the ball where it is, behind the goal and off
    the field: dead, and White's first down on the row nearest (*alla stessa altezza*)."""
    s = _kicked_from_g22("c10", [2, 1, 1, 1, 1])
    s.apply("ball:stay")
    assert s.possession == 1 and s.down == 1
    assert s.board.row(s.spot) == s.board.last_field_row() and s.phase == "declare"


def test_a_miss_with_a_score_of_zero_cannot_be_moved() -> None:
    """The distance is the modified score (*pari al punteggio ottenuto*, the score the
    lines were compared with): 1 - 1 leaves only `ball:stay`."""
    s = _kicked_from_g22("g23", [1])
    assert s.legal_actions() == ["ball:stay"]


def _kicking_side_holds(s: TouchdownState) -> bool:
    return s.carrier is not None and s.team_of(s.carrier) == s.play_offence


MAX_ACTIONS = 2_000
"""Random play after the kick stops here if the action has not ended."""
SQUARES = st.tuples(st.integers(1, 11), st.integers(17, 28))


@pytest.mark.slow  # several seconds: make test runs it, make check leaves it
@settings(max_examples=examples(60), deadline=None)
@given(
    kicker_row=st.integers(17, 23),
    yellow=st.lists(SQUARES, min_size=1, max_size=5, unique=True),
    white=st.lists(SQUARES, min_size=0, max_size=5, unique=True),
    seed=st.integers(0, 2**32 - 1),
)
def test_a_missed_field_goal_never_scores_for_the_kickers(
    kicker_row: int,
    yellow: list[tuple[int, int]],
    white: list[tuple[int, int]],
    seed: int,
) -> None:
    """Property: after a miss, whatever the players' squares and the random play that
    follows until the action ends, the kicking side holds the ball only after a *fumble*
    and scores nothing without one."""
    s = situation({"Y3": f"g{kicker_row}"}, carrier="Y3", kind="fieldgoal", spot="g23")
    b = s.board
    taken = {b.sq(7, kicker_row)}
    for pid, (col, row) in zip(("Y80", "Y81", "Y82", "Y20", "Y21"), yellow, strict=False):
        if b.sq(col, row) not in taken:
            s.pos[pid] = b.sq(col, row)
            taken.add(b.sq(col, row))
    for pid, (col, row) in zip(("W90", "W91", "W92", "W93", "W94"), white, strict=False):
        if b.sq(col, row) not in taken:
            s.pos[pid] = b.sq(col, row)
            taken.add(b.sq(col, row))
    s.rng = random.Random(seed)
    choose = random.Random(seed ^ 1)
    _kick(s)
    for _ in range(MAX_ACTIONS):
        if s.phase in ("over", "declare", "setup"):
            break
        if s.kick_missed and _kicking_side_holds(s):
            assert any("Fumble" in e for e in s.events_for(None))
        s.apply(choose.choice(s.legal_actions()))
    fumbled = any("Fumble" in e for e in s.events_for(None))
    assert s.score[0] == 0 or fumbled or "field goal good" in " ".join(s.events_for(None))
