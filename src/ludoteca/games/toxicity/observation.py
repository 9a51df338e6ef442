"""What a seat sees of a Toxicity 101 game, as types: the game's part of an observation
(`hidden.observe`), checked by the conformance suite along random games. A card the seat
may not see reads `?`; squares are named as on the board (`b3`)."""

from __future__ import annotations

from typing import TypedDict

from ludoteca.games.toxicity.pawn import Escape


class EffectsView(TypedDict):
    """What holds a pawn now (*Condições*): stunned, in mud, masked, immune..."""

    stunned: bool
    mud: bool
    no_run: bool
    mask_turns: int
    immunity: int
    refreshed: bool
    regenerated: bool


class PawnView(TypedDict):
    """A pawn: its seat, square, stamina, fate, key and items (`?`: not known here)."""

    colour: str
    seat: int
    square: str
    stamina: int
    alive: bool
    escaped: Escape
    key: str | None
    items: list[str]
    uses: dict[str, int]
    effects: EffectsView
    kills: int


class GasView(TypedDict):
    """The toxic gas (*Gás Tóxico*): columns consumed, turns to its next step, its zone."""

    columns: int
    timer: int
    zone: int


class TurnView(TypedDict):
    """The turn under way: whose, and what it has done."""

    pawn: str | None
    general_turn: int
    moved: bool
    items_used: int
    items_allowed: int
    ability_used: bool
    swaps_left: int


class ToxicityView(TypedDict):
    """A Toxicity observation's own keys: the round, the board, the pawns, the gas."""

    round: int
    rounds: int
    roles: dict[str, int]
    """The seat of the gamemaster and of each colour this round."""
    totals: list[int]
    board: list[list[str]]
    """Row by row: `.` empty, `_` a card removed, `?` face down, else the card."""
    face_down: list[str]
    pawns: list[PawnView]
    decks: list[int]
    discard: list[str]
    gas: GasView
    zones: list[list[str | list[str]]]
    """Areas an item made: [kind, owner's colour, squares]."""
    pending: list[list[list[str]]]
    """Drawn cards awaiting the gamemaster: [cards, squares]."""
    turn: TurnView
