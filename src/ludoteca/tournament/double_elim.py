"""Double-elimination top cut, as the Cobra tournament software runs it (`cobra` rule set).

The brackets are data (`data/double_elimination.toml`, from Cobra's
`app/services/bracket/top4.rb`, `top8.rb`, `top16.rb`): numbered games in bracket rounds,
each between two seeds or the winners and losers of earlier games. A player is out after
a second loss. The grand final is played twice only if the lower-bracket player wins
the first: its second game is paired only then.

Places (Cobra's `STANDINGS`): the last game's winner, then its loser, then everyone else
by the bracket round they were knocked out in, later first, ties by seed.

A cut round's tables are numbered 1, 2, ... like the Swiss rounds; `game` gives the
bracket's game number of a table (Cobra's table number, in NRTM files).
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.core.errors import DataFileError, IllegalAction, OptionError
from ludoteca.core.i18n import _
from ludoteca.tournament.players import Match, Result, Score
from ludoteca.tournament.topcut import (
    TopCut,
    current_table,
    cut_dict,
    loser_of,
    read_cut_dict,
    winner_of,
)

KINDS = ("seed", "winner", "loser")


@dataclass(frozen=True)
class Game:
    """One game of a bracket: its number, its bracket round and where its players come
    from, each a (`seed`|`winner`|`loser`, number) pair."""

    number: int
    round: int
    first: tuple[str, int]
    second: tuple[str, int]


def sizes() -> list[int]:
    """The cut sizes a double-elimination bracket exists for."""
    return sorted(_brackets())


def bracket(size: int) -> list[Game]:
    """The games of the `size` bracket (`OptionError` naming the sizes there are)."""
    games = _brackets().get(size)
    if games is None:
        raise OptionError(
            _(
                "a double-elimination cut is top {sizes}, not {size}",
                sizes=", ".join(map(str, sizes())),
                size=size,
            )
        )
    return games


@cache
def _brackets() -> dict[int, list[Game]]:
    where = "data/double_elimination.toml"
    path = resources.files("ludoteca.tournament") / "data" / "double_elimination.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        out = {
            int(name.removeprefix("top")): sorted(
                (Game(int(n), int(r), _ref(str(a)), _ref(str(b))) for n, r, a, b in table["games"]),
                key=lambda g: (g.round, g.number),
            )
            for name, table in data.items()
        }
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as exc:
        raise DataFileError(_("{where}: {exc}", where=where, exc=str(exc))) from None
    return out


def _ref(text: str) -> tuple[str, int]:
    kind, number = text.split()
    if kind not in KINDS:
        raise ValueError(f"{text!r}: a seed, winner or loser")
    return kind, int(number)


@dataclass
class DoubleCut:
    """A double-elimination bracket: ``seeds`` in Swiss order (best first), ``rounds``
    of matches, one list per bracket round paired so far."""

    seeds: list[str]
    rounds: list[list[Match]] = field(default_factory=list)
    kind = "double"

    @classmethod
    def start(cls, swiss_order: Sequence[str], size: int) -> DoubleCut:
        """Seed the best ``size`` players of ``swiss_order`` and pair bracket round 1."""
        bracket(size)
        if len(swiss_order) < size:
            raise OptionError(
                _(
                    "top {size} needs {size} players, only {n_swiss_order} left",
                    size=size,
                    n_swiss_order=len(swiss_order),
                )
            )
        cut = cls(seeds=list(swiss_order[:size]))
        cut.rounds.append(cut._pair(1))
        return cut

    @property
    def games(self) -> list[Game]:
        """This cut's bracket."""
        return bracket(len(self.seeds))

    def game(self, round_number: int, table: int) -> int:
        """The bracket's number of the game at ``table`` of cut round ``round_number``."""
        return self._round_games(round_number)[table - 1].number

    def label(self, round_number: int) -> str:
        """What cut round ``round_number`` is called on a page."""
        last = max(g.round for g in self.games)
        if round_number >= last - 1:
            return _("Top cut: grand final")
        return _("Top cut: round {number}", number=round_number)

    @property
    def finished(self) -> bool:
        """True once the grand final is decided (its second game only if it was needed)."""
        last = max(g.round for g in self.games)
        played = len(self.rounds)
        if played < last - 1 or any(m.result is None for m in self.rounds[-1]):
            return False
        if played == last:
            return True
        final = self.rounds[-1][0]
        return winner_of(final) == final.a

    def report(self, table: int, result: Result | Score) -> None:
        """Report the current cut round's ``table``; a knockout match needs a winner."""
        if result is Result.DRAW or (isinstance(result, Score) and result.a == result.b):
            raise IllegalAction(_("a top-cut match cannot end in a draw: report who advances"))
        self._current(table).result = result

    def clear(self, table: int) -> None:
        """Take back a result of the current cut round (before the next one is paired)."""
        match = self._current(table)
        if match.result is None:
            raise IllegalAction(_("top-cut table {table} has no result to take back", table=table))
        match.result = None

    def advance(self) -> list[Match]:
        """Pair the next bracket round from the results so far."""
        if any(m.result is None for m in self.rounds[-1]):
            raise IllegalAction(_("the current top-cut round still has matches without a result"))
        if self.finished:
            raise IllegalAction(_("the top cut is over"))
        nxt = self._pair(len(self.rounds) + 1)
        self.rounds.append(nxt)
        return nxt

    def ranking(self) -> list[str]:
        """Cut players by final place (see the module docstring)."""
        if not self.finished:
            raise IllegalAction(_("the top cut is not finished"))
        final = self.rounds[-1][0]
        first, second = winner_of(final), loser_of(final)
        out_in: dict[str, int] = {}
        for number, matches in enumerate(self.rounds, start=1):
            for match in matches:
                out_in[loser_of(match)] = number  # the last loss is the one that put him out
        seed = {p: i for i, p in enumerate(self.seeds)}
        rest = [p for p in self.seeds if p not in (first, second)]
        return [first, second, *sorted(rest, key=lambda p: (-out_in[p], seed[p]))]

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {"kind": self.kind, **cut_dict(self.seeds, self.rounds)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DoubleCut:
        """Inverse of :meth:`to_dict`; raises DataFileError naming a bad field."""
        seeds, rounds = read_cut_dict(data)
        try:
            bracket(len(seeds))
        except OptionError as exc:
            raise DataFileError(str(exc)) from None
        cut = cls(seeds=seeds)
        for number, matches in enumerate(rounds, start=1):
            expected = cut._pair(number)  # each round must be the bracket's pairing
            if [(m.a, m.b) for m in matches] != [(m.a, m.b) for m in expected]:
                raise DataFileError(
                    _("top cut round {number} is not the bracket's pairing", number=number)
                )
            cut.rounds.append(matches)
        return cut

    def _round_games(self, round_number: int) -> list[Game]:
        return [g for g in self.games if g.round == round_number]

    def _current(self, table: int) -> Match:
        return current_table(self.rounds, table)

    def _pair(self, round_number: int) -> list[Match]:
        games = self._round_games(round_number)
        if not games:
            raise IllegalAction(_("the top cut is over"))
        return [
            Match(table=i, a=self._who(g.first), b=self._who(g.second))
            for i, g in enumerate(games, start=1)
        ]

    def _who(self, ref: tuple[str, int]) -> str:
        kind, number = ref
        if kind == "seed":
            return self.seeds[number - 1]
        for round_number, matches in enumerate(self.rounds, start=1):
            for table, match in enumerate(matches, start=1):
                if self.game(round_number, table) == number:
                    return winner_of(match) if kind == "winner" else loser_of(match)
        raise DataFileError(_("game {number} is not played yet", number=number))


Cut = TopCut | DoubleCut
"""A Duel event's top cut: single elimination, or Cobra's double elimination."""


def start_cut(kind: str, swiss_order: Sequence[str], size: int) -> Cut:
    """Seed and pair the first round of a ``kind`` (`single`|`double`) cut of ``size``."""
    if kind == "double":
        return DoubleCut.start(swiss_order, size)
    return TopCut.start(swiss_order, size)


def cut_from_dict(data: dict[str, Any]) -> Cut:
    """A stored cut of either kind (`DataFileError` naming a bad field)."""
    if not isinstance(data, dict):
        raise DataFileError(_("top cut: not an object"))
    if data.get("kind", "single") == "double":
        return DoubleCut.from_dict(data)
    return TopCut.from_dict(data)
