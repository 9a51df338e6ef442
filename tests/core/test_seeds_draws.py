"""`core.seeds.below` and `core.seeds.shuffle` draw exactly what `random.Random`'s
`randrange` and `shuffle` draw: the games use them, and a replay or a golden playthrough
recorded with either must come out the same."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core.seeds import below, shuffle


@given(st.integers(0, 2**64), st.lists(st.integers(), max_size=200))
def test_shuffle_is_random_shuffle(seed: int, items: list[int]) -> None:
    ours, theirs = list(items), list(items)
    mine, reference = random.Random(seed), random.Random(seed)
    shuffle(mine, ours)
    reference.shuffle(theirs)
    assert ours == theirs
    assert mine.getstate() == reference.getstate()  # the same bits were drawn


@given(st.integers(0, 2**64), st.lists(st.integers(1, 2**70), min_size=1, max_size=50))
def test_below_is_randrange(seed: int, bounds: list[int]) -> None:
    mine, reference = random.Random(seed), random.Random(seed)
    assert [below(mine, n) for n in bounds] == [reference.randrange(n) for n in bounds]
    assert mine.getstate() == reference.getstate()
