"""What each seat did in a game: action types, cards named, points by action type.

The hook is generic over the game contract. An action string's *type* is the part
before its first ':' (`discard:a.OG-2` is a `discard`); an argument of an action
(the ':'-separated parts after the type) that is one of the game's card ids counts
as a use of that card; and the change of every seat's score across an action is
credited to that action's type (futebol: goals by action type). A game's card ids
are the keys of its `card_names()` (Toinc's deck, Touch down's counters).
"""

from __future__ import annotations

from ludoteca.core import Action, Game, Replay
from ludoteca.sim.dynamics import ScoreTrace

ACTION = "action:"
CARD = "card:"
POINTS = "points:"


def card_ids(game: Game) -> frozenset[str]:
    """The ids of the cards the game's actions may name (`Game.card_names`)."""
    return frozenset(game.card_names())


def card_label(game: Game, card: str) -> str:
    """A card's id and, when the game gives one, its readable name."""
    label = game.card_names().get(card)
    return f"{card} {label}" if label else card


def action_type(action: str) -> str:
    """The type of an action: the part before its first ':'."""
    return Action.parse(action).kind


def trace_usage(game: Game, replay: Replay, cards: frozenset[str]) -> dict[str, tuple[float, ...]]:
    """Re-play a game and count, per seat, action types, cards used and points gained.

    Keys are `action:<type>` and `card:<id>` (uses by the acting seat), `points:<type>`
    (score gained by each seat while actions of that type were applied), and the score
    dynamics of `dynamics.ScoreTrace` (lead changes, deficits, the score over time).
    """
    seats = game.num_seats
    totals: dict[str, list[float]] = {}

    def add(key: str, seat: int, amount: float) -> None:
        totals.setdefault(key, [0.0] * seats)[seat] += amount

    state = game.new_game(replay.seed, quiet=True)  # the log is not counted
    before = state.scores
    trace = ScoreTrace(before, len(replay.actions))
    for action in replay.actions:
        seat = state.current_player
        state.apply(action)
        kind, arguments = Action.parse(action)
        if seat is not None:
            add(ACTION + kind, seat, 1.0)
            for argument in arguments.split(":") if cards else ():
                if argument in cards:
                    add(CARD + argument, seat, 1.0)
        after = state.scores
        for gainer, (old, new) in enumerate(zip(before, after, strict=True)):
            if new != old:
                add(POINTS + kind, gainer, new - old)
        trace.seen(after)
        before = after
    return {**{key: tuple(values) for key, values in totals.items()}, **trace.usage()}
