"""Random playouts: the inner loop of benchmarks, tests and rollouts."""

from __future__ import annotations

import random

from ludoteca.core import Game, LudotecaError, State


class GameTooLong(LudotecaError):
    """A game that did not end within its `max_game_length` (a rules-engine bug)."""


def random_playout(state: State, rng: random.Random, max_steps: int | None = None) -> int:
    """Play uniformly random legal actions until the end; return the steps taken
    (at most `max_steps`, by default the game's `max_game_length`)."""
    if max_steps is None:
        max_steps = state.game.max_game_length()
    steps = 0
    while not state.is_terminal:
        if steps >= max_steps:
            raise GameTooLong(f"{state.game.info.name} did not end within {max_steps} actions")
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
        steps += 1
    return steps


def random_game(game: Game, seed: int, max_steps: int | None = None) -> State:
    """A finished game of uniformly random play; actions drawn from `seed` too."""
    state = game.new_game(seed)
    random_playout(state, random.Random(seed ^ 0x5EED), max_steps)
    return state
