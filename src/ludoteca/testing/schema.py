"""The conformance check of a game's observations against their typed schema.

The core's part of every observation is `ludoteca.core.Observation`; a game declares
the rest, what its `_observe` adds, as a `TypedDict` in `Game.observation_schema`.
typeguard checks each part, every item of every list and dict: a key missing, a key
not declared or a value of another type is named.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core import Game, Observation
from ludoteca.testing.walks import NotApplicable, sample, viewers, walk

CORE_KEYS = frozenset(Observation.__annotations__)


def schema_errors(observation: dict[str, Any], schema: type[Any]) -> str:
    """What in `observation` breaks the core's `Observation` or the game's `schema`
    ('' when nothing does)."""
    from typeguard import CollectionCheckStrategy, TypeCheckError, check_type

    core = {k: v for k, v in observation.items() if k in CORE_KEYS}
    own = {k: v for k, v in observation.items() if k not in CORE_KEYS}
    try:
        for part, expected in ((core, Observation), (own, schema)):
            check_type(part, expected, collection_check_strategy=CollectionCheckStrategy.ALL_ITEMS)
    except TypeCheckError as error:
        return str(error)
    return ""


def observations_follow_their_schema(game: Game, seed: int) -> None:
    """Every seat's and the spectator's observation, along a random game, is of the core's
    `Observation` and the game's declared `observation_schema`, key by key."""
    schema = type(game).observation_schema
    if schema is None:
        raise NotApplicable("no observation schema declared")
    for state in sample(walk(game, seed), 12, seed):
        for seat in viewers(game):
            wrong = schema_errors(state.observation(seat), schema)
            assert not wrong, f"seat {seat}'s observation: {wrong}"
