"""Random full matches in both lengths with invariants after every action.

The issue asks for 1,000 games. A random match takes 4-7k actions (short) or 10-20k
(long); the engine plays about 30k random actions per second and the checks below
roughly double the cost, so the default run plays the 120 matches (80 short, 40 long)
that fit in about 55 s of one core; `TOUCHDOWN_GAMES=1000` runs the full count (about
7-8 minutes of CPU, measured November 2026).
"""

from __future__ import annotations

import os
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca import games
from ludoteca.games.touchdown.state import TouchdownState

TOTAL = int(os.environ.get("TOUCHDOWN_GAMES", "120"))
SHORT, LONG = TOTAL * 2 // 3, TOTAL - TOTAL * 2 // 3


def _check(s: TouchdownState, before: tuple[int, int], score: list[int], step: int) -> None:
    assert len(s.pos) <= 22
    standing: set[tuple[str, int]] = set()
    on_field = {"Y": 0, "W": 0}
    bench, fallen = s.bench, s.fallen
    for pid, sq in s.pos.items():
        assert pid not in bench, "an injured player is on the field"
        on_field[pid[0]] += 1
        if pid in fallen:
            continue
        key = (pid[0], sq)
        assert key not in standing, f"two team-mates standing on {s.board.name_of(sq)}"
        standing.add(key)
    assert on_field["Y"] <= 11 and on_field["W"] <= 11
    assert s.carrier is None or s.ball is None, "ball both held and loose"
    assert s.carrier is None or s.carrier in s.pos
    assert (s.quarter, s.clock) >= before or s.quarter > before[0], "clock went back"
    assert s.score[0] >= score[0] and s.score[1] >= score[1]
    if step % 8 == 0:  # every eighth action: building observations is the costly part
        assert s._observe(0) == s._observe(1) == s._observe(None)


def _play(length: str, seed: int, replay: bool) -> None:
    game = games.load("touchdown", length=length, league=seed % 2 == 0)
    s = game.new_game(seed)
    assert isinstance(s, TouchdownState)
    rng = random.Random(seed)
    steps = 0
    while not s.is_terminal:
        before, score = (s.quarter, s.clock), list(s.score)
        actions = s.legal_actions()
        assert actions
        s.apply(actions[rng.randrange(len(actions))])
        steps += 1
        _check(s, before, score, steps)
        assert steps < 200_000
    assert s.quarter == (2 if length == "short" else 4)
    assert s.observation(0)["players"] == s.observation(1)["players"]
    if replay:
        again = game.replay(game.record(s))
        assert again.to_json() == s.to_json()


@settings(max_examples=SHORT, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_short_matches_keep_the_invariants(seed: int) -> None:
    """Short matches (two halves of one quarter): invariants after every action."""
    _play("short", seed, replay=seed % 8 == 0)


@settings(max_examples=LONG, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_long_matches_keep_the_invariants(seed: int) -> None:
    """Long matches (four quarters): invariants after every action."""
    _play("long", seed, replay=seed % 8 == 0)


@settings(max_examples=6, derandomize=True)
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
