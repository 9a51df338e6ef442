"""Kalah's advice to computer players: a greedy one-move policy."""

from __future__ import annotations

import random

from ludoteca.core import GameKnowledge, State
from ludoteca_kalah.rules import STORES, pits_of, sow
from ludoteca_kalah.state import KalahState


def policy(world: State, rng: random.Random) -> str:
    """Prefer a sowing that ends in the store (another turn), then the one that puts
    most seeds in the store; ties at random."""
    assert isinstance(world, KalahState) and world.current_player is not None
    seat, board = world.current_player, world.board

    def value(action: str) -> tuple[int, float]:
        after = list(board)
        pit = pits_of(seat).start + "abcdef".index(action[-1])
        hole, _ = sow(after, seat, pit)
        return (hole == STORES[seat], after[STORES[seat]] - board[STORES[seat]] + rng.random())

    return max(world.legal_actions(), key=value)


KNOWLEDGE = GameKnowledge(policy=policy)
