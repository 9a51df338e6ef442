"""Repair a good pairing where it breaks: windows of consecutive pairs re-matched.

Both Swiss pairings (`swiss.py`, `weighted.py`) start from a *base* pairing that is
already the best by their own measure when nothing forbids it, then repair each *bad*
pair (a rematch, a second bye) inside a *window* of consecutive base pairs: the pair
and its neighbours, re-paired by an integer-weighted maximum-weight matching whose
weights encode a pairing's costs, most important first, on strictly separated scales
(each unit of a level outweighs every possible total of the levels below it). A window
that is not yet good enough (by default: still holding a bad pair) doubles until it is,
or spans the whole round, or reaches :data:`MAX_WINDOW_PLAYERS`.

Guarantee: if every player conflicts with at most ``d`` others, any window holding at
least ``2d + 3`` players has a conflict-free pairing (Dirac's theorem on the complement
graph: every player can still meet ``w - 1 - d >= w / 2`` of the window), so the
doubling stops early; a conflict remains only when the window is the whole round, where
the matching is exact: then no conflict-free pairing exists at all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

Pair = tuple[str, str | None]
#: The costs of seating ``a`` against ``b`` (``None``: the bye), most important first;
#: ``None`` when they may not be paired at all.
CostFn = Callable[[str, str | None], tuple[int, ...] | None]
#: Whether a window's new pairs (second argument: the base pairs they replace) will do.
GoodFn = Callable[[list[Pair], Sequence[Pair]], bool]

_INITIAL_HALF_WIDTH = 1
#: A window stops growing at this many players (about 2 s of matching on one core).
#: The guarantee holds while ``2d + 3 <= 512``, i.e. no one conflicts with more than
#: 254 others: past opponents number at most the rounds played.
MAX_WINDOW_PLAYERS = 512


def repair(
    base: Sequence[Pair],
    cost: CostFn,
    bad: Callable[[Pair], bool],
    *,
    whole: bool,
    good: GoodFn | None = None,
) -> list[Pair]:
    """Repair every bad pair of ``base``: in one window spanning the round if ``whole``,
    else in windows around each bad pair, doubled while ``good`` (default: no bad pair
    left) says they will not do."""

    def no_bad(pairs: list[Pair], _old: Sequence[Pair]) -> bool:
        return not any(bad(p) for p in pairs)

    accept = good or no_bad
    size = len(base)
    reach = size if whole else _INITIAL_HALF_WIDTH
    todo = merge(
        [(max(k - reach, 0), min(k + reach + 1, size)) for k, pair in enumerate(base) if bad(pair)]
    )
    solved: dict[tuple[int, int], list[Pair]] = {}
    while todo:
        lo, hi = todo.pop()
        pairs = match_window([p for pair in base[lo:hi] for p in pair], cost)
        growable = (lo, hi) != (0, size) and 2 * (hi - lo) < MAX_WINDOW_PLAYERS
        if growable and not accept(pairs, base[lo:hi]):
            width = hi - lo
            grown = (max(lo - (width + 1) // 2, 0), min(hi + (width + 1) // 2, size))
            merged = [iv for iv in [*todo, *solved] if _overlap(iv, grown)]
            for iv in merged:
                if iv in solved:
                    del solved[iv]
                else:
                    todo.remove(iv)
            todo.append(merge([grown, *merged])[0])
        else:
            solved[(lo, hi)] = pairs
    out: list[Pair] = []
    k = 0
    for lo, hi in sorted(solved):
        out.extend(base[k:lo])
        out.extend(solved[(lo, hi)])
        k = hi
    out.extend(base[k:])
    return out


def match_window(nodes: Sequence[str | None], cost: CostFn) -> list[Pair]:
    """Maximum-weight perfect matching of ``nodes`` (``None``: the bye) by ``cost``.

    A unit of each cost weighs more than the largest possible total of all the costs
    after it, so the matching is the best by the first cost, then the second, and so on.
    """
    real = [p for p in nodes if p is not None]
    edges: list[tuple[int, int, tuple[int, ...]]] = []
    for i, a in enumerate(real):
        for j in range(i + 1, len(real)):
            costs = cost(a, real[j])
            if costs is not None:
                edges.append((i, j, costs))
    if len(real) < len(nodes):
        phantom = len(real)
        for i, a in enumerate(real):
            costs = cost(a, None)
            if costs is not None:
                edges.append((i, phantom, costs))
    half = len(nodes) // 2
    scales: list[int] = []
    total = 0
    for level in reversed(range(len(edges[0][2]) if edges else 0)):
        scales.insert(0, total + 1)
        total += (total + 1) * half * max(e[2][level] for e in edges)
    import networkx as nx  # imported here: a slow import most commands never need

    graph: nx.Graph[int] = nx.Graph()
    for i, j, costs in edges:
        weight = total + 1 - sum(c * k for c, k in zip(costs, scales, strict=True))
        graph.add_edge(i, j, weight=weight)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    out: list[Pair] = []
    for i, j in matching:
        i, j = min(i, j), max(i, j)
        out.append((real[i], real[j] if j < len(real) else None))
    return out


def _overlap(x: tuple[int, int], y: tuple[int, int]) -> bool:
    return x[0] < y[1] and y[0] < x[1]


def merge(intervals: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Union of half-open intervals, touching ones kept apart."""
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(intervals):
        if out and lo < out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out
