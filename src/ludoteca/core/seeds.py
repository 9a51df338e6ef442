"""Seeds: each game's seed in a run, a generator's state saved as JSON, and the draws
games make most, as fast as plain Python allows and identical to `random.Random`'s."""

from __future__ import annotations

import hashlib
import random
from typing import Any, TypeVar

T = TypeVar("T")


def below(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)` for `n` >= 1: the same number, the same bits drawn (CPython's
    `_randbelow_with_getrandbits`), without `randrange`'s argument checks."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, items: list[T]) -> None:
    """`rng.shuffle(items)`: the same order, the same bits drawn, in half the time (a
    shuffle is most of a deck game's set-up and of a search's sampled worlds)."""
    bits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        items[i], items[r] = items[r], items[i]


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
