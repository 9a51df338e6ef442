"""Touch down's observation tensor (issue 21): the same facts for both coaches (no hidden
information), each read from its own team's side."""

from __future__ import annotations

import random

import numpy as np

from ludoteca import games
from ludoteca.games.touchdown import tensor


def test_both_seats_read_the_same_match_each_from_its_own_side() -> None:
    game = games.load("touchdown")
    state = game.new_game(4)
    rng = random.Random(4)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    yellow, white = state.observation_tensor(0), state.observation_tensor(1)
    squares = len(game.board.names)
    planes_y, planes_w = yellow[: 3 * squares].reshape(3, -1), white[: 3 * squares].reshape(3, -1)
    assert np.array_equal(planes_y[0], planes_w[1]) and np.array_equal(planes_y[1], planes_w[0])
    assert np.array_equal(planes_y[2], planes_w[2])  # the ball is where it is for both
    assert planes_y[0].sum() == sum(p.startswith("Y") for p in state.pos)
    assert tensor.players_of(game, 0)[0].startswith("Y")
    assert tensor.players_of(game, 1)[0].startswith("W")
