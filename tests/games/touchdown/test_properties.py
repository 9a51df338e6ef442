"""1,000 random full matches in both lengths, invariants after every action.

*La partita*: a short match is two halves of one quarter, a long match four quarters.
500 short and 500 long matches, most with shorter quarters than the rulebook's 15 minutes
(`quarter_minutes` 2, 3, 4 or 6; one in five at 15: the clock's end of a quarter is the
same rule at any length, and a full quarter costs four times a short one), each quarter
checked to have been played. Every match compares both seats' and a spectator's
observations after every action (see `invariants.py`); one in four (`REPLAYED`) goes
through JSON and back and is replayed from its record to the same final state.

The policy is random with two biases drawn per match, so a match costs about 2,000
actions instead of 6,000 (the clock is spent by the +2 minutes of each play, so the
cost is in how long a play lasts): a player picked to move goes onto the ball's
square when he can (a loose ball picked up, the opposing carrier tackled) with
probability 0.5-1, and a movement phase ends early with probability 0-0.4. Both are
legal random choices. The 1,000 matches are split into chunks of 50 so pytest-xdist
spreads them over the workers. `TOUCHDOWN_GAMES=N` plays N matches instead.
"""

from __future__ import annotations

import functools
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca import games
from ludoteca.core import Game
from ludoteca.games.touchdown.state import TouchdownState
from tests.depth import examples

from .invariants import Invariants, replay_reproduces, round_trip, whole_views_equal

TOTAL = int(os.environ.get("TOUCHDOWN_GAMES", "1000"))
CHUNK = 50
CHUNKS = max(1, (TOTAL // 2 + CHUNK - 1) // CHUNK)
SEED_SPAN = 2**24
END_EARLY = (0.0, 0.2, 0.4)
CHASE = (0.5, 0.75, 1.0)
QUARTER_MINUTES = (2, 3, 4, 6, 15)
REPLAYED = 0.25
"""The share of matches sent through JSON and replayed from their record: a replay costs
as much as the match, and both are checked on every game's goldens and by the conformance
suite too."""


@functools.cache
def _game(length: str, league: bool, minutes: int) -> Game:
    return games.load("touchdown", length=length, league=league, quarter_minutes=minutes)


def _chunk_size(chunk: int) -> int:
    return max(0, min(CHUNK, TOTAL // 2 - chunk * CHUNK))


def play_checked(length: str, seed: int) -> TouchdownState:
    """Play one random match, checking the invariants after every action."""
    draw = random.Random(seed)
    end_early, chase = draw.choice(END_EARLY), draw.choice(CHASE)
    minutes = draw.choice(QUARTER_MINUTES)
    draw.random()  # once drew which matches compared observations: kept, same matches
    replayed = draw.random() < REPLAYED  # the same draw as ever: the same matches
    game = _game(length, seed % 2 == 0, minutes)
    s = game.new_game(seed)
    assert isinstance(s, TouchdownState)
    checker = Invariants(s)
    quarters = {s.quarter}
    steps = 0
    while not s.is_terminal:
        s.apply(_random_action(s, draw, end_early, chase))
        checker.check(s)
        quarters.add(s.quarter)
        steps += 1
        assert steps < 200_000
    assert quarters == set(range(1, (2 if length == "short" else 4) + 1))
    whole_views_equal(s)
    if replayed:
        round_trip(game, s)
        replay_reproduces(game, s)
    return s


def _random_action(
    state: TouchdownState, draw: random.Random, end_early: float, chase: float
) -> str:
    """A random legal action, biased to end movement phases early and chase the ball."""
    actions = state.legal_actions()
    if actions[0] == "end" and draw.random() < end_early:
        return "end"
    if actions[0] == "stay" and state.picked is not None and draw.random() < chase:
        ball = state.ball_square()
        theirs = state.carrier is None or state.carrier[0] != state.picked[0]  # loose, or to tackle
        onto = f"to:{state.board.name_of(ball)}" if ball is not None and theirs else ""
        if onto in actions:
            return onto
    return actions[draw.randrange(len(actions))]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_short_matches_keep_the_invariants(chunk: int) -> None:
    """*La partita* (short: two halves of one quarter): invariants after every action."""
    _run_chunk("short", chunk)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_long_matches_keep_the_invariants(chunk: int) -> None:
    """*La partita* (long: four quarters): invariants after every action."""
    _run_chunk("long", chunk)


def _run_chunk(length: str, chunk: int) -> None:
    size = _chunk_size(chunk)
    if not size:
        pytest.skip("no match left for this chunk")

    @settings(max_examples=size, derandomize=True, database=None, deadline=None)
    @given(seed=st.integers(chunk * SEED_SPAN, (chunk + 1) * SEED_SPAN - 1))
    def play(seed: int) -> None:
        play_checked(length, seed)

    play()


@settings(max_examples=examples(6), derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_moves_end_on_the_chosen_square_within_the_allowance(seed: int) -> None:
    """*Movimento*: a player ends where his coach sent him, within the allowance (plus
    speed once), unless a tackle, a fall, a touch down or the sideline stopped him."""
    game = games.load("touchdown")
    s = game.new_game(seed)
    assert isinstance(s, TouchdownState)
    rng = random.Random(seed)
    while not s.is_terminal:
        actions = s.legal_actions()
        action = actions[rng.randrange(len(actions))]
        if s.phase == "move" and s.picked is not None and action.startswith("to:"):
            pid, target = s.picked, s.board.parse(action[3:])
            assert target is not None
            start = s.pos[pid]
            reach = 1 if s.extra else s.allow + (s.cards[pid].speed if s.bonus_ok else 0)
            assert s.board.distance(start, target) <= reach
            opponents = {q for p, q in s.pos.items() if p[0] != pid[0] and p not in s.fallen}
            events = len(s.events)
            s.apply(action)
            stopped = any(
                w in e
                for e in (ev.text for ev in s.events[events:])
                for w in ("falls", "Tackle", "out of bounds", "Ball dead")
            )
            if not stopped and target not in opponents:
                assert s.pos.get(pid, target) == target
            continue
        s.apply(action)
