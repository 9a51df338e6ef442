"""The random games the conformance checks look at: states kept along a seeded random
game (and the seats, spectator first, whose views they compare)."""

from __future__ import annotations

import functools
import json
import random

from ludoteca.core import Game, State

SEEDS = 3
"""Seeds each check plays per configuration."""
SNAPSHOTS = 24
"""States kept along a random game for the checks that look at many positions."""


class NotApplicable(Exception):
    """A check that does not apply to this game (e.g. hidden information checks)."""


WALKS = 8
"""Random games `walk` keeps (every seed of a game's configurations, as the suite runs them
in order): ten checks look at the same states of one random game."""


def walk(game: Game, seed: int, keep: int = SNAPSHOTS) -> list[State]:
    """Copies of the start, the end and `keep` states drawn uniformly along one random game.

    Reservoir sampling: a state is copied only when drawn, so a long game costs few copies.
    The same game and seed give the same states: the last `WALKS` walks are kept, and each
    call gets its own copies (a check may play on from them).
    """
    options = json.dumps(game.options, sort_keys=True)
    return [state.clone() for state in _kept_walk(type(game), options, seed, keep)]


@functools.lru_cache(maxsize=WALKS)
def _kept_walk(kind: type[Game], options: str, seed: int, keep: int) -> tuple[State, ...]:
    return tuple(_played(kind(**json.loads(options)), seed, keep))


def _played(game: Game, seed: int, keep: int) -> list[State]:
    """The states `walk` keeps, walked afresh."""
    rng = random.Random(seed)
    state = game.new_game(seed)
    first = state.clone()
    reservoir: list[State] = []
    step = 0
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        step += 1
        if len(reservoir) < keep:
            reservoir.append(state.clone())
        else:
            slot = rng.randrange(step)
            if slot < keep:
                reservoir[slot] = state.clone()
    return [first, *reservoir, state]


def sample(snapshots: list[State], k: int, seed: int) -> list[State]:
    """The first and last of `snapshots` and `k` more drawn with `seed`."""
    rng = random.Random(seed)
    return [snapshots[0], snapshots[-1], *rng.sample(snapshots, min(k, len(snapshots)))]


def viewers(game: Game) -> list[int | None]:
    """Who may look at a game: the spectator (None), then every seat."""
    return [None, *range(game.num_seats)]
