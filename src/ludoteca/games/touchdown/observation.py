"""What a seat sees of a Touch down match, as types: the game's part of an observation
(`TouchdownState._observe`), checked by the conformance suite along random games. Every
seat sees the same (*no hidden information*); squares are named as on the board (`g15`)."""

from __future__ import annotations

from typing import TypedDict

from ludoteca.games.touchdown.fields import Phase


class PlayerView(TypedDict):
    """A player on the field: its square, its role, whether it is down (*a terra*)."""

    square: str
    role: str
    fallen: bool


class TouchdownView(TypedDict):
    """A Touch down observation's own keys: the clock, the down, the players, the ball."""

    phase: Phase
    kind: str
    """The kind of play under way (`attack`, `punt`, `kickoff`...)."""
    quarter: int
    clock: str
    """The quarter's clock as its markers read (`3:15`)."""
    last: bool
    possession: int
    offence: int
    down: int
    yc_row: int
    scrimmage: str
    direction: list[int]
    move: int
    timing: list[int]
    initiative: int
    mphase: int | None
    """The movement phase (6-8) while players move, else None."""
    allow: int | None
    bonus: bool | None
    extra: bool
    players: dict[str, PlayerView]
    carrier: str | None
    ball: str | None
    picked: str | None
    bench: dict[str, int]
    timeouts: list[bool]
