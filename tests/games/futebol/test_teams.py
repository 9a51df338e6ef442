"""*Equipes*: teams of three rotating the turns, and the optional coaching penalty."""

from __future__ import annotations

import random

import pytest

from ludoteca import games
from ludoteca.core import OptionError
from ludoteca.games.futebol.ai.heuristic import policy as futebol_policy
from ludoteca.games.futebol.state import FutebolState

from .helpers import arrange


def test_teams_have_six_seats_and_rotate_the_turns() -> None:
    """*Cada equipe se revezará*: seats 0, 2, 4 are Blue, 1, 3, 5 Orange."""
    game = games.load("futebol", format="teams")
    assert game.num_seats == 6 and games.load("futebol").num_seats == 2
    state = arrange({"B1": "d5", "O1": "d9"}, None, format="teams")
    seats = []
    for _ in range(6):
        seats.append(state.current_player)
        side = state.side
        pawn = "B1" if side == 0 else "O1"
        state.apply(next(a for a in state.legal_actions() if a.startswith(f"move:{pawn}")))
    assert seats == [0, 1, 2, 3, 4, 5]
    assert state.current_player == 0


def test_team_scores_and_returns_are_shared_by_the_side() -> None:
    state = arrange({"B1": "d12", "O1": "a3"}, "d12", format="teams")
    state.apply("move:B1:d13")
    assert state.scores == (1.0, 0.0, 1.0, 0.0, 1.0, 0.0)
    assert state.returns() == (1.0, -1.0, 1.0, -1.0, 1.0, -1.0)
    assert state.winner == 0


def test_coaching_rule_needs_the_team_format() -> None:
    with pytest.raises(OptionError, match="coaching"):
        games.load("futebol", coaching=True)


def test_coaching_call_only_with_the_optional_rule() -> None:
    state = arrange({"B1": "d5", "O1": "d9"}, None, format="teams")
    state.last_member = [2, 0]
    state._legal = None
    assert "call:coaching" not in state.legal_actions()


def _called_once() -> FutebolState:
    state = arrange({"B1": "d5", "O1": "d9", "O2": "d12"}, None, format="teams", coaching=True)
    state.member, state.last_member = [0, 1], [2, 0]
    state._legal = None
    state.apply("call:coaching")
    assert state.phase == "ruling" and state.current_player == 1  # the coached player
    assert state.legal_actions() == ["coaching:admit", "coaching:deny"]
    state.apply("coaching:admit")
    return state


def test_first_coaching_offence_costs_the_coached_player_its_next_turn() -> None:
    """*esse jogador perde a vez na rotação desse time*: Orange's player 1 (seat 1)
    played last; when the rotation comes back to him, he is skipped and his team-mate
    plays Orange's turn: the player loses his turn, the team does not."""
    state = _called_once()
    assert state.offences == [0, 1]
    assert "call:coaching" not in state.legal_actions()
    seats = []
    for _ in range(5):
        seats.append(state.current_player)
        pawn = "B1" if state.side == 0 else "O1"
        legal = state.legal_actions()
        state.apply(next(a for a in legal if a.startswith(f"move:{pawn}")))
    seats.append(state.current_player)
    # Blue 0, Orange 3, Blue 2, Orange 5, Blue 4, then Orange 1 is skipped: Orange 3.
    assert seats == [0, 3, 2, 5, 4, 3]
    assert state.forfeit == [-1, -1]


def test_second_coaching_offence_gives_a_penalty_against_that_team() -> None:
    """*Se acontecer de novo, a Cobrança de pênalti deve ser tomada contra essa equipe*."""
    state = arrange({"B1": "d5", "O1": "d9", "O2": "d12"}, None, format="teams", coaching=True)
    state.member, state.last_member, state.offences = [0, 1], [2, 0], [0, 1]
    state._legal = None
    state.apply("call:coaching")
    state.apply("coaching:admit")
    assert state.phase == "aim" and state.current_player == 0
    assert state.board.cell_names[state.pos[0]] == "d11"  # B1, nearest to the spot
    state.apply("aim:1")
    assert state.current_player == 3  # Orange's member in rotation keeps goal
    state.apply("dive:1")
    assert state.goals == [0, 0] and state.occ[state.ball] == 8  # O2 saved, keeps it
    assert state.phase == "play" and state.current_player == 0  # Blue's turn goes on
    assert "call:coaching" not in state.legal_actions()


def test_teams_goal_limit_restarts_and_the_rotation_goes_on() -> None:
    """Goal limit with teams: a goal restarts play; the conceding side's next member
    kicks off and the match goes on until the limit."""
    state = arrange({"B1": "d12", "O1": "a3"}, "d12", format="teams", mode="goal-limit")
    state.slots = [[0], [7]]
    state.formation = [[state.board.cell("d4")], [state.board.cell("d10")]]
    state.apply("move:B1:d13")
    assert state.goals == [1, 0] and not state.is_terminal
    assert state.phase == "kickoff" and state.current_player == 1
    state.apply("kickoff:O1")
    assert state.current_player == 1 and state.phase == "play"
    state.apply("move:O1:d8")
    assert state.current_player == 2  # Blue's second member: the rotation went on


def test_a_denied_coaching_call_costs_the_caller_its_turn() -> None:
    """Decision 21: the engine cannot hear team-mates talk, so a call stands only if
    the player said to have been coached admits it; a denied call does not stand and
    the caller's side loses the turn it called on (a call is a claim with a stake)."""
    state = arrange({"B1": "d5", "O1": "d9", "O2": "d12"}, None, format="teams", coaching=True)
    state.member, state.last_member = [0, 1], [2, 0]
    state._legal = None
    turns = state.turns
    state.apply("call:coaching")
    state.apply("coaching:deny")
    assert state.offences == [0, 0] and state.forfeit == [-1, -1]
    assert state.phase == "play" and state.current_player == 3  # Orange's next member
    assert state.turns == turns + 1 and state.last_member[0] == 0


def test_calling_coaching_on_players_who_deny_only_costs_turns() -> None:
    """Decision 21: against computer players (who never coach, so deny), a side that
    calls coaching on every turn it may (once Orange has played) never plays again: it
    cannot farm calls."""
    game = games.load("futebol", format="teams", coaching=True, turn_limit=60)
    for seed in range(3):
        state = game.new_game(seed)
        rng = random.Random(seed)
        calls = blue_moves_after = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            if state.current_player in (0, 2, 4) and "call:coaching" in legal:
                state.apply("call:coaching")
                calls += 1
                continue
            if calls and state.phase == "play" and state.current_player in (0, 2, 4):
                blue_moves_after += 1
            state.apply(futebol_policy(state, rng))
        assert calls > 0 and blue_moves_after == 0 and state.offences == [0, 0]
