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
at :data:`~ludoteca.tournament.windows.MAX_WINDOW_PLAYERS`, far above ``2d + 3`` for any
real event.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import groupby

from ludoteca.tournament.windows import repair

#: Number of meetings that make a pair undesirable (0 = fine), e.g. past games.
ConflictFn = Callable[[str, str], int]

#: Rounds up to this many players are repaired as one window: exact by all five levels
#: (a 64-player round takes 0.06 s on average, 0.11 s at worst, on one core).
EXACT_ROUND_PLAYERS = 64


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
    costs = _Costs(base, points, conflicts, eligible, players)
    pairs = repair(base, costs.cost, costs.bad, whole=len(players) <= exact_up_to)
    position = {p: i for i, p in enumerate(players)}
    pairs = [_seat(a, b, position) for a, b in pairs]
    pairs.sort(key=lambda ab: (ab[1] is None, position[ab[0]]))
    found = [(a, b) for a, b in pairs if b is not None and conflicts(a, b)]
    return Pairing(pairs, found)


def _seat(a: str, b: str | None, position: Mapping[str, int]) -> tuple[str, str | None]:
    if b is not None and position[b] < position[a]:
        return b, a
    return a, b


class _Costs:
    """The five costs of a pair in a repaired window (see the module docstring)."""

    def __init__(
        self,
        base: list[tuple[str, str | None]],
        points: Mapping[str, int],
        conflicts: ConflictFn,
        eligible: list[str],
        players: list[str],
    ) -> None:
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

    def bad(self, pair: tuple[str, str | None]) -> bool:
        """Whether a pair is a conflict."""
        a, b = pair
        return b is not None and self.conflicts(a, b) > 0

    def cost(self, a: str, b: str | None) -> tuple[int, ...] | None:
        """(conflicts, bye place, squared point difference, not a rulebook pair,
        displacement); the bye only for an eligible player."""
        if b is None:
            if a not in self.bye_penalty:
                return None
            return (0, self.bye_penalty[a], 0, int(a != self.bye_player), 0)
        diff = self.points[a] - self.points[b]
        ideal = frozenset((a, b)) in self.ideal
        return (self.conflicts(a, b), 0, diff * diff, int(not ideal), self._moved(a, b))
