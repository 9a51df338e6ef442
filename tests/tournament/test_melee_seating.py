"""Melee seating: rulebook, Luta pelo Poder, *Disposição de Lugares*."""

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.core.errors import IllegalAction
from ludoteca.tournament.melee_seating import (
    order_seats,
    seat_round,
    seating_quality,
)
from ludoteca.tournament.melee_tables import melee_table_sizes
from tests.depth import examples


def _partitions(players: Sequence[int], sizes: Sequence[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every split of `players` into tables of `sizes` (exhaustive, for small events)."""
    if not sizes:
        yield []
        return
    first, rest = players[0], players[1:]
    for others in itertools.combinations(rest, sizes[0] - 1):
        table = (first, *others)
        remaining = [p for p in rest if p not in others]
        for tail in _partitions(remaining, sizes[1:]):
            yield [table, *tail]


def _exhaustive_best(
    players: list[int], past: list[tuple[tuple[int, ...], ...]]
) -> tuple[int, int]:
    """Least (identical tables, repeat meetings) a next round can have, by brute force."""
    met: Counter[frozenset[int]] = Counter()
    seen: set[frozenset[int]] = set()
    for tables in past:
        for table in tables:
            seen.add(frozenset(table))
            met.update(frozenset(pair) for pair in itertools.combinations(table, 2))
    return min(
        (
            sum(frozenset(table) in seen for table in split),
            sum(
                met[frozenset(pair)] for table in split for pair in itertools.combinations(table, 2)
            ),
        )
        for split in _partitions(players, melee_table_sizes(len(players)))
    )


def _play(players: list[int], rounds: int, seed: int, effort: float = 1.0) -> list:
    rng = random.Random(seed)
    history: list = []
    for _ in range(rounds):
        history.append(seat_round(players, history, rng, effort=effort))
    return history


@settings(max_examples=examples(60))
@given(
    st.integers(min_value=3, max_value=60),
    st.integers(min_value=1, max_value=5),
    st.integers(min_value=0, max_value=2**32),
)
def test_every_player_seated_once_at_listed_table_sizes(n: int, rounds: int, seed: int) -> None:
    """Disposição de Lugares: each round seats every player exactly once, at tables
    sized as the rulebook's list."""
    players = list(range(1, n + 1))
    for tables in _play(players, rounds, seed):
        assert sorted(p for table in tables for p in table) == players
        assert tuple(len(t) for t in tables) == melee_table_sizes(n)


@pytest.mark.slow  # several seconds: make test runs it, make check leaves it
@settings(max_examples=examples(40))
@given(st.integers(min_value=3, max_value=10), st.integers(min_value=0, max_value=2**32))
def test_no_identical_table_when_avoidable_and_fewest_repeats(n: int, seed: int) -> None:
    """Disposição de Lugares: "nenhuma mesa contenha uma formação idêntica à de uma
    rodada passada", and players spread as evenly as possible: checked against an
    exhaustive search of every split of up to 10 players, rounds 2 to 4."""
    players = list(range(1, n + 1))
    rng = random.Random(seed)
    history: list = [seat_round(players, [], rng)]
    for _ in range(3):
        best = _exhaustive_best(players, history)
        before = seating_quality(history)
        history.append(seat_round(players, history, rng))
        after = seating_quality(history)
        got = (
            after.identical_tables - before.identical_tables,
            after.repeat_meetings - before.repeat_meetings,
        )
        assert got == best


def test_seating_is_deterministic_for_a_seed() -> None:
    """Randomness comes only from the injected, seeded RNG."""
    players = list(range(1, 31))
    assert _play(players, 4, 7) == _play(players, 4, 7)
    assert _play(players, 4, 7) != _play(players, 4, 8)


def test_first_round_is_a_random_draw() -> None:
    """Disposição de Lugares: "sentar-se à mesa de maneira aleatória na primeira rodada"."""
    players = list(range(1, 13))
    draws = {seat_round(players, [], random.Random(seed)) for seed in range(20)}
    assert len(draws) == 20


@pytest.mark.parametrize(("n", "rounds"), [(20, 3), (60, 6), (200, 6)])
def test_large_events_avoid_repeats(n: int, rounds: int) -> None:
    """Disposição de Lugares: with room to spread, no pair meets twice and no table repeats."""
    quality = seating_quality(_play(list(range(1, n + 1)), rounds, 3))
    assert quality.identical_tables == 0
    assert quality.repeat_meetings == 0


def test_annealing_beats_a_random_draw() -> None:
    """The optimiser, not luck: 24 players over 6 rounds repeat far less than random draws."""
    players = list(range(1, 25))
    optimised = seating_quality(_play(players, 6, 11)).repeat_meetings
    rng = random.Random(11)
    random_rounds = [seat_round(players, [], rng) for _ in range(6)]
    assert optimised * 4 < seating_quality(random_rounds).repeat_meetings


def test_seat_one_rotates_to_who_had_it_least() -> None:
    """Disposição de Lugares, "seu lugar na mesa ... determinados pelo OT": seat 1 goes to
    the player who sat first least often (docs/rules/tournament-melee.md)."""
    first_seats = Counter({1: 2, 2: 1, 3: 0, 4: 1})
    for seed in range(10):
        seats = order_seats((1, 2, 3, 4), first_seats, random.Random(seed))
        assert seats[0] == 3
        assert sorted(seats) == [1, 2, 3, 4]


def test_every_player_gets_seat_one_before_anyone_gets_it_twice() -> None:
    """Seat-1 rotation over a whole small event: 4 players, 4 rounds, one each."""
    history = _play([1, 2, 3, 4], 4, 5)
    assert sorted(tables[0][0] for tables in history) == [1, 2, 3, 4]


def test_duplicate_player_is_refused() -> None:
    """A player listed twice for one round is a typing error."""
    with pytest.raises(IllegalAction, match="listed twice"):
        seat_round([1, 2, 2, 3], [], random.Random(0))
