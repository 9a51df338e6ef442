"""The invariant checker of the property tests fails on each broken invariant."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoteca.games.touchdown.state import TouchdownState

from .helpers import new_state
from .invariants import (
    InvariantBroken,
    Invariants,
    observations_equal,
    replay_reproduces,
    whole_views_equal,
)


def _midgame(seed: int = 3) -> TouchdownState:
    """A random match some way into its first quarter, with players on the field."""
    s = new_state()
    rng = random.Random(seed)
    while len(s.history) < 400 or len(s.pos) < 20 or s.carrier is None:
        actions = s.legal_actions()
        s.apply(actions[rng.randrange(len(actions))])
    return s


def _fails(state: TouchdownState, checker: Invariants, match: str) -> None:
    with pytest.raises(InvariantBroken, match=match):
        checker.check(state)


def test_a_sound_state_passes() -> None:
    """The checker accepts a real match state (so the failures below are the mutation's)."""
    s = _midgame()
    Invariants(s).check(s)
    whole_views_equal(s)


def test_too_many_players_on_the_field_fail() -> None:
    """*Le formazioni*: eleven a side, 22 at most on the field."""
    s = _midgame()
    checker = Invariants(s)
    letter = s.carrier[0] if s.carrier else "Y"
    spare = [p for p in s.cards if p[0] == letter and p not in s.pos and p not in s.bench]
    free = [sq for sq in range(s.board.width * 4, s.board.width * 6) if sq not in s.pos.values()]
    while sum(1 for p in s.pos if p[0] == letter) <= 11:
        s.pos[spare.pop()] = free.pop()
    _fails(s, checker, "more than 11 of a team|players on the field")


def test_two_team_mates_standing_on_one_square_fail() -> None:
    """*Movimento*: never two team-mates standing on one square."""
    s = _midgame()
    checker = Invariants(s)
    assert s.carrier is not None
    mate = next(p for p in s.pos if p[0] == s.carrier[0] and p != s.carrier and p not in s.fallen)
    s.fallen.discard(s.carrier)
    s.pos[mate] = s.pos[s.carrier]
    _fails(s, checker, "two team-mates standing")


def test_an_injured_player_on_the_field_fails() -> None:
    """*Infortuni*: an injured player sits on the bench, not on the field."""
    s = _midgame()
    checker = Invariants(s)
    pid = next(iter(s.pos))
    s.bench[pid] = 3
    # the squares are unchanged: the change of the bench alone must trigger the check
    _fails(s, checker, "injured")


def test_a_ball_both_held_and_loose_fails() -> None:
    """One ball: held by one player or loose, never both."""
    s = _midgame()
    checker = Invariants(s)
    s.ball = 5
    _fails(s, checker, "both held and loose")


def test_a_carrier_off_the_field_fails() -> None:
    """The ball is held by a player on the field."""
    s = _midgame()
    checker = Invariants(s)
    assert s.carrier is not None
    s.carrier = next(p for p in s.cards if p not in s.pos)
    _fails(s, checker, "not on the field")


def test_the_clock_running_back_fails() -> None:
    """*Timing*: the clock markers only move forward within a quarter."""
    s = _midgame()
    checker = Invariants(s)
    s.clock -= 1
    _fails(s, checker, "clock went back")


def test_a_score_going_down_fails() -> None:
    """Points once scored stay on the board."""
    s = _midgame()
    s.score = [6, 0]
    checker = Invariants(s)
    s.score = [0, 0]
    _fails(s, checker, "score went down")


def test_a_log_line_hidden_from_a_seat_fails() -> None:
    """No hidden information: every log line is readable by both seats."""
    s = _midgame()
    checker = Invariants(s)
    s.log("a secret", frozenset({0}))
    _fails(s, checker, "hidden from a seat")


def test_observations_that_differ_between_seats_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """No hidden information: both seats and a spectator get the same observation."""
    s = _midgame()
    honest = TouchdownState._observe

    def leaky(self: TouchdownState, seat: int | None) -> dict[str, Any]:
        view = honest(self, seat)
        if seat == 1:
            view["players"] = {}
        return view

    monkeypatch.setattr(TouchdownState, "_observe", leaky)
    with pytest.raises(InvariantBroken, match=r"differ between seats in \['players'\]"):
        observations_equal(s)
    with pytest.raises(InvariantBroken, match="differ between seats"):
        Invariants(s)


def test_observations_are_compared_after_every_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """No hidden information, after EVERY action: a leak in an action that keeps the phase
    (choosing a player to move) is caught, not only at changes of phase."""
    s = _midgame()
    while not (s.phase == "move" and s.picked is None and len(s.legal_actions()) > 1):
        s.apply(s.legal_actions()[-1])
    checker = Invariants(s)
    honest = TouchdownState._observe

    def leaky(self: TouchdownState, seat: int | None) -> dict[str, Any]:
        view = honest(self, seat)
        if seat == 0 and self.picked is not None:
            view["picked"] = None
        return view

    monkeypatch.setattr(TouchdownState, "_observe", leaky)
    s.apply(s.legal_actions()[1])  # pick: the phase stays "move"
    assert s.phase == "move" and s.picked is not None
    _fails(s, checker, r"differ between seats in \['picked'\]")


def test_a_stale_shared_players_view_fails() -> None:
    """The players' part shared by every seat's observation must be what the state says:
    a shared view modified behind the state's back looks alike for every seat, so the
    checker compares it with a fresh build (at every change of phase)."""
    s = _midgame()
    observations_equal(s)
    pid = next(iter(s.players_view()))
    s.players_view()[pid]["fallen"] = not s.players_view()[pid]["fallen"]
    observations_equal(s)  # every seat shares the same wrong view: not caught here
    with pytest.raises(InvariantBroken, match="stale"):
        Invariants(s)  # its first check is a change of phase


def test_the_players_view_follows_the_state() -> None:
    """The shared players' view is rebuilt when a player moves or falls, and only then."""
    s = _midgame()
    first = s.players_view()
    assert s.players_view() is first and first == s.build_players_view()
    pid = next(p for p in s.pos if p not in s.fallen)
    s.fallen.add(pid)
    assert s.players_view() is not first and s.players_view()[pid]["fallen"]
    moved = s.players_view()
    s.pos[pid] = next(
        sq for sq in range(s.board.width, s.board.width * 3) if sq not in s.pos.values()
    )
    assert s.players_view()[pid]["square"] == s.board.names[s.pos[pid]] != moved[pid]["square"]


def test_a_state_the_replay_does_not_reproduce_fails() -> None:
    """`(game, options, seed, actions)` replays exactly: a state changed behind the
    record's back is caught."""
    s = _midgame()
    replay_reproduces(s.game, s)
    s.clock += 10
    with pytest.raises(InvariantBroken, match="does not reproduce"):
        replay_reproduces(s.game, s)
