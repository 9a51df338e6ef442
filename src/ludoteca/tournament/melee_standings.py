"""Melee standings over the preliminary rounds and their tiebreaks (*Mesa Final*)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ludoteca.tournament.melee_scoring import placements, table_points


@dataclass(frozen=True)
class TableResult:
    """One finished melee table: the players in seat order and each one's final power."""

    seats: tuple[int, ...]
    powers: Mapping[int, int]


@dataclass(frozen=True)
class MeleeStanding:
    """One line of the melee standings."""

    rank: int
    player: int
    points: int
    strength: int
    """Strength of opponents (*força dos oponentes*): each tablemate's points, per meeting."""
    unresolved: tuple[int, ...] = ()
    """Players this one is still tied with after every tiebreak and recorded playoff."""


def melee_standings(
    players: Sequence[int],
    rounds: Sequence[Sequence[TableResult]],
    playoffs: Sequence[Sequence[int]] = (),
) -> list[MeleeStanding]:
    """Rank `players` by points, then the rulebook's tiebreaks (*Mesa Final*).

    Rulebook, *Mesa Final*: "o primeiro critério de desempate é o confronto direto (como
    terminou a partida na qual jogaram contra). O segundo critério é a força dos oponentes
    ... e o terceiro critério, caso necessário, é a disputa de uma partida rápida". A
    playoff's result is an order in `playoffs`; a tie with no playoff recorded is ordered
    by player number and reported in `unresolved`.
    """
    points: dict[int, int] = dict.fromkeys(players, 0)
    for tables in rounds:
        for result in tables:
            for player, scored in table_points(result.powers).items():
                if player in points:
                    points[player] += scored
    strength: dict[int, int] = dict.fromkeys(players, 0)
    better: defaultdict[tuple[int, int], int] = defaultdict(int)
    for tables in rounds:
        for result in tables:
            places = placements(result.powers)
            for a in result.seats:
                for b in result.seats:
                    if a == b:
                        continue
                    if a in strength:
                        strength[a] += points.get(b, 0)
                    if places[a] < places[b]:
                        better[(a, b)] += 1
    tiebreak = _Tiebreak(points, strength, better, playoffs)
    order: list[tuple[int, tuple[int, ...]]] = []
    by_points: defaultdict[int, list[int]] = defaultdict(list)
    for player in players:
        by_points[points[player]].append(player)
    for score in sorted(by_points, reverse=True):
        order.extend(tiebreak.resolve(sorted(by_points[score])))
    return [
        MeleeStanding(rank, player, points[player], strength[player], unresolved)
        for rank, (player, unresolved) in enumerate(order, start=1)
    ]


class _Tiebreak:
    """Head-to-head, then strength of opponents, then a recorded playoff."""

    def __init__(
        self,
        points: Mapping[int, int],
        strength: Mapping[int, int],
        better: Mapping[tuple[int, int], int],
        playoffs: Sequence[Sequence[int]],
    ) -> None:
        self.points = points
        self.strength = strength
        self.better = better
        self.playoffs = playoffs

    def beats(self, a: int, b: int) -> bool:
        """Head-to-head (*confronto direto*): `a` finished above `b` more often than below."""
        return self.better.get((a, b), 0) > self.better.get((b, a), 0)

    def resolve(self, group: list[int]) -> list[tuple[int, tuple[int, ...]]]:
        """Order a group tied on points; each entry carries its still-unresolved tie."""
        if len(group) == 1:
            return [(group[0], ())]
        for player in group:
            if all(self.beats(player, other) for other in group if other != player):
                return [(player, ()), *self.resolve([p for p in group if p != player])]
        by_strength: defaultdict[int, list[int]] = defaultdict(list)
        for player in group:
            by_strength[self.strength[player]].append(player)
        if len(by_strength) > 1:
            ordered: list[tuple[int, tuple[int, ...]]] = []
            for value in sorted(by_strength, reverse=True):
                ordered.extend(self.resolve(by_strength[value]))
            return ordered
        return self._playoff(group)

    def _playoff(self, group: list[int]) -> list[tuple[int, tuple[int, ...]]]:
        """Third tiebreak (*partida rápida*): the latest recorded playoff covering the group."""
        for result in reversed(self.playoffs):
            if set(group) <= set(result):
                rank = {player: index for index, player in enumerate(result)}
                return [(player, ()) for player in sorted(group, key=rank.__getitem__)]
        tied = tuple(sorted(group))
        return [(player, tied) for player in tied]
