"""Value types shared by the Duel organizer: players, results, matches and rounds.

Everything here is plain data with ``to_dict``/``from_dict`` so an event can be stored
as JSON or mapped onto database rows (players, rounds, matches) without translation.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Container, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from ludoteca.core.errors import DataFileError, IllegalAction
from ludoteca.core.i18n import _

_T = TypeVar("_T")
_K = TypeVar("_K")

NUMBER_DIGITS = 9
"""A player number typed is at most this many digits (bounds the int() of a request)."""


def readable_id(name: str, taken: Container[str]) -> str:
    """A readable player id not in `taken`: the name in lower case without accents, with
    dashes (`Kaká Rocha` is `kaka-rocha`; `ana-2` when `ana` is taken)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    base = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "player"
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    return candidate


def find_player(text: str, players: Iterable[tuple[_K, str, int]]) -> _K:
    """The key of the player `text` names among (key, name, number) entries: their key
    (a Duel's id), their name (in any case, when nobody else has it) or their number
    (`7`, `#7`); `IllegalAction` naming `text` otherwise."""
    entries = list(players)
    for key, _name, _number in entries:
        if str(key) == text:
            return key
    wanted = text.strip().casefold()
    named = [key for key, name, _number in entries if name.casefold() == wanted]
    if len(named) == 1:
        return named[0]
    number = wanted.removeprefix("#")
    if number.isdigit() and len(number) <= NUMBER_DIGITS:
        for key, _name, player_number in entries:
            if player_number == int(number):
                return key
    raise IllegalAction(_("no player with the id, name or number {player}", player=repr(text[:64])))


class Result(StrEnum):
    """A Duel result seen from the first-named player (*Pontuação*, Duel rules)."""

    WIN = "win"
    TIMED_WIN = "timed_win"
    DRAW = "draw"
    TIMED_LOSS = "timed_loss"
    LOSS = "loss"

    def reversed(self) -> Result:
        """The same result seen from the opponent."""
        return _REVERSED[self]

    @property
    def is_win(self) -> bool:
        """True for a win or a timed win (*vitória*, *vitória por tempo*)."""
        return self in (Result.WIN, Result.TIMED_WIN)


_REVERSED = {
    Result.WIN: Result.LOSS,
    Result.TIMED_WIN: Result.TIMED_LOSS,
    Result.DRAW: Result.DRAW,
    Result.TIMED_LOSS: Result.TIMED_WIN,
    Result.LOSS: Result.WIN,
}

_SCORE = re.compile(r"(\d{1,3})-(\d{1,3})(?:-(\d{1,3}))?( id)?")


@dataclass(frozen=True)
class Score:
    """A result as numbers, seen from the first-named player, for the rule sets that
    report numbers (`rulesets.py`): games won by each and games drawn (`mtg`), or each
    player's points (`cobra`). `intentional` marks an intentional draw. Written as its
    `value`: `2-1`, `2-0-1`, `3-3`, `1-1 id`."""

    a: int
    b: int
    draws: int = 0
    intentional: bool = False

    @property
    def value(self) -> str:
        """The written form, which `parse` reads back."""
        text = f"{self.a}-{self.b}" + (f"-{self.draws}" if self.draws else "")
        return text + (" id" if self.intentional else "")

    def reversed(self) -> Score:
        """The same result seen from the opponent."""
        return Score(self.b, self.a, self.draws, self.intentional)

    @property
    def is_win(self) -> bool:
        """True when the first-named player has more (games or points)."""
        return self.a > self.b

    @classmethod
    def parse(cls, text: str) -> Score:
        """The score written `text` (`ValueError` if it is not one)."""
        found = _SCORE.fullmatch(text.strip().lower())
        if found is None:
            raise ValueError(text)
        a, b, draws, intentional = found.groups()
        return cls(int(a), int(b), int(draws or 0), intentional is not None)


def parse_result(text: str) -> Result | Score:
    """A stored result: a `Result` value (`win`, `timed_loss`...) or a `Score`
    (`ValueError` if it is neither)."""
    try:
        return Result(text)
    except ValueError:
        return Score.parse(text)


