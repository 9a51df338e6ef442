"""Término da Partida and Variações de Jogo: turns, periods, overtime, practice."""

from __future__ import annotations

import pytest

from ludoteca.core import OptionError
from ludoteca.games.toinc import flow
from ludoteca.games.toinc.fields import Phase
from ludoteca.games.toinc.state import ToincState
from tests.games.toinc.toinc_helpers import Dice, at_play, game, play

NO_PLAY = ["OG-1", "OG-2", "C-1", "OT-1", "OT-2", "C-2"]
DFN = ["D-SA-1", "DT-2", "DE-2", "LB-1", "CB-1", "S-1"]


def test_lengths_and_overtime_turns() -> None:
    """Regular 4x15 (overtime 10), short 4x10 (7), long 4x20 (14)."""
    for length, per, ot in (("regular", 15, 10), ("short", 10, 7), ("long", 20, 14)):
        g = game(length=length)
        assert (g.period_turns, g.overtime_turns) == (per, ot)


def test_a_turn_is_a_series_of_downs() -> None:
    """Glossário, Turno: a first down, a score or a change of possession ends a turn;
    a down that gains too little does not."""
    s = at_play(game(), pos=50, atk=NO_PLAY, dfn=DFN, phase=Phase.ATK_PLAY)
    s.piles["O0"].append("O-ATK-1")
    play(s, "pass")
    assert s.turns == 0 and s.down == 2
    flow.end_play(s)
    flow.end_turn(s, series=(0, 60))
    assert s.turns == 1 and s.down == 1


def _ending(g_turns: int, **options: object) -> ToincState:
    s = at_play(game(**options), offense=1)
    s.turns = g_turns
    s.period = 1 + g_turns // s.game.period_turns
    flow.end_play(s)
    return s


def test_periods_1_and_3_end_with_a_side_change() -> None:
    """Término: at the end of periods 1 and 3 the teams change sides; the ball stays."""
    s = _ending(14)
    flow.end_turn(s, series=(1, 40))
    assert s.period == 2 and s.offense == 1 and s.pos == 40
    assert any("change sides" in e for e in s.events_for(None))


def test_half_time_kickoff_inverts_the_opening_possession() -> None:
    """Término: period 3 opens with a kickoff, possession inverted from the start."""
    s = _ending(29)
    assert s.opening == 1
    s.rng = Dice([3])
    flow.end_turn(s, series=(1, 40))
    assert s.period == 3 and s.offense == 0 and s.pos == 40 and s.phase == Phase.DISCARD


def test_game_ends_after_the_last_turn() -> None:
    """Término: after 60 turns the higher score wins."""
    s = _ending(59)
    s.score = [7, 3]
    flow.end_turn(s, series=(1, 40))
    assert s.phase == Phase.OVER and s.is_terminal and s.winner == 0


def test_tie_goes_to_overtime_with_a_new_guess() -> None:
    """Término: a tie is played off in an extra period (the other seat hides)."""
    s = _ending(59)
    s.score = [3, 3]
    flow.end_turn(s, series=(1, 40))
    assert s.period == 5 and s.phase == Phase.HIDE and s.current_player == 1
    play(s, "hide:left")
    assert s.phase == Phase.GUESS and s.current_player == 0
    s.rng = Dice([3])
    play(s, "guess:left")
    assert s.ot_first == 0 and s.offense == 0 and s.ot_stage == flow.OT_FIRST


def _overtime(first: int = 0, **options: object) -> ToincState:
    s = at_play(game(**options), offense=first, pos=70, atk=NO_PLAY, dfn=DFN, phase=Phase.ATK_PLAY)
    s.turns, s.period, s.ot_stage, s.ot_first, s.score = 60, 5, flow.OT_FIRST, first, [10, 10]
    return s


def test_overtime_first_touchdown_wins() -> None:
    """Término: the first attacking team's touchdown wins at once (no extra point)."""
    s = _overtime()
    flow.end_play(s)
    flow.touchdown(s)
    assert s.is_terminal and s.winner == 0 and s.score == [16, 10]


def test_overtime_first_safety_wins_for_the_defense() -> None:
    """Término: the first defending team forcing a safety wins."""
    s = _overtime()
    flow.after_play(s, -2, turnover=False, consumed=True, first_down=False)
    assert s.is_terminal and s.winner == 1


def test_overtime_field_goal_gets_an_answer() -> None:
    """Término: after the first team's field goal the other team attacks once:
    a touchdown wins, a field goal makes the next score decisive, no score loses."""
    s = _overtime()
    s.rng = Dice([6, 3])
    play(s, "kick:fg")
    assert s.ot_stage == flow.OT_ANSWER and s.offense == 1 and not s.is_terminal
    flow.end_play(s)
    flow.touchdown(s)
    assert s.is_terminal and s.winner == 1

    s = _overtime()
    s.rng = Dice([6, 3])
    play(s, "kick:fg")
    flow.end_play(s)
    flow.change_possession(s, 50)
    assert s.is_terminal and s.winner == 0

    s = _overtime()
    s.rng = Dice([6, 3])
    play(s, "kick:fg")
    s.start = 70
    s.phase, s.actor, s._legal = Phase.ATK_PLAY, 1, None
    s.rng = Dice([6, 3])
    play(s, "kick:fg")
    assert s.ot_stage == flow.OT_SUDDEN and s.score == [13, 13] and not s.is_terminal


def test_overtime_without_a_first_score_is_sudden_death() -> None:
    """Término (silent case): a first possession without score: next score wins."""
    s = _overtime()
    s.rng = Dice([3])
    play(s, "kick:punt")
    assert s.ot_stage == flow.OT_SUDDEN and not s.is_terminal
    s.start = 70
    s.phase, s.actor, s._legal = Phase.ATK_PLAY, s.offense, None
    s.rng = Dice([6, 3])
    play(s, "kick:fg")
    assert s.is_terminal and s.winner == 1


@pytest.mark.parametrize(("kind", "over"), [("regular-season", True), ("playoff", False)])
def test_overtime_running_out_tied(kind: str, over: bool) -> None:
    """Término: a tied overtime ends drawn (regular season) or plays on (playoff)."""
    s = _overtime(overtime=kind)
    s.ot_turns = 9
    s.ot_stage = flow.OT_SUDDEN
    flow.end_play(s)
    flow.end_turn(s, series=(1, 40))
    assert s.is_terminal is over
    if over:
        assert s.winner is None and s.returns() == (0.0, 0.0)


def test_practice_by_turns_and_by_score() -> None:
    """Jogo treino: a set number of turns or a target score in a single period."""
    s = at_play(game(length="practice", practice_turns=2), offense=0)
    flow.end_play(s)
    flow.end_turn(s, series=(0, 40))
    assert not s.is_terminal and s.period == 1
    flow.end_play(s)
    flow.end_turn(s, series=(0, 50))
    assert s.is_terminal
    s = at_play(game(length="practice", practice_turns=0, practice_target=3), offense=0)
    s.score = [3, 0]
    flow.end_play(s)
    flow.end_turn(s, series=(0, 40))
    assert s.is_terminal and s.winner == 0


def test_practice_needs_a_limit() -> None:
    """Jogo treino: a number of turns or a score must be agreed."""
    with pytest.raises(OptionError, match="practice_turns or practice_target"):
        game(length="practice", practice_turns=0, practice_target=0)
