"""Swiss pairing for Duel events (Duel rules, *Disposição de Lugares*).

The rulebook's pairing (:func:`rulebook_pairing`) is computed first. Pairs that repeat
a past meeting (or, in round 1, put two people of the same group together) are
*conflicts*. A round with a conflict is re-paired by an integer-weighted maximum-weight
matching whose weights encode, on strictly separated scales (each unit of a level
outweighs every possible total of the levels below it):

1. fewest conflicts (a rematch outweighs everything else);
2. the bye goes to the lowest-ranked player who has had the fewest byes;
3. smallest sum of squared point differences (pair inside score groups);
4. most pairs kept from the rulebook's pairing;
5. smallest displacement: each player meets someone placed as near as possible to their
   rulebook opponent (so a repaired group still pairs top half against bottom half).

A round of at most :data:`EXACT_ROUND_PLAYERS` players is matched whole, so the pairing
is the best one by these levels compared in order. A larger round keeps its rulebook
pairs and repairs each conflict inside a *window* of consecutive rulebook pairs (the
pair and its neighbours); the levels are then compared only among pairings that change
nothing outside the windows, so levels 2-5 may be worse than the whole round's best.
A window that still contains a conflict doubles until it is conflict-free or spans the
whole round. Guarantee: if every player conflicts with at most ``d`` others, any window
holding at least ``2d + 3`` players has a conflict-free pairing (Dirac's theorem on the
complement graph: every player can still meet ``w - 1 - d >= w / 2`` of the window), so
the doubling stops early; a conflict remains only when the window is the whole round,
where the matching is exact: then no conflict-free pairing exists at all. (Windows stop
at :data:`MAX_WINDOW_PLAYERS`, far above ``2d + 3`` for any real event.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import groupby

#: Number of meetings that make a pair undesirable (0 = fine), e.g. past games.
ConflictFn = Callable[[str, str], int]

_INITIAL_HALF_WIDTH = 1
#: Rounds up to this many players are repaired as one window: exact by all five levels
#: (a 64-player round takes 0.06 s on average, 0.11 s at worst, on one core).
EXACT_ROUND_PLAYERS = 64
#: A window stops growing at this many players (about 2 s of matching on one core).
#: The guarantee holds while ``2d + 3 <= 512``, i.e. no one conflicts with more than
#: 254 others: past opponents number at most the rounds played.
MAX_WINDOW_PLAYERS = 512


@dataclass
class Pairing:
    """Pairs in table order (``(a, None)`` is a bye) and the conflicts left in them."""

    pairs: list[tuple[str, str | None]]
    conflicts: list[tuple[str, str]] = field(default_factory=list)


def rulebook_pairing(order: Sequence[str], points: Mapping[str, int]) -> list[tuple[str, str]]:
    """Pair an even list already sorted by points then player number (*sistema Suíço*).

    "Divida o mesmo grupo de pontuação pela metade, pareando a metade de cima contra a
    metade de baixo [...] O jogador que restou [...] é sempre colocado na parte de baixo
    e será sempre pareado com o próximo grupo de pontuação, com o jogador que mais
    pontuou naquele grupo." Eight players: 1v5, 2v6, 3v7, 4v8; seven: 1v4, 2v5, 3v6
    and 7 against the top of the next group.
    """
    if len(order) % 2:
        raise ValueError("rulebook_pairing needs an even number of players")
    pairs: list[tuple[str, str]] = []
    floater: str | None = None
    for _points, group in groupby(order, key=lambda p: points[p]):
        members = list(group)
        if floater is not None:
            pairs.append((floater, members[0]))
            members = members[1:]
        half = len(members) // 2
        top, bottom = members[:half], members[half:]
        pairs.extend(zip(top, bottom, strict=False))
        floater = bottom[-1] if len(bottom) > len(top) else None
    return pairs


def bye_candidates(standing: Sequence[str], byes: Mapping[str, int]) -> list[str]:
    """Players who may get the bye, best-ranked first (*Número Ímpar de Jogadores*).

    "O último jogador a sobrar (aquele com o pior desempenho) recebe uma vitória
    automática"; among those with the fewest byes, so no one gets a second bye while
    someone has none.
    """
    fewest = min(byes.get(p, 0) for p in standing)
    return [p for p in standing if byes.get(p, 0) == fewest]


def pair_swiss(
    order: Sequence[str],
    points: Mapping[str, int],
    conflicts: ConflictFn,
    byes: Mapping[str, int] | None = None,
    standing: Sequence[str] | None = None,
    *,
    exact_up_to: int = EXACT_ROUND_PLAYERS,
) -> Pairing:
    """Pair one Swiss round (see the module docstring for the priorities).

    ``order``: active players sorted by points then player number (round 1: shuffled);
    ``standing``: the same players best-ranked first, used to pick the bye
    (default ``order``); ``byes``: byes received so far per player; ``exact_up_to``:
    rounds of at most this many players are repaired whole, larger ones by windows.
    """
    players = list(order)
    if not players:
        return Pairing([])
    byes = byes or {}
    ranking = list(standing) if standing is not None else players
    if sorted(ranking) != sorted(players):
        raise ValueError("standing must list exactly the players being paired")
    eligible: list[str] = []
    bye: str | None = None
    if len(players) % 2:
        eligible = bye_candidates(ranking, byes)
        bye = eligible[-1]
    rest = [p for p in players if p != bye]
    base: list[tuple[str, str | None]] = list(rulebook_pairing(rest, points))
    if bye is not None:
        base.append((bye, None))
    repair = _Repair(base, points, conflicts, eligible, players)
    pairs = repair.run(whole=len(players) <= exact_up_to)
    position = {p: i for i, p in enumerate(players)}
    pairs = [_seat(a, b, position) for a, b in pairs]
    pairs.sort(key=lambda ab: (ab[1] is None, position[ab[0]]))
    found = [(a, b) for a, b in pairs if b is not None and conflicts(a, b)]
    return Pairing(pairs, found)


def _seat(a: str, b: str | None, position: Mapping[str, int]) -> tuple[str, str | None]:
    if b is not None and position[b] < position[a]:
        return b, a
    return a, b


class _Repair:
    """Re-pair windows of the rulebook pairing that contain conflicts."""

    def __init__(
        self,
        base: list[tuple[str, str | None]],
        points: Mapping[str, int],
        conflicts: ConflictFn,
        eligible: list[str],
        players: list[str],
    ) -> None:
        self.base = base
        self.points = points
        self.conflicts = conflicts
        self.bye_penalty = {p: len(eligible) - 1 - i for i, p in enumerate(eligible)}
        self.ideal = {frozenset((a, b)) for a, b in base if b is not None}
        self.bye_player = next((a for a, b in base if b is None), None)
        self.position = {p: i for i, p in enumerate(players)}
        self.partner: dict[str, str] = {}
        for a, b in base:
            self.partner[a] = a if b is None else b
            if b is not None:
                self.partner[b] = a

    def _moved(self, a: str, b: str) -> int:
        """How far ``a`` and ``b`` each sit from their rulebook opponents' places."""
        pos = self.position
        return abs(pos[b] - pos[self.partner[a]]) + abs(pos[a] - pos[self.partner[b]])

    def _bad(self, pair: tuple[str, str | None]) -> bool:
        a, b = pair
        return b is not None and self.conflicts(a, b) > 0

    def run(self, whole: bool) -> list[tuple[str, str | None]]:
        """Repair every conflict: in one window spanning the round if ``whole``, else in
        windows around each conflict, doubled while they still hold one."""
        size = len(self.base)
        reach = size if whole else _INITIAL_HALF_WIDTH
        todo = _merge(
            [
                (max(k - reach, 0), min(k + reach + 1, size))
                for k, pair in enumerate(self.base)
                if self._bad(pair)
            ]
        )
        solved: dict[tuple[int, int], list[tuple[str, str | None]]] = {}
        while todo:
            lo, hi = todo.pop()
            pairs = self._solve(lo, hi)
            growable = (lo, hi) != (0, size) and 2 * (hi - lo) < MAX_WINDOW_PLAYERS
            if growable and any(self._bad(p) for p in pairs):
                width = hi - lo
                grown = (max(lo - (width + 1) // 2, 0), min(hi + (width + 1) // 2, size))
                merged = [iv for iv in [*todo, *solved] if _overlap(iv, grown)]
                for iv in merged:
                    if iv in solved:
                        del solved[iv]
                    else:
                        todo.remove(iv)
                todo.append(_merge([grown, *merged])[0])
            else:
                solved[(lo, hi)] = pairs
        out: list[tuple[str, str | None]] = []
        k = 0
        for lo, hi in sorted(solved):
            out.extend(self.base[k:lo])
            out.extend(solved[(lo, hi)])
            k = hi
        out.extend(self.base[k:])
        return out

    def _solve(self, lo: int, hi: int) -> list[tuple[str, str | None]]:
        """Maximum-weight perfect matching of the players in base pairs ``lo:hi``.

        Each edge has costs (conflicts, bye place, squared point difference, not a
        rulebook pair, displacement), most important first; a unit of each cost weighs
        more than the largest possible total of all the costs after it.
        """
        nodes: list[str | None] = [p for pair in self.base[lo:hi] for p in pair]
        real = [p for p in nodes if p is not None]
        edges: list[tuple[int, int, tuple[int, ...]]] = []
        for i, a in enumerate(real):
            for j in range(i + 1, len(real)):
                b = real[j]
                diff = self.points[a] - self.points[b]
                ideal = frozenset((a, b)) in self.ideal
                moved = self._moved(a, b)
                edges.append((i, j, (self.conflicts(a, b), 0, diff * diff, int(not ideal), moved)))
        if len(real) < len(nodes):
            phantom = len(real)
            for i, a in enumerate(real):
                if a in self.bye_penalty:
                    bye_cost = (0, self.bye_penalty[a], 0, int(a != self.bye_player), 0)
                    edges.append((i, phantom, bye_cost))
        half = len(nodes) // 2
        scales: list[int] = []
        total = 0
        for level in reversed(range(5)):
            scales.insert(0, total + 1)
            total += (total + 1) * half * max(e[2][level] for e in edges)
        import networkx as nx  # imported here: a slow import most commands never need

        graph: nx.Graph[int] = nx.Graph()
        for i, j, costs in edges:
            weight = total + 1 - sum(c * k for c, k in zip(costs, scales, strict=True))
            graph.add_edge(i, j, weight=weight)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        out: list[tuple[str, str | None]] = []
        for i, j in matching:
            i, j = min(i, j), max(i, j)
            out.append((real[i], real[j] if j < len(real) else None))
        return out


def _overlap(x: tuple[int, int], y: tuple[int, int]) -> bool:
    return x[0] < y[1] and y[0] < x[1]


def _merge(intervals: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Union of half-open intervals, touching ones kept apart."""
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(intervals):
        if out and lo < out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out
