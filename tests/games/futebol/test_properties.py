"""Invariants over many full random games, replay, and the hidden penalty pick."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca import games
from ludoteca.core import Game
from ludoteca.games.futebol.state import EXPELLED, OFF, PITCH, FutebolState

# (options, games): 5,000 full games in all, every mode and format.
PLAN: list[tuple[dict[str, Any], int]] = [
    ({}, 800),
    ({"mode": "goal-limit", "goals": 3, "placement": "formation", "turn_limit": 100}, 1400),
    ({"format": "teams", "coaching": True, "placement": "formation", "turn_limit": 100}, 1400),
    ({"format": "teams", "mode": "goal-limit", "goals": 2, "turn_limit": 80}, 1400),
]
BALL_PHASES = ("play", "chain", "keeper", "aim", "dive")


def _scoring(state: FutebolState, action: str) -> bool:
    cell = state.board.cell(action.rsplit(":", 1)[-1])
    return action[:4] in ("move", "pass") and cell >= 0 and state.board.goal_of[cell] >= 0


def _check(state: FutebolState, before: tuple[list[int], list[int], list[int]]) -> None:
    """The invariants that hold after every action."""
    yellow, reds, goals = before
    board = state.board
    assert all(a >= b for a, b in zip(state.yellow, yellow, strict=True)), "cards only grow"
    assert all(a >= b for a, b in zip(state.reds, reds, strict=True)), "cards only grow"
    assert all(a >= b for a, b in zip(state.goals, goals, strict=True))
    on_pitch = [p for p, c in enumerate(state.pos) if c >= 0]
    assert sum(1 for c in state.occ if c >= 0) == len(on_pitch)
    for pawn in on_pitch:
        assert state.occ[state.pos[pawn]] == pawn and state.status[pawn] == PITCH
        assert board.pitch[state.pos[pawn]]
    for side in (0, 1):
        mine = range(7 * side, 7 * side + 7)
        expelled = sum(1 for p in mine if state.status[p] == EXPELLED)
        assert expelled == state.reds[side]
        assert all(state.pos[p] < 0 for p in mine if state.status[p] == EXPELLED)
        assert sum(1 for p in mine if state.status[p] == OFF) == int(state.sub_used[side])
        count = sum(1 for p in mine if state.pos[p] >= 0)
        expected = state.placed[side] if state.phase == "place" else 6 - state.reds[side]
        if state.phase != "over":
            assert count == expected, "pawn count"
        for area in (0, 1):
            in_area = sum(
                1 for p in mine if state.pos[p] >= 0 and board.keeper_area_of[state.pos[p]] == area
            )
            assert in_area <= 1, "one pawn of a side per goal-kick area"
    if state.phase in BALL_PHASES:
        assert board.pitch[state.ball], "one ball, on the pitch"
    assert state.turns <= state.game.turn_limit  # type: ignore[attr-defined]


def _play(game: Game, seed: int) -> FutebolState:
    state = game.new_game(seed)
    assert isinstance(state, FutebolState)
    rng = random.Random(seed)
    while not state.is_terminal:
        before = (list(state.yellow), list(state.reds), list(state.goals))
        actions = state.legal_actions()
        shots = [a for a in actions if _scoring(state, a)]
        state.apply(rng.choice(shots if shots and rng.random() < 0.5 else actions))
        _check(state, before)
        if state.phase == "dive":
            hidden = f"penalty#{state.penalties}:aim:{state.aim}"
            for seat in [None, *range(game.num_seats)]:
                if seat is None or seat % 2 == state.side:
                    assert hidden not in json.dumps(state.observation(seat))
    return state


@pytest.mark.slow
@pytest.mark.parametrize(("options", "count"), PLAN, ids=[f"plan{i}" for i in range(len(PLAN))])
def test_random_games_keep_the_invariants_and_replay(options: dict[str, Any], count: int) -> None:
    """Every full random game keeps the invariants, ends, and replays exactly."""
    game = games.load("futebol", **options)

    @settings(max_examples=count, database=None)
    @given(st.integers(0, 2**32 - 1))
    def run(seed: int) -> None:
        state = _play(game, seed)
        assert state.is_terminal
        again = game.replay(game.record(state))
        assert again.dump() == state.dump() and again.history == state.history

    run()
