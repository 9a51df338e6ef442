"""Seeds of the games of a run: each game's seed depends only on the run's and its index."""

from __future__ import annotations

import hashlib


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game `index` of a run: independent of how games are spread."""
    digest = hashlib.blake2b(f"{run_seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
