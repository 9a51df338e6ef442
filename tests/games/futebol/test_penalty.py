"""*Cobrança de pênalti*: rock-paper-scissors with 1-3 fingers, as a hidden commitment."""

from __future__ import annotations

import json
import random

from ludoteca.games.futebol.state import FutebolState

from .helpers import arrange

B2, B3, O1 = 1, 2, 7


def _penalty_to_orange(**options: object) -> FutebolState:
    """Blue's keeper B1 fouls diagonally in its own area; B2 goes in goal."""
    state = arrange({"B1": "d2", "B2": "f5", "B3": "d3", "O1": "c3"}, "c3", **options)
    state.apply("steal:B1")
    state.apply("keeper:B2:c2")
    return state


def test_taker_goes_on_the_spot_with_the_ball_and_a_blocker_steps_aside() -> None:
    """*A equipe com a bola deve ser colocada no ponto de penalidade*."""
    state = _penalty_to_orange()
    names = state.board.cell_names
    assert state.phase == "aim" and state.current_player == 1
    assert names[state.pos[O1]] == "d3" and names[state.ball] == "d3"
    # B3 stood on the spot: it steps to the nearest free space outside the keeper area.
    assert names[state.pos[B3]] in {"e3", "c4", "d4", "e4"}


def test_same_number_is_a_save_and_the_keeper_keeps_the_ball() -> None:
    """*Se ambos rolarem o mesmo número, isso é um defesa do goleiro e fica com a bola*."""
    state = _penalty_to_orange()
    state.apply("aim:2")
    assert state.phase == "dive" and state.current_player == 0
    state.apply("dive:2")
    assert state.goals == [0, 0]
    assert state.occ[state.ball] == B2
    assert state.phase == "play" and state.side == 1  # play goes on: Orange's turn


def test_different_numbers_score() -> None:
    """*Se ambos servir em um número diferente que conta como um Gol*."""
    state = _penalty_to_orange(mode="goal-limit", goals=3)
    state.apply("aim:1")
    state.apply("dive:3")
    assert state.goals == [0, 1]
    assert state.phase == "kickoff" and state.side == 0  # Blue conceded: Blue restarts


def test_golden_goal_penalty_ends_the_match() -> None:
    state = _penalty_to_orange()
    state.apply("aim:3")
    state.apply("dive:1")
    assert state.is_terminal and state.winner == 1


def test_the_first_pick_is_hidden_from_the_other_side_until_both_chose() -> None:
    """The taker's pick never reaches the keeper's side (or a spectator) before the dive."""
    state = _penalty_to_orange()
    state.apply("aim:2")
    for seat in (0, None):
        text = json.dumps(state.observation(seat))
        assert "aim:2" not in text and "aims 2" not in text
        assert state.secrets(seat) == {"penalty#1:aim:2"}
    assert state.observation(1)["penalty"]["your_pick"] == "penalty#1:aim:2"
    assert state.secrets(1) == set()
    state.apply("dive:1")
    assert any("shoots 2" in line for line in state.events_for(0))


def test_hidden_pick_is_resampled_for_the_keepers_side() -> None:
    """A determinized world for the keeper holds some pick, not necessarily the real one."""
    state = _penalty_to_orange()
    state.apply("aim:2")
    picks = {state.determinize(0, random.Random(i)).aim for i in range(20)}
    assert len(picks) > 1
    world = state.determinize(0, random.Random(5))
    assert all(event.visible_to(0) for event in world.events)  # the taker's line is gone
    assert state.determinize(1, random.Random(5)).aim == 2  # the taker knows its own


def test_penalty_needs_a_keeper_first_and_cannot_be_declined() -> None:
    """*outro peão de jogo deve ocupar o seu lugar antes da cobrança do pênalti*."""
    state = arrange({"B1": "d2", "B2": "f5", "O1": "c3"}, "c3")
    state.apply("steal:B1")
    assert "keeper:none" not in state.legal_actions()


def test_keeper_red_card_in_own_area_then_penalty_with_a_new_keeper() -> None:
    """Second yellow on a diagonal steal in the own area: red, expelled goalkeeper,
    the ball loose, a compulsory new keeper, then the penalty."""
    state = arrange({"B1": "d2", "B2": "f5", "O1": "c3", "O2": "a9"}, "c3")
    state.yellow[0] = 1
    state.apply("steal:B1")
    assert state.reds == [1, 0] and state.pos[0] == -1
    assert state.phase == "keeper" and "keeper:none" not in state.legal_actions()
    state.apply("keeper:B2:e2")
    assert state.phase == "aim" and state.board.cell_names[state.pos[O1]] == "d3"
    state.apply("aim:1")
    state.apply("dive:1")
    assert state.occ[state.ball] == B2 and state.side == 1


def test_json_round_trip_keeps_a_pending_hidden_pick() -> None:
    state = _penalty_to_orange()
    state.apply("aim:3")
    restored = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert restored.to_json() == state.to_json()
    assert restored.secrets(0) == {"penalty#1:aim:3"}
    restored.apply("dive:3")
    assert restored.goals == [0, 0]
