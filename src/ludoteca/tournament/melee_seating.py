"""Melee seating: which table and which seat each player takes (*Disposição de Lugares*).

Rulebook, Luta pelo Poder, *Disposição de Lugares*: "Os jogadores devem sentar-se à mesa
de maneira aleatória na primeira rodada do torneio. Em cada rodada subsequente, os
jogadores de uma mesa devem ser separados no número total de mesas da maneira mais
igualitária possível (para que nenhuma mesa contenha uma formação idêntica à de uma rodada
passada), tanto a mesa de um jogador quanto seu lugar na mesa devem sempre ser
determinados pelo OT."

Later rounds are solved by simulated annealing over swaps of two players between tables,
then a steepest-descent pass over every swap. The cost is lexicographic, on strictly
separated scales: first the number of tables identical to a past table, then the number
of earlier meetings of every pair seated together (a pair that met twice costs 2).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ludoteca.core.errors import IllegalAction
from ludoteca.core.i18n import _
from ludoteca.tournament.melee_tables import melee_table_sizes

Table = tuple[int, ...]
"""Player numbers at one table in seat order (seat 1 first)."""

Round = tuple[Table, ...]


@dataclass(frozen=True)
class SeatingQuality:
    """Repeat figures of a sequence of melee rounds."""

    identical_tables: int
    """Tables whose formation already played in an earlier round."""
    repeat_meetings: int
    """Pairs seated together, each counted once per earlier meeting of that pair."""
    max_meetings: int
    """Most times any one pair sat at the same table."""


def seating_quality(rounds: Sequence[Sequence[Sequence[int]]]) -> SeatingQuality:
    """Count identical tables and repeated meetings over `rounds`, in order."""
    seen: set[frozenset[int]] = set()
    meetings: Counter[tuple[int, int]] = Counter()
    identical = repeats = 0
    for tables in rounds:
        for table in tables:
            members = frozenset(table)
            identical += members in seen
            for a in table:
                for b in table:
                    if a < b:
                        repeats += meetings[(a, b)]
            seen.add(members)
        for table in tables:
            for a in table:
                for b in table:
                    if a < b:
                        meetings[(a, b)] += 1
    return SeatingQuality(identical, repeats, max(meetings.values(), default=0))


def seat_round(
    players: Sequence[int],
    past_rounds: Sequence[Sequence[Sequence[int]]],
    rng: random.Random,
    *,
    effort: float = 1.0,
) -> Round:
    """Tables for the next round, sized by `melee_table_sizes`, each in seat order.

    Round 1 (no past rounds) is a random draw. Later rounds minimise, in this order,
    tables identical to a past table and earlier meetings of players seated together;
    `effort` scales the annealing budget. Seat order: see `order_seats`.
    """
    if len(set(players)) != len(players):
        raise IllegalAction(_("a player is listed twice for the same round"))
    sizes = melee_table_sizes(len(players))
    ordered = list(players)
    rng.shuffle(ordered)
    if not past_rounds:
        tables: list[list[int]] = []
        start = 0
        for size in sizes:
            tables.append(ordered[start : start + size])
            start += size
    else:
        tables = _Annealer(ordered, sizes, past_rounds, rng).solve(effort)
    first_seats = Counter(table[0] for tables_ in past_rounds for table in tables_ if table)
    return tuple(order_seats(table, first_seats, rng) for table in tables)


def order_seats(table: Sequence[int], first_seats: Counter[int], rng: random.Random) -> Table:
    """Seat order at one table, decided by the software (*lugar na mesa ... pelo OT*).

    Design choice (docs/rules/tournament-melee.md): seat 1 rotates. The player who has
    sat in seat 1 least often takes it (ties drawn by the RNG); the others are seated
    clockwise in an order drawn by the RNG.
    """
    shuffled = list(table)
    rng.shuffle(shuffled)
    first = min(shuffled, key=lambda p: first_seats[p])
    return (first, *(p for p in shuffled if p != first))


class _Annealer:
    """Simulated annealing on table assignments, moves = swaps between two tables."""

    def __init__(
        self,
        players: list[int],
        sizes: Sequence[int],
        past_rounds: Sequence[Sequence[Sequence[int]]],
        rng: random.Random,
    ) -> None:
        self.players = players
        self.rng = rng
        index = {p: i for i, p in enumerate(players)}
        n = len(players)
        self.met: list[dict[int, int]] = [{} for _ in range(n)]
        self.past: set[frozenset[int]] = set()
        for tables in past_rounds:
            for table in tables:
                present = [index[p] for p in table if p in index]
                if len(present) == len(table):
                    self.past.add(frozenset(present))
                for a in present:
                    for b in present:
                        if a != b:
                            self.met[a][b] = self.met[a].get(b, 0) + 1
        pair_bound = sum(size * (size - 1) // 2 for size in sizes)
        top = max((max(m.values(), default=0) for m in self.met), default=0)
        self.big = 1 + pair_bound * max(top, 1)
        self.sizes = list(sizes)
        self.table_of = [0] * n
        self.tables: list[list[int]] = [[] for _ in sizes]
        self._greedy_start()

    def _greedy_start(self) -> None:
        """Seat players one by one at the open table where they met the fewest."""
        for i in range(len(self.players)):
            best = min(
                (t for t, table in enumerate(self.tables) if len(table) < self.sizes[t]),
                key=lambda t: (self._cost_at(i, t, -1), len(self.tables[t])),
            )
            self.tables[best].append(i)
            self.table_of[i] = best

    def _cost_at(self, i: int, t: int, skip: int) -> int:
        met = self.met[i]
        return sum(met.get(j, 0) for j in self.tables[t] if j != i and j != skip)

    def _identical(self, members: list[int]) -> int:
        return 1 if self.past and frozenset(members) in self.past else 0

    def total(self) -> int:
        """Lexicographic cost as one integer: identical tables times `big`, plus meetings."""
        cost = 0
        for table in self.tables:
            cost += self.big * self._identical(table)
            cost += sum(self._cost_at(i, self.table_of[i], -1) for i in table) // 2
        return cost

    def _delta(self, i: int, j: int) -> int:
        a, b = self.table_of[i], self.table_of[j]
        delta = (
            self._cost_at(i, b, j)
            - self._cost_at(i, a, -1)
            + self._cost_at(j, a, i)
            - self._cost_at(j, b, -1)
        )
        if self.past:
            table_a, table_b = self.tables[a], self.tables[b]
            new_a = [k if k != i else j for k in table_a]
            new_b = [k if k != j else i for k in table_b]
            delta += self.big * (
                self._identical(new_a)
                + self._identical(new_b)
                - self._identical(table_a)
                - self._identical(table_b)
            )
        return delta

    def _swap(self, i: int, j: int) -> None:
        a, b = self.table_of[i], self.table_of[j]
        self.tables[a][self.tables[a].index(i)] = j
        self.tables[b][self.tables[b].index(j)] = i
        self.table_of[i], self.table_of[j] = b, a

    def _pick(self) -> int:
        """A random player, biased towards players who already met someone at their table."""
        n = len(self.players)
        candidates = [self.rng.randrange(n) for _ in range(3)]
        return max(candidates, key=lambda i: self._cost_at(i, self.table_of[i], -1))

    def solve(self, effort: float) -> list[list[int]]:
        """Anneal, then descend to a swap-local optimum; return tables of player numbers."""
        if len(self.tables) > 1:
            n = len(self.players)
            self._anneal(max(1, int(effort * max(300 * n, min(1000 * n, 20_000)))))
            if self.total() > 0:
                self._descend()
        return [[self.players[i] for i in table] for table in self.tables]

    def _anneal(self, steps: int) -> None:
        cost = self.total()
        best_cost, best = cost, [list(t) for t in self.tables]
        n = len(self.players)
        start_temp, end_temp = 2.0, 0.05
        ratio = (end_temp / start_temp) ** (1.0 / steps)
        temp = start_temp
        for _step in range(steps):
            if best_cost == 0:
                break
            temp *= ratio
            i = self._pick()
            j = self.rng.randrange(n)
            if self.table_of[i] == self.table_of[j]:
                continue
            delta = self._delta(i, j)
            if delta <= 0 or self.rng.random() < math.exp(-delta / temp):
                self._swap(i, j)
                cost += delta
                if cost < best_cost:
                    best_cost, best = cost, [list(t) for t in self.tables]
        self.tables = best
        for t, table in enumerate(best):
            for i in table:
                self.table_of[i] = t

    def _descend(self, max_sweeps: int = 25) -> None:
        """Sweep every swap, applying each improving one, until a sweep finds none."""
        n = len(self.players)
        for _sweep in range(max_sweeps):
            improved = False
            for i in range(n):
                for j in range(i + 1, n):
                    if self.table_of[i] != self.table_of[j] and self._delta(i, j) < 0:
                        self._swap(i, j)
                        improved = True
            if not improved:
                return
