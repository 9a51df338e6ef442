"""The `weighted` pairing of the `cobra` and `mtg` rule sets (`rulesets.py`).

As Cobra pairs a double-sided Swiss round (`app/services/swiss_implementation.rb`,
`pairing_strategies/swiss.rb`): the players in a random order (the round's seeded
generator), a maximum matching in which a pair weighs minus the square of its points
difference, the bye a pseudo-player at -1 points (so it goes to someone with the fewest
points), and no rematch and no second bye. Where no pairing avoids them, the fewest
rematches, then the fewest second byes, are made (and warned of by the event): Cobra
then leaves players unpaired, which an organizer cannot use. Round 1 has no points, so it
is a random draw. MTR's pairing (random within match-point groups, paired down where
a group is odd) is this one too: squares keep each pair within its group where it can.

A round of more than :data:`EXACT_ROUND_PLAYERS` players (a full matching of 1,000
takes about a minute) starts instead from the draw sorted by points, paired in order:
MTR's pairing, and already the least sum of squares (on a line, pairing neighbours is
optimal for any convex cost). Each rematch or second bye is repaired in a window of
neighbouring pairs (`windows.py`), so rematches and second byes keep the whole
matching's guarantee; the sum of squares is the least inside each window, and may
exceed the whole round's least (measured: equal in 142 of 144 rounds of 70- to
160-player events, 2 and 6 more in the others).

Tables: pairs by their best-ranked player (Cobra's `PairingSorters::Ranked`), the bye
last.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import networkx as nx

from ludoteca.tournament.swiss import ConflictFn, Pairing
from ludoteca.tournament.windows import Pair, repair

BYE = ""
"""The bye's node (no player id is empty)."""
BYE_POINTS = -1
#: Rounds up to this many players are matched whole, as Cobra does.
EXACT_ROUND_PLAYERS = 64


def pair_weighted(
    players: Sequence[str],
    points: Mapping[str, int],
    met: ConflictFn,
    byes: Mapping[str, int],
    standing: Sequence[str],
    rng: random.Random,
    *,
    exact_up_to: int = EXACT_ROUND_PLAYERS,
) -> Pairing:
    """Pair one round (see the module docstring). `standing`: the players best-ranked
    first; `byes`: byes received so far; `met(a, b)`: how often a and b met;
    `exact_up_to`: rounds of at most this many players are matched whole."""
    order = list(players)
    rng.shuffle(order)
    if len(order) <= exact_up_to:
        matching = _whole(order, points, met, byes)
    else:
        matching = _repaired(order, points, met, byes)
    rank = {p: i for i, p in enumerate(standing)}
    pairs: list[Pair] = []
    for x, y in matching:
        if y is None:
            pairs.append((x, None))
        else:
            a, b = sorted((x, y), key=rank.__getitem__)
            pairs.append((a, b))
    pairs.sort(key=lambda ab: (ab[1] is None, rank[ab[0]]))
    found = [(a, b) for a, b in pairs if b is not None and met(a, b)]
    return Pairing(pairs, found)


def _whole(
    order: list[str], points: Mapping[str, int], met: ConflictFn, byes: Mapping[str, int]
) -> list[Pair]:
    """Cobra's maximum matching over every pair of the shuffled players (`order` gains
    the bye's node when odd)."""
    if len(order) % 2:
        order.append(BYE)
    score = {p: points.get(p, 0) for p in order if p != BYE}
    score[BYE] = BYE_POINTS
    spread = (max(score.values()) - min(score.values())) ** 2 + 1
    second_bye = spread * len(order)  # worse than any spread of points
    rematch = second_bye * len(order)  # worse than any number of second byes
    graph: nx.Graph[str] = nx.Graph()
    graph.add_nodes_from(order)
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            cost = (score[a] - score[b]) ** 2
            if BYE in (a, b):
                cost += second_bye * byes.get(a or b, 0)
            else:
                cost += rematch * met(a, b)
            graph.add_edge(a, b, weight=rematch * len(order) - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return [(x or y, None) if BYE in (x, y) else (x, y) for x, y in matching]


def _repaired(
    order: list[str], points: Mapping[str, int], met: ConflictFn, byes: Mapping[str, int]
) -> list[Pair]:
    """The shuffled players sorted by points, paired in order, repaired in windows."""
    score = {p: points.get(p, 0) for p in order}
    ranked = sorted(order, key=lambda p: -score[p])  # stable: still shuffled within a group
    base: list[Pair] = list(zip(ranked[0::2], ranked[1::2], strict=False))
    if len(ranked) % 2:
        base.append((ranked[-1], None))

    def cost(a: str, b: str | None) -> tuple[int, int, int]:
        if b is None:
            return (0, byes.get(a, 0), (score[a] - BYE_POINTS) ** 2)
        return (met(a, b), 0, (score[a] - score[b]) ** 2)

    def bad(pair: Pair) -> bool:
        a, b = pair
        return byes.get(a, 0) > 0 if b is None else met(a, b) > 0

    return repair(base, cost, bad, whole=False)
