"""Swiss standings and tiebreaks (Duel rules, *Desempate*).

Order: points; then, among players tied on points, whoever beat every other tied player
(*confronto direto*); then strength of schedule (*força de tabela*, the sum of the
points of every opponent met); then the lower player number. The head-to-head step is
applied one place at a time: once a place is decided, the rest of the group is still
tied and is tiebroken again from the head-to-head step.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ludoteca.tournament.players import Player, Result, Round
from ludoteca.tournament.scoring import BYE_POINTS, points


@dataclass(frozen=True)
class Standing:
    """One line of the standings table."""

    rank: int
    player_id: str
    points: int
    strength: int
    wins: int
    draws: int
    losses: int
    byes: int
    dropped: bool
    tiebreaks: tuple[tuple[str, float], ...] = ()
    """The rule set's tiebreaks after points, by name (`cobra`, `mtg`; `agot`'s is
    `strength`)."""


#: Per result: (points, win, draw, loss), a win being a win or a timed win.
_EFFECT = {r: (points(r), r.is_win, r is Result.DRAW, r.reversed().is_win) for r in Result}
_REVERSED = {r: r.reversed() for r in Result}


@dataclass
class _Tally:
    points: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0


def compute_standings(players: Iterable[Player], rounds: Sequence[Round]) -> list[Standing]:
    """Rank every registered player (dropped ones included) from reported results.

    Matches without a result count for nothing yet. A bye scores a win's 5 points and
    adds nothing to strength of schedule; a dropped opponent counts with the points
    they had when they left.
    """
    roster = {p.id: p for p in players}
    tally = {pid: _Tally() for pid in roster}
    opponents: dict[str, list[str]] = defaultdict(list)
    all_won: dict[tuple[str, str], bool] = {}
    for rnd in rounds:
        for match in rnd.matches:
            if match.result is None:
                continue
            if match.b is None:
                tally[match.a].points += BYE_POINTS
                tally[match.a].byes += 1
                continue
            result = match.result
            if not isinstance(result, Result):
                raise TypeError(f"a score ({result.value}) in an event scored by results")
            for me, other, res in (
                (match.a, match.b, result),
                (match.b, match.a, _REVERSED[result]),
            ):
                pts, win, draw, loss = _EFFECT[res]
                t = tally[me]
                t.points += pts
                t.wins += win
                t.draws += draw
                t.losses += loss
                opponents[me].append(other)
                all_won[(me, other)] = all_won.get((me, other), True) and win
    strength = {pid: sum(tally[o].points for o in opponents[pid]) for pid in roster}
    beaten: dict[str, set[str]] = defaultdict(set)
    for (me, other), won in all_won.items():
        if won:
            beaten[me].add(other)
    by_points: dict[int, list[str]] = defaultdict(list)
    for pid in roster:
        by_points[tally[pid].points].append(pid)
    order: list[str] = []
    for pts in sorted(by_points, reverse=True):
        group = sorted(by_points[pts], key=lambda p: (-strength[p], roster[p].number))
        order.extend(_break_ties(group, beaten))
    return [
        Standing(
            rank=i + 1,
            player_id=pid,
            points=tally[pid].points,
            strength=strength[pid],
            wins=tally[pid].wins,
            draws=tally[pid].draws,
            losses=tally[pid].losses,
            byes=tally[pid].byes,
            dropped=roster[pid].dropped,
        )
        for i, pid in enumerate(order)
    ]


def _break_ties(group: list[str], beaten: dict[str, set[str]]) -> list[str]:
    """Order players tied on points; ``group`` is already sorted by the later steps.

    "Qualquer jogador que tiver derrotado todos os oponentes no grupo empatado avança.
    Se nenhum jogador houver derrotado cada um dos outros jogadores empatados, a força
    dos oponentes anteriores é utilizada como critério de desempate."
    """
    remaining = dict.fromkeys(group)  # insertion-ordered set
    most_beaten = max((len(beaten[p]) for p in group), default=0)
    out: list[str] = []
    while remaining:
        pick = next(iter(remaining))
        if len(remaining) - 1 <= most_beaten:
            pick = next(
                (p for p in remaining if all(q in beaten[p] for q in remaining if q != p)),
                pick,
            )
        del remaining[pick]
        out.append(pick)
    return out
