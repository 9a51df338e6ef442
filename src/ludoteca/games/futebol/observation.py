"""What a seat sees of a futebol match, as types: the game's part of an observation
(`FutebolState._observe`), checked by the conformance suite along random games. Spaces
are named as on the board (`e5`), pawns by side and number (`B3`)."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ludoteca.games.futebol.fields import Phase
from ludoteca.games.futebol.pawns import Side, Status


class PawnView(TypedDict):
    """A pawn: where it stands, whether it plays, its yellow cards (*cartões*)."""

    space: str | None
    """None off the pitch."""
    status: Status
    yellow: int


class PenaltyView(TypedDict):
    """The penalty under way (*pênalti*): who takes it, and whether the aim is chosen."""

    taker: Side
    aimed: bool
    your_pick: NotRequired[str]
    """The taker's own hidden aim, to the taker's side only."""


class FutebolView(TypedDict):
    """A futebol observation's own keys: the pitch, the pawns, the ball and the score."""

    board: str
    phase: Phase
    to_move: Side | None
    turn: int
    turn_limit: int
    goals: list[int]
    reds: list[int]
    subs_used: list[bool]
    ball: str | None
    pawns: dict[str, PawnView]
    no_steal_back: str | None
    """The pawn that may not steal the ball straight back."""
    chain: list[str]
    """The pawns that passed in the chain under way (*tabela*)."""
    offences: list[int]
    penalty: NotRequired[PenaltyView]
