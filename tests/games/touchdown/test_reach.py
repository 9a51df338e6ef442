"""The bit-mask path search (*Movimento*) agrees with a plain search on the board."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.games.touchdown.geometry import Board, load_board
from ludoteca.games.touchdown.reach import bits_of, on_shortest_paths, reachable, squares_of
from tests.depth import examples

BOARD = load_board()
SQUARES = st.integers(0, BOARD.width * BOARD.height - 1)


def _layers(
    board: Board, start: int, steps: int, blocked: set[int], halting: set[int]
) -> dict[int, int]:
    """Square -> king steps from `start`, by breadth-first search on `board.neighbours`."""
    dist, frontier = {start: 0}, [start]
    for step in range(1, steps + 1):
        nxt = []
        for s in frontier:
            if s != start and s in halting:
                continue
            for n in board.neighbours[s]:
                if n not in dist and n not in blocked:
                    dist[n] = step
                    nxt.append(n)
        frontier = nxt
    return dist


@settings(max_examples=examples(300), derandomize=True)
@given(
    start=st.integers(BOARD.width, BOARD.width * (BOARD.height - 1) - 1),
    dest=SQUARES,
    steps=st.integers(0, 9),
    blocked=st.sets(SQUARES, max_size=30),
    halting=st.sets(SQUARES, max_size=30),
)
def test_masks_match_a_plain_search(
    start: int, dest: int, steps: int, blocked: set[int], halting: set[int]
) -> None:
    """*Movimento*: king moves within the allowance, never into a blocked square and
    never on from a halting one (a tackle, the sideline for the carrier)."""
    blocked, halting = blocked - {start}, halting - blocked - {start}
    b_mask, h_mask = bits_of(blocked), bits_of(halting)
    dist = _layers(BOARD, start, steps, blocked, halting)
    assert squares_of(BOARD, reachable(BOARD, start, steps, b_mask, h_mask)) == sorted(dist)
    on = set(squares_of(BOARD, on_shortest_paths(BOARD, start, dest, steps, b_mask, h_mask)))
    if dest not in dist:
        assert not on
        return
    # a square lies on a shortest path iff its distances from both ends add up
    back = _layers(BOARD, dest, dist[dest], blocked, halting - {dest})
    expected = {
        s
        for s, d in dist.items()
        if s in back and d + back[s] == dist[dest] and (s in (start, dest) or s not in halting)
    }
    assert on == expected
