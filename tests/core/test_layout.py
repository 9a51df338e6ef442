"""Tensor layouts (issue 41): named blocks at known offsets, views, planes and bounds."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca import games
from ludoteca.core import Block, TensorLayout
from ludoteca.core.layout import scaled

BOARD = (3, 4)


def test_blocks_lie_end_to_end_and_split_gives_views_of_the_flat_tensor() -> None:
    layout = TensorLayout(
        [Block("men", (2, *BOARD)), Block("ball", (1, *BOARD)), Block("score", (2,), -1, 1)],
        board=BOARD,
    )
    assert layout.offsets == {"men": 0, "ball": 24, "score": 36}
    assert layout.shape == (38,) and layout.planes_shape == (3, 3, 4)
    assert layout.vector_size == 2
    flat = layout.zeros()
    layout.split(flat)["ball"][0, 2, 1] = 1.0
    assert flat[24 + 2 * 4 + 1] == 1.0
    planes, vector = layout.planar(flat)
    assert planes[2, 2, 1] == 1.0 and vector.shape == (2,)
    low, high = layout.bounds()
    assert low[36:].tolist() == [-1, -1] and high.max() == 1 and low[:36].max() == 0
    assert layout.describe()[2] == {
        "name": "score",
        "offset": 36,
        "shape": [2],
        "low": -1,
        "high": 1,
    }


def test_malformed_layouts_are_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        TensorLayout([Block("a", (1,)), Block("a", (2,))])
    with pytest.raises(ValueError, match="finite bounds"):
        TensorLayout([Block("a", (1,), 0, float("inf"))])
    with pytest.raises(ValueError, match="after a vector block"):
        TensorLayout([Block("v", (2,)), Block("p", (1, *BOARD))], board=BOARD)
    with pytest.raises(ValueError, match="no board planes"):
        TensorLayout([Block("v", (2,))]).planar(np.zeros(2, dtype=np.float32))


@given(st.lists(st.integers(1, 6), min_size=1, max_size=8), st.integers(0, 8))
def test_offsets_cover_the_tensor_exactly_once(sizes: list[int], planar: int) -> None:
    planar = min(planar, len(sizes))
    blocks = [Block(f"p{i}", (n, *BOARD)) for i, n in enumerate(sizes[:planar])]
    blocks += [Block(f"v{i}", (n,)) for i, n in enumerate(sizes[planar:])]
    layout = TensorLayout(blocks, board=BOARD)
    covered = np.zeros(layout.size, dtype=int)
    for block in blocks:
        covered[layout.slice(block.name)] += 1
    assert covered.tolist() == [1] * layout.size
    assert layout.channels == sum(sizes[:planar])


@given(st.floats(-1e6, 1e6), st.floats(1e-3, 1e6))
def test_scaled_counts_stay_between_0_and_1(value: float, cap: float) -> None:
    assert 0.0 <= scaled(value, cap) <= 1.0


@pytest.mark.parametrize("name", ["futebol", "touchdown", "toxicity"])
def test_board_games_give_planes_over_their_board(name: str) -> None:
    game = games.load(name)
    state = game.new_game(3)
    planes, vector = state.observation_planes(0)
    shape = game.observation_layout().planes_shape
    assert (
        shape is not None and planes.shape == shape and shape[1:] == game.observation_layout().board
    )
    assert planes.size + vector.size == game.observation_shape()[0]
    assert np.shares_memory(planes, vector) is False


def test_a_planes_square_is_the_boards_row_and_column() -> None:
    game = games.load("futebol")
    state, rng = game.new_game(3), random.Random(3)
    while state.ball < 0 or len(state.history) < 20:
        state.apply(rng.choice(state.legal_actions()))
    ball = game.observation_layout().split(state.observation_tensor(0))["ball"]
    row, column = divmod(state.ball, game.board.width)
    assert ball[0, row, column] == 1.0 and ball.sum() == 1.0
