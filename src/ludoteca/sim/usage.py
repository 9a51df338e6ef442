"""What each seat did in a game: action types, cards named, points by action type.

The hook is generic over the game contract. An action string's *type* is the part
before its first ':' (`discard:a.OG-2` is a `discard`); an argument of an action
(the ':'-separated parts after the type) that is one of the game's card ids counts
as a use of that card; and the change of every seat's score across an action is
credited to that action's type (futebol: goals by action type). A game's card ids
are the keys of its `cards` mapping, when it has one (Toinc's deck).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.core import Game, Replay

ACTION = "action:"
CARD = "card:"
POINTS = "points:"


def card_ids(game: Game) -> frozenset[str]:
    """The ids of the game's cards (the keys of its `cards` mapping), else none."""
    cards: Any = getattr(game, "cards", None)
    if isinstance(cards, Mapping):
        return frozenset(str(key) for key in cards)
    return frozenset()


def card_label(game: Game, card: str) -> str:
    """A readable name of a card, from the game's `labels` mapping when it has one."""
    labels: Any = getattr(game, "labels", None)
    if isinstance(labels, Mapping) and card in labels:
        return f"{card} {labels[card]}"
    return card


def action_type(action: str) -> str:
    """The type of an action: the part before its first ':'."""
    return action.partition(":")[0]


def trace_usage(game: Game, replay: Replay, cards: frozenset[str]) -> dict[str, tuple[float, ...]]:
    """Re-play a game and count, per seat, action types, cards used and points gained.

    Keys are `action:<type>` and `card:<id>` (uses by the acting seat) and
    `points:<type>` (score gained by each seat while actions of that type were applied).
    """
    seats = game.num_seats
    totals: dict[str, list[float]] = {}

    def add(key: str, seat: int, amount: float) -> None:
        totals.setdefault(key, [0.0] * seats)[seat] += amount

    state = game.new_game(replay.seed)
    before = state.scores
    for action in replay.actions:
        seat = state.current_player
        state.apply(action)
        kind, _, arguments = action.partition(":")
        if seat is not None:
            add(ACTION + kind, seat, 1.0)
            for argument in arguments.split(":") if cards else ():
                if argument in cards:
                    add(CARD + argument, seat, 1.0)
        after = state.scores
        for gainer, (old, new) in enumerate(zip(before, after, strict=True)):
            if new != old:
                add(POINTS + kind, gainer, new - old)
        before = after
    return {key: tuple(values) for key, values in totals.items()}
