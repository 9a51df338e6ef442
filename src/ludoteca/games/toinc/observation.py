"""What a seat sees of a Toinc game, as types: the game's part of an observation
(`ToincState._observe`), checked by the conformance suite along random games."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class PlayView(TypedDict):
    """The play under way: the cards laid by each side and what they did (*jogada*)."""

    start: int
    defense_play: str
    defense_leaders: list[str]
    defense_bonus: list[str]
    attack_play: str
    attack_leaders: list[str]
    attack_bonus: list[str]
    contest_leaders: list[str]
    contest_bonus: list[str]
    contested: list[str]
    carried_impact: int
    blitz: bool
    substitutions: list[int]
    kept_outcomes: list[str]
    fouls_pending: list[str]


class ToincView(TypedDict):
    """A Toinc observation's own keys: the field, the hands a seat may see, the table."""

    variant: str
    """`two-deck` or `single-deck`."""
    phase: str
    """The decision awaited (`Phase`'s value: `attack-play`)."""
    offense: int
    ball: int
    """Yards from the offense's own goal line (0-100)."""
    down: int
    line: int
    to_go: int
    period: int
    turns: int
    period_turns: int
    overtime_turns: int
    overtime_stage: int
    conversion: bool
    hand: list[str]
    """The seat's own hand (empty for a spectator)."""
    hand_sizes: list[int]
    outcome_drawn: list[str]
    outcome_drawn_sizes: list[int]
    table: list[str]
    play: PlayView
    draw_piles: dict[str, int]
    discards: dict[str, list[str]]
    marker: NotRequired[str]
    """The hand hiding the ball marker, to the seat that hid it only."""
    faces: dict[str, dict[str, Any]]
    """The faces of the cards the seat sees now, by card id."""
