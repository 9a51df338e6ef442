"""Seeds: each game's seed in a run, and a generator's state saved as JSON."""

from __future__ import annotations

import hashlib
from typing import Any


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game `index` of a run: independent of how games are spread."""
    digest = hashlib.blake2b(f"{run_seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def rng_state_to_json(state: tuple[Any, ...]) -> list[Any]:
    """`random.Random.getstate()` as JSON-able lists."""
    version, internal, gauss = state
    return [version, list(internal), gauss]


def rng_state_from_json(data: list[Any]) -> tuple[Any, ...]:
    """The inverse of `rng_state_to_json`, for `random.Random.setstate`."""
    version, internal, gauss = data
    return (int(version), tuple(int(x) for x in internal), gauss)
