"""The board and the move tables made for it are kept once per process, not once per game:
every game loaded (a table, a replay, a state OpenSpiel restores at each step) shares them."""

from __future__ import annotations

import gc
import tracemalloc

from ludoteca import games
from ludoteca.core.datafile import read_toml
from ludoteca.games.touchdown import reach, verbs
from ludoteca.games.touchdown.geometry import BOARD_FILE, board_from_data


def _tables_of(name: str) -> None:
    """Load a game and make the move tables a `to:` decision reads, as play does."""
    board = games.load(name).board  # type: ignore[attr-defined]
    reach.masks(board)
    verbs.to_actions(board)


def test_every_game_shares_one_board() -> None:
    one, other = games.load("touchdown"), games.load("touchdown", quarter_minutes=1)
    assert one.board is other.board  # type: ignore[attr-defined]


def test_loading_games_keeps_no_memory_for_each() -> None:
    """Before boards were shared, each game loaded kept 1.7 MB for good (its board and
    tables in the tables' caches): 7 GB in OpenSpiel's random simulation of one match."""
    _tables_of("touchdown")
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(30):
            _tables_of("touchdown")
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 2_000_000, f"{kept:,} bytes kept by 30 games"


def test_boards_made_apart_leave_the_tables_bounded() -> None:
    """A board made from data (a designer's, a test's) is a new board: past the bound the
    tables start afresh rather than keep every one."""
    data = read_toml(BOARD_FILE, "board file")
    for _ in range(3 * reach.BOARDS_KEPT):
        board = board_from_data(data, "test")
        assert reach.masks(board) is reach.masks(board)  # kept while in use
        verbs.to_actions(board)
    assert len(reach._MASKS) <= reach.BOARDS_KEPT
    assert len(verbs._TO_ACTIONS) <= reach.BOARDS_KEPT
