"""The data of a futebol game in progress, and what the rule modules may call.

`FutebolState` (state.py) owns the flow of a turn and calls the rule modules
(actions, fouls, explain); they read and change these fields and call back only
the hooks declared here, so none of them imports the state.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, TypeVar, cast

from ludoteca.core import State
from ludoteca.core.i18n import N_
from ludoteca.games.futebol.config import FutebolConfig
from ludoteca.games.futebol.geometry import Board

F = TypeVar("F", bound="FutebolFields")
PawnMoves = tuple[int, list[str]]
"""A pawn's move actions, with the bit mask of the spaces they were read from."""
MovesMemo = tuple[list[int], int, list[PawnMoves | None]]
"""The pawns' places and the ball when a side's moves were found, and each pawn's moves."""


class Phase(StrEnum):
    """The decision a match awaits (the side to act: `side`)."""

    PLACE = "place"  # *Posicionamento*: placing a pawn before the kick-off
    KICKOFF = "kickoff"  # choosing the kick-off pawn
    PLAY = "play"  # a turn: move, pass, long ball, steal, substitution, a call
    CHAIN = "chain"  # a chain pass goes on, or ends
    KEEPER = "keeper"  # choosing a goalkeeper (after an expulsion, a penalty)
    RULING = "ruling"  # the coached player answers a coaching call
    AIM = "aim"  # a penalty's shot
    DIVE = "dive"  # the keeper's dive against it
    OVER = "over"  # the match is over; no decision


class Ending(StrEnum):
    """What ended a match by the rules (*Puntuação*, *Cartão vermelho*)."""

    GOLDEN_GOAL = N_("golden goal")
    GOAL_LIMIT = N_("goal limit reached")
    RED_CARDS = N_("three red cards")


# fmt: off
FIELDS = [  # the game data of a state, as dumped
    "phase", "side", "next_side", "new_turn", "kickoff_side", "occ", "pos", "status", "yellow",
    "ball", "goals", "reds", "sub_used", "slots", "formation", "placed", "no_steal", "chain",
    "turns", "called", "offences", "forfeit", "member", "last_member", "pending", "aim",
    "penalties", "winner_side", "stopped",
]
# fmt: on


class FutebolFields(State):
    """Every field of a match (see `FIELDS`), plus the hooks the rules call."""

    phase: Phase
    side: int
    next_side: int
    new_turn: bool
    kickoff_side: int
    occ: list[int]
    pos: list[int]
    status: list[int]
    yellow: list[int]
    ball: int
    goals: list[int]
    reds: list[int]
    sub_used: list[bool]
    slots: list[list[int]]
    formation: list[list[int]]
    placed: list[int]
    no_steal: int
    chain: list[int]
    turns: int
    called: bool
    offences: list[int]
    forfeit: list[int]
    member: list[int]
    last_member: list[int]
    pending: list[list[int]]
    aim: int
    penalties: int
    winner_side: int
    stopped: bool

    @property
    def config(self) -> FutebolConfig:
        """The configured game (`game`, as futebol's: its pitch and options)."""
        return cast(FutebolConfig, self.game)

    moves_memo: tuple[MovesMemo | None, MovesMemo | None] = (None, None)
    """Each side's moves as last found (`reach.main_actions`); not a game field: a copy
    may share it, as nothing in it is ever changed."""

    _board: Board | None = None

    @property
    def board(self) -> Board:
        """The pitch this game is played on (the game's, looked up once: the rules read
        it a dozen times an action)."""
        board = self._board
        if board is None:
            board = self._board = self.config.board
        return board

    # -- the hooks the rule modules call ------------------------------------------------
    @abstractmethod
    def advance(self) -> None:
        """Run pending keeper/penalty steps, else start (or resume) the next turn."""

    @abstractmethod
    def finish(self, winner_side: int) -> None:
        """End the match; `winner_side` -1 is a draw."""

    @abstractmethod
    def _complete_turn(self) -> None:
        """Close the side's turn and go on to whatever comes next."""

    @abstractmethod
    def _goal(self, scorer: int) -> None:
        """A goal for side `scorer`."""

    # -- persistence ----------------------------------------------------------------------
    def dump(self) -> dict[str, Any]:
        """Every game field, JSON-able (lists and numbers)."""
        return {name: _copy(getattr(self, name)) for name in FIELDS}

    def load(self, data: Mapping[str, Any]) -> None:
        """Restore the fields written by `dump`."""
        for name in FIELDS:
            value = _copy(data[name])
            if name == "phase":
                value = Phase(value)  # an unknown name raises ValueError
            setattr(self, name, value)

    def clone(self: F, rng: random.Random | None = None) -> F:
        """A fast independent copy (lists copied, nothing deep); see `State.clone`."""
        other = type(self)(self.game, self.seed)  # (compiled, no bare `__new__`)
        self._copy_base(other, rng)
        for name in FIELDS:
            setattr(other, name, _copy(getattr(self, name)))
        other.moves_memo = self.moves_memo
        return other


def _copy(value: Any) -> Any:
    """A copy of a field: numbers as they are, lists (at most two levels) anew."""
    if isinstance(value, list):
        return [list(v) if isinstance(v, list) else v for v in value]
    return value
