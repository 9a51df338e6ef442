"""The part of every observation the core writes (`State.observation`), as a `TypedDict`.

A game declares the rest, what its `_observe` adds, as its own `TypedDict` in
`Game.observation_schema`; the conformance suite checks every observation it sees
against both, key by key and value by value.
"""

from __future__ import annotations

from typing import TypedDict


class Observation(TypedDict):
    """What every game's observation holds (`State.observation`)."""

    game: str
    seat: int | None
    """The seat it is for; None: a spectator."""
    current_player: int | None
    """The seat to act; None once the game is over."""
    terminal: bool
    scores: list[float]
    """Each seat's score (whole numbers in most games)."""
    winner: int | None
    unfinished: bool
    legal_actions: list[str]
    """The actions open to `seat`, when it is to act (else empty)."""
    events: list[str]
    """The event log as `seat` may read it, in the reader's language."""
