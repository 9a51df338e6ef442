"""Scripted situations: a match state with chosen players, ball and dice."""

from __future__ import annotations

import random
from collections.abc import Iterable

from ludoteca import games
from ludoteca.games.touchdown import movement
from ludoteca.games.touchdown.state import TouchdownState


class Dice(random.Random):
    """An RNG whose `randint` returns scripted values (then fails loudly)."""

    def __init__(self, rolls: Iterable[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        assert self.rolls, "the test ran out of scripted dice"
        value = self.rolls.pop(0)
        assert a <= value <= b, f"scripted {value} outside {a}-{b}"
        return value


def new_state(**options: object) -> TouchdownState:
    """A fresh match (toss done by seed 0)."""
    state = games.load("touchdown", **options).new_game(0)
    assert isinstance(state, TouchdownState)
    return state


def situation(
    players: dict[str, str],
    *,
    carrier: str | None = None,
    ball: str | None = None,
    offence: int = 0,
    spot: str = "g12",
    kind: str = "attack",
    move_no: int = 2,
    dice: Iterable[int] = (),
    fallen: Iterable[str] = (),
    **options: object,
) -> TouchdownState:
    """A move in progress: Yellow (seat 0) attacks up the board unless told otherwise."""
    s = new_state(**options)
    b = s.board
    assert all(pid in s.cards for pid in players), "unknown player id in a scripted situation"
    s.pos = {pid: _sq(s, name) for pid, name in players.items()}
    s.fallen = set(fallen)
    s.carrier = carrier
    s.ball = None if ball is None else _sq(s, ball)
    s.possession = s.play_offence = offence
    s.spot = _sq(s, spot)
    s.yc = b.row(s.spot)
    s.down = 1
    s.kind = kind
    s.move_no = move_no
    s.pending = ""
    s.rng = Dice(dice)
    s.events = []
    s._legal = None
    return s


def _sq(state: TouchdownState, name: str) -> int:
    sq = state.board.parse(name)
    assert sq is not None, name
    return sq


def open_move(
    state: TouchdownState, team: int, allow: int, phase: int = 7, bonus: bool = True
) -> None:
    """Open a movement phase for `team` with `allow` squares."""
    state.rolls = [allow, allow] if phase == 7 else state.rolls
    state.initiative = 1 - team if phase == 7 else team
    movement.open_phase(state, phase, team, allow, bonus)
    state._legal = None


def move(state: TouchdownState, pid: str, to: str) -> None:
    """Pick `pid` and move it to square `to` through the public actions."""
    state.apply(f"pick:{pid}")
    state.apply(f"to:{to}")
