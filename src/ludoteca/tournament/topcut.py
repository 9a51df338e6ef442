"""Single-elimination top cut after the Swiss rounds (Duel rules, *mata-mata*).

"Os maiores pontuadores (normalmente 4 ou 8 jogadores) disputam partidas de eliminação
simples para determinar o campeão do torneio." Seeds come from the Swiss standings in
bracket order (1v8, 4v5, 2v7, 3v6 for eight), so seeds 1 and 2 can meet only in the
final. "Jogadores eliminados na mesma rodada [...] são classificados entre si conforme
suas posições na etapa anterior."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.core.errors import DataFileError, IllegalAction, OptionError
from ludoteca.core.i18n import _
from ludoteca.tournament.players import Match, Result, Score


def bracket_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket order: 8 gives ``[1, 8, 4, 5, 2, 7, 3, 6]``."""
    if size < 2 or size & (size - 1):
        raise OptionError(_("top cut size must be a power of two >= 2, got {size}", size=size))
    order = [1]
    while len(order) < size:
        span = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, span - seed)]
    return order


@dataclass
class TopCut:
    """A bracket: ``seeds`` in Swiss order (best first), ``rounds`` of matches."""

    seeds: list[str]
    rounds: list[list[Match]] = field(default_factory=list)
    kind = "single"

    @classmethod
    def start(cls, swiss_order: Sequence[str], size: int) -> TopCut:
        """Seed the best ``size`` players of ``swiss_order`` and pair the first cut round."""
        order = bracket_order(size)
        if len(swiss_order) < size:
            raise OptionError(
                _(
                    "top {size} needs {size} players, only {n_swiss_order} left",
                    size=size,
                    n_swiss_order=len(swiss_order),
                )
            )
        seeds = list(swiss_order[:size])
        first = [
            Match(table=i + 1, a=seeds[order[2 * i] - 1], b=seeds[order[2 * i + 1] - 1])
            for i in range(size // 2)
        ]
        return cls(seeds=seeds, rounds=[first])

    def label(self, round_number: int) -> str:
        """What cut round ``round_number`` is called on a page."""
        size = len(self.seeds) >> (round_number - 1)
        return _("Top cut: final") if size == 2 else _("Top cut: last {size}", size=size)

    @property
    def finished(self) -> bool:
        """True once the final has a result."""
        return len(self.rounds[-1]) == 1 and self.rounds[-1][0].result is not None

    def report(self, table: int, result: Result | Score) -> None:
        """Report the current cut round's ``table``; a knockout match needs a winner."""
        if result is Result.DRAW or (isinstance(result, Score) and result.a == result.b):
            raise IllegalAction(_("a top-cut match cannot end in a draw: report who advances"))
        current_table(self.rounds, table).result = result

    def clear(self, table: int) -> None:
        """Take back a result of the current cut round (before the next one is paired)."""
        current = self.rounds[-1]
        if not 1 <= table <= len(current) or current[table - 1].result is None:
            raise IllegalAction(_("top-cut table {table} has no result to take back", table=table))
        current[table - 1].result = None

    def advance(self) -> list[Match]:
        """Pair the winners of the current cut round, in bracket order."""
        current = self.rounds[-1]
        if any(m.result is None for m in current):
            raise IllegalAction(_("the current top-cut round still has matches without a result"))
        if len(current) == 1:
            raise IllegalAction(_("the top cut is over"))
        winners = [winner_of(m) for m in current]
        seed = {p: i for i, p in enumerate(self.seeds)}
        nxt = []
        for i in range(0, len(winners), 2):
            a, b = sorted(winners[i : i + 2], key=seed.__getitem__)
            nxt.append(Match(table=i // 2 + 1, a=a, b=b))
        self.rounds.append(nxt)
        return nxt

    def ranking(self) -> list[str]:
        """Cut players by final place: champion, finalist, then losers of each round.

        Players eliminated in the same round are ordered by Swiss position.
        """
        if not self.finished:
            raise IllegalAction(_("the top cut is not finished"))
        final = self.rounds[-1][0]
        out = [winner_of(final), loser_of(final)]
        seed = {p: i for i, p in enumerate(self.seeds)}
        for rnd in reversed(self.rounds[:-1]):
            out.extend(sorted((loser_of(m) for m in rnd), key=seed.__getitem__))
        return out

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return cut_dict(self.seeds, self.rounds)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TopCut:
        """Inverse of :meth:`to_dict`; raises DataFileError naming a bad field."""
        seeds, rounds = read_cut_dict(data)
        return cls(seeds=seeds, rounds=rounds)


def cut_dict(seeds: list[str], rounds: list[list[Match]]) -> dict[str, Any]:
    """A cut's seeds and rounds as plain data."""
    return {"seeds": list(seeds), "rounds": [[m.to_dict() for m in r] for r in rounds]}


def read_cut_dict(data: dict[str, Any]) -> tuple[list[str], list[list[Match]]]:
    """The seeds and rounds of a stored cut (`DataFileError` naming a bad field)."""
    seeds, rounds = data.get("seeds"), data.get("rounds")
    if not isinstance(seeds, list) or not isinstance(rounds, list) or not rounds:
        raise DataFileError(_("top cut: 'seeds' and 'rounds' must be non-empty lists"))
    return [str(s) for s in seeds], [[Match.from_dict(m) for m in r] for r in rounds]


def current_table(rounds: list[list[Match]], table: int) -> Match:
    """Table `table` of the cut round in play (`IllegalAction` if there is none)."""
    current = rounds[-1]
    if not 1 <= table <= len(current):
        raise IllegalAction(
            _("no table {table} in top-cut round {n_rounds}", table=table, n_rounds=len(rounds))
        )
    return current[table - 1]


def winner_of(match: Match) -> str:
    """Who won a knockout ``match`` (`IllegalAction` if it has no result)."""
    if match.result is None or match.b is None:
        raise IllegalAction(_("table {table} has no winner yet", table=match.table))
    return match.a if match.result.is_win else match.b


def loser_of(match: Match) -> str:
    """Who lost a knockout ``match``."""
    winner = winner_of(match)
    assert match.b is not None
    return match.b if winner == match.a else match.a