@dataclass
class Player:
    """A registered player.

    ``number`` is the *número do jogador* used to order players inside a score group;
    ``group`` names people to keep apart in round 1 (family, friends);
    ``entered_round`` is the first round the player can be paired in (late entries);
    ``dropped_after`` is the last round played before dropping, or ``None``;
    ``away`` lists the rounds missed between a drop and a return (re-joining);
    ``faction``, ``agenda``, ``deck``: what the player brings, as the sign-up sheet says.
    """

    id: str
    name: str
    number: int
    group: str | None = None
    entered_round: int = 1
    dropped_after: int | None = None
    faction: str | None = None
    agenda: str | None = None
    deck: str | None = None
    away: list[int] = field(default_factory=list)

    @property
    def dropped(self) -> bool:
        """True once the player has left the event."""
        return self.dropped_after is not None

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "id": self.id,
            "name": self.name,
            "number": self.number,
            "group": self.group,
            "entered_round": self.entered_round,
            "dropped_after": self.dropped_after,
            **{key: value for key, value in self._brings().items() if value is not None},
            **({"away": list(self.away)} if self.away else {}),
        }

    def missed(self, round_number: int) -> bool:
        """True if the player was not in the event for ``round_number``: entered later,
        or away between a drop and a return."""
        return round_number < self.entered_round or round_number in self.away

    def _brings(self) -> dict[str, str | None]:
        return {"faction": self.faction, "agenda": self.agenda, "deck": self.deck}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Player:
        """Inverse of :meth:`to_dict`; raises DataFileError naming a bad field."""
        return cls(
            id=_field(data, "id", str, "player"),
            name=_field(data, "name", str, "player"),
            number=_field(data, "number", int, "player"),
            group=_optional(data, "group", str, "player"),
            entered_round=_field(data, "entered_round", int, "player"),
            dropped_after=_optional(data, "dropped_after", int, "player"),
            faction=_optional(data, "faction", str, "player"),
            agenda=_optional(data, "agenda", str, "player"),
            deck=_optional(data, "deck", str, "player"),
            away=_rounds(data.get("away", [])),
        )


def _rounds(value: Any) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in value
    ):
        raise DataFileError(_("player: 'away' must be a list of round numbers"))
    return list(value)


@dataclass
class Match:
    """One table of a round. ``b is None`` means a bye (*vitória automática*)."""

    table: int
    a: str
    b: str | None
    result: Result | Score | None = None

    @property
    def is_bye(self) -> bool:
        """True when ``a`` has no opponent this round."""
        return self.b is None

    def result_for(self, player_id: str) -> Result | Score | None:
        """The result seen from ``player_id`` (who must sit at this table)."""
        if self.result is None:
            return None
        return self.result if player_id == self.a else self.result.reversed()

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "table": self.table,
            "a": self.a,
            "b": self.b,
            "result": None if self.result is None else self.result.value,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        """Inverse of :meth:`to_dict`; raises DataFileError naming a bad field."""
        raw = _optional(data, "result", str, "match")
        try:
            result = None if raw is None else parse_result(raw)
        except ValueError:
            raise DataFileError(_("match: unknown result {raw}", raw=repr(raw))) from None
        return cls(
            table=_field(data, "table", int, "match"),
            a=_field(data, "a", str, "match"),
            b=_optional(data, "b", str, "match"),
            result=result,
        )


@dataclass
class Round:
    """A Swiss round: its matches and the warnings raised when it was paired or edited."""

    number: int
    matches: list[Match]
    warnings: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """True when every match has a result."""
        return all(m.result is not None for m in self.matches)

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "number": self.number,
            "matches": [m.to_dict() for m in self.matches],
            "warnings": list(self.warnings),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Round:
        """Inverse of :meth:`to_dict`; raises DataFileError naming a bad field."""
        matches = data.get("matches")
        warnings = data.get("warnings", [])
        if not isinstance(matches, list) or not isinstance(warnings, list):
            raise DataFileError(_("round: 'matches' and 'warnings' must be lists"))
        return cls(
            number=_field(data, "number", int, "round"),
            matches=[Match.from_dict(m) for m in matches],
            warnings=[str(w) for w in warnings],
        )


def _field(data: dict[str, Any], key: str, kind: type[_T], what: str) -> _T:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise DataFileError(
            _(
                "{what}: field {key} must be {name}, got {value}",
                what=what,
                key=repr(key),
                name=kind.__name__,
                value=repr(value),
            )
        )
    return value


def _optional(data: dict[str, Any], key: str, kind: type[_T], what: str) -> _T | None:
    if data.get(key) is None:
        return None
    return _field(data, key, kind, what)
