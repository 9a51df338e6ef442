"""*Puntuação* (goals and restart) and *Modo de jogo* (golden goal, goal limit, turn limit)."""

from __future__ import annotations

from ludoteca import games

from .helpers import arrange, new_state


def test_shot_into_the_goal_scores_and_formations_reset() -> None:
    """*Após o gol, as duas equipes reiniciam suas formações e a equipe que não marcou
    começa com a bola do centro*."""
    state = new_state(mode="goal-limit", goals=3)
    formation = [list(f) for f in state.formation]
    state.phase, state.side = "play", 0
    carrier = state.slots[0][0]
    state.occ[state.pos[carrier]] = -1
    state.pos[carrier] = state.board.cell("d11")
    state.occ[state.pos[carrier]] = carrier
    state.occ[state.board.cell("d12")] = -1  # clear Orange's keeper space for the shot
    keeper = state.slots[1][0]
    state.pos[keeper] = state.board.cell("c12")
    state.occ[state.pos[keeper]] = keeper
    state.ball = state.pos[carrier]
    state._legal = None
    state.apply("pass:d13")
    assert state.goals == [1, 0]
    assert state.phase == "kickoff" and state.side == 1
    for side in (0, 1):
        on_pitch = [state.pos[p] for p in state.slots[side]]
        assert on_pitch == formation[side]
    assert state.ball == -1
    state.apply("kickoff:O4")
    assert state.board.cell_names[state.pos[10]] == "d7" and state.ball == state.pos[10]
    assert state.phase == "play" and state.side == 1


def test_carrier_running_into_the_goal_scores() -> None:
    state = arrange({"B1": "d12", "O1": "a3"}, "d12", mode="goal-limit", goals=2)
    state.apply("move:B1:d13")
    assert state.goals == [1, 0] and state.phase == "kickoff"


def test_golden_goal_first_goal_wins() -> None:
    """*Gol de ouro: A primeira equipe a marcar um gol vence*."""
    state = arrange({"B1": "d12", "O1": "a3"}, "d12")
    state.apply("move:B1:d13")
    assert state.is_terminal and state.winner == 0 and state.returns() == (1.0, -1.0)


def test_goal_limit_wins_on_reaching_the_agreed_number() -> None:
    """*Limite da gol*: the agreed number of goals wins."""
    state = arrange({"B1": "d12", "O1": "a3"}, "d12", mode="goal-limit", goals=2)
    state.goals = [1, 1]
    state.apply("move:B1:d13")
    assert state.is_terminal and state.winner == 0 and state.goals == [2, 1]


def test_the_default_match_has_no_turn_limit() -> None:
    """Decision 19: *"Gol de ouro: A primeira equipe a marcar um gol vence"*: by
    default nothing but a goal (or a disqualification) ends the match."""
    game = games.load("futebol")
    assert game.turn_limit == 0  # type: ignore[attr-defined]
    state = arrange({"B1": "d5", "O1": "d9"}, None)
    state.turns = 100_000
    state.apply("move:B1:d4")
    assert not state.is_terminal and not state.unfinished


def test_turn_limit_stops_the_match_unfinished_whatever_the_score() -> None:
    """Decision 19: the option `turn_limit` stops a match with no result, not a draw
    nor a win for the side ahead, and the replay says so."""
    for mode, goals in (("golden-goal", [0, 0]), ("goal-limit", [0, 1])):
        state = arrange({"B1": "d5", "O1": "d9"}, None, turn_limit=12, mode=mode)
        state.turns, state.goals = 11, goals
        state.apply("move:B1:d4")
        assert state.is_terminal and state.unfinished
        assert state.winner is None and state.returns() == (0.0, 0.0)
        assert state.result() == {
            "scores": [0.0, float(goals[1])],
            "winner": None,
            "unfinished": True,
        }
        assert state.observation(None)["unfinished"] is True
