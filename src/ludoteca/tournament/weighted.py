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

Tables: pairs by their best-ranked player (Cobra's `PairingSorters::Ranked`), the bye
last.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import networkx as nx

from ludoteca.tournament.swiss import ConflictFn, Pairing

BYE = ""
"""The bye's node (no player id is empty)."""
BYE_POINTS = -1


def pair_weighted(
    players: Sequence[str],
    points: Mapping[str, int],
    met: ConflictFn,
    byes: Mapping[str, int],
    standing: Sequence[str],
    rng: random.Random,
) -> Pairing:
    """Pair one round (see the module docstring). `standing`: the players best-ranked
    first; `byes`: byes received so far; `met(a, b)`: how often a and b met."""
    order = list(players)
    rng.shuffle(order)
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
    rank = {p: i for i, p in enumerate(standing)}
    pairs: list[tuple[str, str | None]] = []
    for x, y in matching:
        if BYE in (x, y):
            pairs.append((x or y, None))
        else:
            a, b = sorted((x, y), key=rank.__getitem__)
            pairs.append((a, b))
    pairs.sort(key=lambda ab: (ab[1] is None, rank[ab[0]]))
    found = [(a, b) for a, b in pairs if b is not None and met(a, b)]
    return Pairing(pairs, found)
