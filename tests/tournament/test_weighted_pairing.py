"""The `weighted` pairing of `cobra` and `mtg` (Cobra's `swiss_implementation.rb`): least
squared points difference, no rematch and no second bye where they can be avoided, the
bye to someone with the fewest points, the same draw from the same seed."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.tournament import DuelEvent, Pairing
from ludoteca.tournament.weighted import pair_weighted
from tests.depth import examples


def event(rules: str, n: int, seed: int) -> DuelEvent:
    out = DuelEvent("w", seed=seed, rules=rules)
    for i in range(n):
        out.add_player(f"p{i}", f"P{i}")
    return out


def play_round(ev: DuelEvent, rng: random.Random) -> None:
    rnd = ev.pair_next_round()
    scores = ["6-0", "0-6", "3-3", "4-1"] if ev.rules.name == "cobra" else ["2-0", "0-2", "2-1"]
    for match in rnd.matches:
        if match.b is not None:
            ev.report(rnd.number, match.table, rng.choice(scores))


@settings(max_examples=examples(25), deadline=None)
@given(n=st.integers(4, 13), seed=st.integers(0, 10_000), rules=st.sampled_from(["cobra", "mtg"]))
def test_every_player_once_no_rematch_and_no_second_bye_while_avoidable(
    n: int, seed: int, rules: str
) -> None:
    """Up to n/2 - 1 rounds, the players not yet met always hold a perfect matching
    (Dirac), so a rematch is never needed; nor is a second bye."""
    ev, rng = event(rules, n, seed), random.Random(seed)
    met: set[frozenset[str]] = set()
    had_bye: set[str] = set()
    for _ in range(max(1, n // 2 - 1)):
        play_round(ev, rng)
        rnd = ev.rounds[-1]
        seated = [p for m in rnd.matches for p in (m.a, m.b) if p is not None]
        assert sorted(seated) == sorted(ev.players)
        byes = [m.a for m in rnd.matches if m.b is None]
        assert len(byes) == n % 2 and not set(byes) & had_bye
        had_bye |= set(byes)
        pairs = {frozenset((m.a, m.b)) for m in rnd.matches if m.b is not None}
        assert not pairs & met and rnd.warnings == []
        met |= pairs


def test_winners_meet_winners_and_the_bye_goes_to_the_fewest_points() -> None:
    ev = event("cobra", 5, seed=3)
    first = ev.pair_next_round()
    bye = next(m.a for m in first.matches if m.b is None)
    for match in first.matches:
        if match.b is not None:
            ev.report(1, match.table, "6-0")
    points = {s.player_id: s.points for s in ev.standings()}
    second = ev.pair_next_round()
    # three players on 6 points (the bye's too), two on 0: the bye goes to one on 0, and
    # only one pair can mix 6 and 0
    assert sorted(points.values()) == [0, 0, 6, 6, 6]
    assert [points[m.a] for m in second.matches if m.b is None] == [0]
    spread = [(points[m.a] - points[m.b]) ** 2 for m in second.matches if m.b is not None]
    assert sorted(spread) == [0, 36] and bye not in [m.a for m in second.matches if m.b is None]


def test_the_same_seed_draws_the_same_rounds() -> None:
    def run(seed: int) -> list[list[tuple[str, str | None]]]:
        ev, rng = event("mtg", 9, seed), random.Random(1)
        for _ in range(3):
            play_round(ev, rng)
        return [[(m.a, m.b) for m in r.matches] for r in ev.rounds]

    assert run(5) == run(5) and run(5) != run(6)


def spread(pairs: list[tuple[str, str | None]], points: dict[str, int]) -> int:
    """Sum of squared points differences, the bye at -1 points (Cobra's measure)."""
    return sum((points[a] - (points[b] if b else -1)) ** 2 for a, b in pairs)


@settings(max_examples=examples(60), deadline=None)
@given(
    n=st.integers(2, 41),
    seed=st.integers(0, 10_000),
    degree=st.integers(0, 4),
)
def test_a_large_round_repaired_in_windows_keeps_the_whole_matchings_guarantees(
    n: int, seed: int, degree: int
) -> None:
    """Above `EXACT_ROUND_PLAYERS` the sorted draw is repaired in windows (forced here
    with `exact_up_to=0`): everyone seated once; no rematch while each player has met
    at most d others and n >= 2d + 3 (Dirac); no second bye while someone has none; the
    sum of squares never below the whole matching's (the least) and equal to it when no
    one has met anyone."""
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(n)]
    points = {p: rng.choice([0, 1, 3, 4, 6, 7, 9]) for p in players}
    met: set[frozenset[str]] = set()
    for a in players:
        for b in rng.sample(players, k=min(degree, n)):
            if a != b and all(sum(x in m for m in met) < degree for x in (a, b)):
                met.add(frozenset((a, b)))
    byes = {p: int(rng.random() < 0.3) for p in players}
    standing = sorted(players, key=lambda p: -points[p])

    def meetings(a: str, b: str) -> int:
        return int(frozenset((a, b)) in met)

    def pair(exact_up_to: int) -> Pairing:
        return pair_weighted(
            players, points, meetings, byes, standing, random.Random(seed), exact_up_to=exact_up_to
        )

    windows, whole = pair(0), pair(10**6)
    seated = [p for a, b in windows.pairs for p in (a, b) if p is not None]
    assert sorted(seated) == sorted(players)
    if n >= 2 * degree + 3:
        assert windows.conflicts == []
    bye = [a for a, b in windows.pairs if b is None]
    if bye and not all(byes.values()):
        assert byes[bye[0]] == 0
    assert spread(windows.pairs, points) >= spread(whole.pairs, points)
    if not met:
        assert spread(windows.pairs, points) == spread(whole.pairs, points)
