"""futebol's observation tensor (issue 21): the penalty pick (*Cobrança de pênalti*) is in
the taker's side's tensor only, and the pitch is read the seat's side first."""

from __future__ import annotations

import numpy as np

from ludoteca import games
from ludoteca.games.futebol import tensor
from ludoteca.games.futebol.pawns import PAWNS

OPTIONS = {"mode": "goal-limit", "goals": 3, "turn_limit": 80, "placement": "formation"}
# Seed 1: Blue's B4 steals diagonally in Blue's penalty area, a penalty to Orange.
TO_THE_PENALTY = [
    "kickoff:B3", "pass:f7", "move:O6:f7", "move:B4:e4",
    "move:O6:g4", "move:B6:f5", "move:O6:f3", "steal:B4",
]  # fmt: skip


def at_the_dive(aim: int) -> tuple[np.ndarray, np.ndarray]:
    """Blue's and Orange's tensors once Orange (the taker) has aimed `aim`."""
    game = games.load("futebol", **OPTIONS)
    state = game.new_game(1)
    for action in [*TO_THE_PENALTY, f"aim:{aim}"]:
        state.apply(action)
    assert state.legal_actions() == ["dive:1", "dive:2", "dive:3"]
    return state.observation_tensor(0), state.observation_tensor(1)


def test_the_keeper_cannot_read_the_takers_aim_in_its_tensor() -> None:
    blue_1, orange_1 = at_the_dive(1)
    blue_3, orange_3 = at_the_dive(3)
    assert np.array_equal(blue_1, blue_3)  # the diving side sees no aim
    assert not np.array_equal(orange_1, orange_3)  # the taker's side knows its own
    assert orange_1[-3:].tolist() == [1.0, 0.0, 0.0] and orange_3[-3:].tolist() == [0, 0, 1]


def test_each_seat_reads_its_own_pawns_first() -> None:
    """The first pawn plane is the seat's own first pawn: Blue's B1 for seat 0, O1 for 1."""
    game = games.load("futebol", **OPTIONS)
    state = game.new_game(1)
    board = game.board
    cells = board.width * board.height
    start = cells * len(tensor.KINDS)
    for seat, first in ((0, 0), (1, PAWNS // 2)):
        planes = state.observation_tensor(seat)[start : start + cells * PAWNS]
        assert planes.reshape(PAWNS, cells)[0].argmax() == state.pos[first]
