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
from ludoteca.games.futebol import reach
from ludoteca.games.futebol.pawns import EXPELLED, OFF, PITCH
from ludoteca.games.futebol.state import FutebolState

# (options, games): 5,000 full games in all (issue 5's count), every mode and format. The
# default match has no turn limit and random play takes ~1,000 turns to score: fewer of
# those. make test plays them on the compiled build (`random_games`).
PLAN: list[tuple[dict[str, Any], int]] = [
    ({}, 200),
    ({"mode": "goal-limit", "goals": 3, "placement": "formation", "turn_limit": 100}, 1600),
    ({"format": "teams", "coaching": True, "placement": "formation", "turn_limit": 100}, 1600),
    ({"format": "teams", "mode": "goal-limit", "goals": 2, "turn_limit": 80}, 1600),
]
BALL_PHASES = ("play", "chain", "keeper", "aim", "dive")


def _scoring_actions(game: Game) -> frozenset[str]:
    """Every action string that puts the ball into a goal (moves and shots)."""
    board = game.board  # type: ignore[attr-defined]
    goals = [c for c, side in enumerate(board.goal_of) if side >= 0]
    labels = board.labels
    return frozenset([labels.passes[c] for c in goals] + [m[c] for m in labels.move for c in goals])


def _check(state: FutebolState, before: tuple[list[int], list[int], list[int]]) -> None:
    """The invariants that hold after every action."""
    yellow, reds, goals = before
    board = state.board
    assert all(a >= b for a, b in zip(state.yellow, yellow, strict=True)), "cards only grow"
    assert all(a >= b for a, b in zip(state.reds, reds, strict=True)), "cards only grow"
    assert all(a >= b for a, b in zip(state.goals, goals, strict=True)), "goals only grow"
    on_pitch, expelled, off = [0, 0], [0, 0], [0, 0]
    in_area = [[0, 0], [0, 0]]
    for pawn, cell in enumerate(state.pos):
        side, status = pawn // 7, state.status[pawn]
        if cell >= 0:
            assert state.occ[cell] == pawn and status == PITCH and board.pitch[cell]
            on_pitch[side] += 1
            if board.keeper_area_of[cell] >= 0:
                in_area[board.keeper_area_of[cell]][side] += 1
        else:
            assert status != PITCH, "no expelled (or benched) pawn on the board"
            expelled[side] += status == EXPELLED
            off[side] += status == OFF
    assert len(state.occ) - state.occ.count(-1) == sum(on_pitch)
    assert expelled == state.reds, "one red card per expelled pawn"
    assert off == [int(used) for used in state.sub_used], "one substitution at most"
    assert max(max(row) for row in in_area) <= 1, "one pawn of a side per goal-kick area"
    if state.phase == "place":
        assert on_pitch == state.placed
    elif state.phase != "over":
        assert on_pitch == [6 - r for r in state.reds], "pawn count"
    if state.phase in BALL_PHASES:
        assert board.pitch[state.ball], "one ball, on the pitch"
    limit = state.game.turn_limit  # type: ignore[attr-defined]
    assert not limit or state.turns <= limit
    if state.unfinished:  # decision 19: only the option's limit stops a match unfinished
        assert limit and state.turns == limit and state.winner is None


def _play(game: Game, seed: int) -> FutebolState:
    state = game.new_game(seed)
    assert isinstance(state, FutebolState)
    rng = random.Random(seed)
    scoring = _scoring_actions(game)
    while not state.is_terminal:
        before = (list(state.yellow), list(state.reds), list(state.goals))
        actions = state.legal_actions()
        # Half the time, prefer the rare events: goals, steals (cards), long passes.
        keen = [a for a in actions if a in scoring or a[:5] in ("steal", "long:")]
        state.apply(rng.choice(keen if keen and rng.random() < 0.5 else actions))
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
    """Every full random game keeps the invariants and ends; one in four replays exactly."""
    game = games.load("futebol", **options)

    @settings(max_examples=count, database=None)
    @given(st.integers(0, 2**32 - 1))
    def run(seed: int) -> None:
        state = _play(game, seed)
        assert state.is_terminal
        if seed % 4 == 0:  # one game in four replayed: a replay costs the game's actions again
            again = game.replay(game.record(state))
            assert again.dump() == state.dump() and again.history == state.history

    run()


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    options=st.sampled_from(
        [
            {"turn_limit": 150},
            {"format": "teams", "placement": "formation", "turn_limit": 150},
            {"mode": "goal-limit", "goals": 2, "turn_limit": 150},
        ]
    ),
)
def test_moves_kept_from_a_sides_last_turn_are_the_moves_found_afresh(
    seed: int, options: dict[str, Any]
) -> None:
    """`reach.main_actions` keeps each pawn's moves while no space they were read from
    changed: at every turn of a random game they equal the moves found with nothing kept
    (same actions, same order, so replays are unchanged)."""
    state = games.load("futebol", **options).new_game(seed)
    assert isinstance(state, FutebolState)
    rng = random.Random(seed)
    turns = 0
    while not state.is_terminal:
        if state.phase == "play":
            fresh = state.clone()
            fresh.moves_memo = (None, None)
            assert reach.main_actions(state) == reach.main_actions(fresh)
            turns += 1
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert turns > 0
