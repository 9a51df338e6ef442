"""Invariants over random Duel events (Duel rules: *Disposição de Lugares*, *Número
Ímpar de Jogadores*, *Pontuação*): random sizes, results, drops (some after the pairing,
with the round paired again) and late entries."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.tournament import DuelEvent, Result, points
from tests.depth import examples

from ._search import rematch_free_pairing_exists

RESULTS = list(Result)
EXHAUSTIVE_UP_TO = 16


def _run_and_check(n: int, rounds: int, rng: random.Random) -> None:
    event = DuelEvent("prop", seed=rng.randrange(2**32))
    for i in range(n):
        event.add_player(f"p{i}", f"P{i}")
    met: Counter[frozenset[str]] = Counter()
    for number in range(1, rounds + 1):
        active = event.active(number)
        if len(active) < 2:
            break
        byes_before = {s.player_id: s.byes for s in event.standings()}
        rnd = event.pair_next_round()
        if len(active) > 2 and rng.random() < 0.1:  # a no-show: drop and pair again
            event.drop(rng.choice(active))
            rnd = event.redo_pairing()
            active = event.active(number)
        seated = [p for m in rnd.matches for p in (m.a, m.b) if p is not None]
        # no one paired twice; every active player seated
        assert sorted(seated) == sorted(active)
        byes = [m.a for m in rnd.matches if m.is_bye]
        assert len(byes) == len(active) % 2
        fewest = min(byes_before[p] for p in active)
        assert all(byes_before[p] == fewest for p in byes)
        rematches = [m for m in rnd.matches if m.b is not None and met[frozenset((m.a, m.b))]]
        assert len(rematches) == sum(w.startswith("rematch") for w in rnd.warnings)
        if rematches:
            degree = max(sum(1 for k in met if p in k) for p in active)
            assert len(active) < 2 * degree + 3, "Dirac bound: a rematch-free pairing exists"
            if len(active) <= EXHAUSTIVE_UP_TO:
                eligible = {p for p in active if byes_before[p] == fewest}
                conflict = lambda a, b: met[frozenset((a, b))]  # noqa: E731
                assert not rematch_free_pairing_exists(active, conflict, eligible)
        for m in rnd.matches:
            if m.b is not None:
                met[frozenset((m.a, m.b))] += 1
                event.report(number, m.table, rng.choice(RESULTS))
        if rng.random() < 0.3:
            event.drop(rng.choice(event.active(number + 1)))
        if rng.random() < 0.2:
            event.add_player(f"late{number}", "Late")
    _check_standings(event)
    copy = DuelEvent.from_dict(event.to_dict())
    assert copy.to_dict() == event.to_dict()
    assert copy.standings() == event.standings()


def _check_standings(event: DuelEvent) -> None:
    """Standings totals equal the sum of reported results; ranks are total and ordered."""
    expected: Counter[str] = Counter()
    for rnd in event.rounds:
        for m in rnd.matches:
            for pid in (m.a, m.b):
                res = m.result_for(pid) if pid is not None else None
                if pid is not None and res is not None:
                    expected[pid] += points(res)
    table = event.standings()
    assert {s.player_id: s.points for s in table} == {p: expected[p] for p in event.players}
    assert [s.rank for s in table] == list(range(1, len(event.players) + 1))
    assert [s.points for s in table] == sorted((s.points for s in table), reverse=True)


@settings(max_examples=examples(300))
@given(st.integers(4, 16), st.integers(1, 12), st.randoms(use_true_random=False))
def test_small_events_against_exhaustive_search(n: int, rounds: int, rng: random.Random) -> None:
    """Small events: every rematch left in a round is unavoidable (exhaustive search)."""
    _run_and_check(n, rounds, rng)


@pytest.mark.slow  # several seconds: make test runs it, make check leaves it
@settings(max_examples=examples(100))
@given(st.integers(4, 200), st.integers(1, 12), st.randoms(use_true_random=False))
def test_large_events_invariants(n: int, rounds: int, rng: random.Random) -> None:
    """Up to 200 players and 12 rounds: pairing, bye and standings invariants hold."""
    _run_and_check(n, rounds, rng)
