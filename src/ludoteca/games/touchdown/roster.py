"""Rosters: the player counters and the squad rule (*I giocatori*, *Le formazioni*)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludoteca.core import DataFileError, OptionValue, file_source
from ludoteca.core.datafile import parse_toml, read_toml, whole_number
from ludoteca.core.i18n import T, Text, _

ROSTER_DIR = Path(__file__).parent / "data" / "rosters"
DEFAULT_ROSTERS = ("gialli", "bianchi")
TEAM_LETTERS = ("Y", "W")
"""The letter before a player's number in his id (`Y7`, `W10`), by seat."""
TEAM_NAMES = ("Yellow", "White")


def is_counter(text: str) -> bool:
    """True if `text` is a player's id (`Y7`, `W10`)."""
    return text[:1] in TEAM_LETTERS and text[1:].isdigit()


def who(pid: str) -> Text:
    """A player in the log as the board shows his counter: team and number (`Yellow 58`,
    *58 dei Gialli*), never the id `Y58`. Made once a player: a game logs one for most of
    its thousands of lines, and a `Text` never changes."""
    known = _WHO.get(pid)
    if known is None:
        letter, number = pid[:1], pid[1:]
        if letter not in TEAM_LETTERS:
            return T("{team} {number}", team="?", number=pid)
        known = T("{team} {number}", team=_TEAMS[TEAM_LETTERS.index(letter)], number=number)
        if len(_WHO) < _WHO_MAX:
            _WHO[pid] = known
    return known


_TEAMS = tuple(T(name) for name in TEAM_NAMES)
_WHO: dict[str, Text] = {}
"""player id -> his `who`: ids come from rosters, but a bound keeps odd ones out."""
_WHO_MAX = 4096


ROLES = ("A", "AB", "AE", "AK", "AQ", "D")
RECEIVER_ROLES = frozenset({"AB", "AE", "AQ"})
SQUAD_VALUE = 40
# What one team must be able to field: an attack formation (5 A, 3 AB, 2 AE, 1 AQ),
# a kicker for punts and field goals, and eleven D (*Le formazioni*).
MINIMUM = {"A": 5, "AB": 3, "AE": 2, "AQ": 1, "AK": 1, "D": 11}
EXPERIENCE = ("", "quarterback", "receiver")


@dataclass(frozen=True, slots=True)
class Card:
    """One counter: number, role, tackle (*contrasto*) and speed (*velocità*), 0-3."""

    number: int
    role: str
    tackle: int
    speed: int
    experience: str = ""
    blitz: bool = False

    @property
    def value(self) -> int:
        """The player's value (*valore*): tackle + speed."""
        return self.tackle + self.speed


@dataclass(frozen=True)
class Roster:
    """A squad: a name and its counters."""

    name: str
    cards: tuple[Card, ...]


def roster_from_data(data: dict[str, Any], where: str, budget: int = SQUAD_VALUE) -> Roster:
    """Validate a roster: counters well formed, values summing to `budget` (*pari a 40*)."""
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise DataFileError(_("{where}: field 'name' must be a non-empty string", where=where))
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise DataFileError(_("{where}: needs a non-empty [[players]] list", where=where))
    cards: list[Card] = []
    seen: set[int] = set()
    for index, entry in enumerate(players, start=1):
        at = f"{where}: player #{index}"
        card = card_from_data(entry, at)
        if card.number in seen:
            raise DataFileError(_("{at}: number {number} is used twice", at=at, number=card.number))
        seen.add(card.number)
        cards.append(card)
    check_squad(cards, where, budget)
    return Roster(name=name.strip(), cards=tuple(cards))


def card_from_data(entry: object, at: str) -> Card:
    """Validate one counter (*pedina*): number 0-99, role, tackle and speed 0-3."""
    if not isinstance(entry, dict):
        raise DataFileError(_("{at} must be a table", at=at))
    unknown = sorted(set(entry) - {"number", "role", "tackle", "speed", "experience", "blitz"})
    if unknown:
        raise DataFileError(_("{at}: unknown field '{value}'", at=at, value=unknown[0]))
    number = whole_number(entry, "number", at, 0, 99)
    role = entry.get("role")
    if role not in ROLES:
        raise DataFileError(
            _("{at}: field 'role' must be one of {roles}", at=at, roles=", ".join(ROLES))
        )
    experience = entry.get("experience", "")
    if experience not in EXPERIENCE:
        raise DataFileError(
            _("{at}: field 'experience' must be quarterback, receiver or empty", at=at)
        )
    blitz = entry.get("blitz", False)
    if not isinstance(blitz, bool):
        raise DataFileError(_("{at}: field 'blitz' must be true or false", at=at))
    return Card(
        number=number,
        role=str(role),
        tackle=whole_number(entry, "tackle", at, 0, 3),
        speed=whole_number(entry, "speed", at, 0, 3),
        experience=str(experience),
        blitz=blitz,
    )


def check_squad(cards: list[Card], where: str, budget: int = SQUAD_VALUE) -> None:
    """The squad rule: values sum to `budget`; enough players to field every formation."""
    total = sum(card.value for card in cards)
    if total != budget:
        raise DataFileError(
            _(
                "{where}: player values sum to {total}, the rule asks for {budget}",
                where=where,
                total=total,
                budget=budget,
            )
        )
    counts = Counter(card.role for card in cards)
    for role, need in MINIMUM.items():
        if counts[role] < need:
            raise DataFileError(
                _(
                    "{where}: needs at least {need} {role} players, has {value}",
                    where=where,
                    need=need,
                    role=role,
                    value=counts[role],
                )
            )


def load_roster(path: Path, budget: int = SQUAD_VALUE) -> Roster:
    """Read and validate a roster file (raises `DataFileError`)."""
    return roster_from_data(read_toml(path, "roster file"), str(path), budget)


def default_roster(seat: int) -> Roster:
    """The default squad of a seat (design: see docs/rules/touchdown.md)."""
    return preset_roster(DEFAULT_ROSTERS[seat])


def preset_roster(name: str) -> Roster:
    """A squad shipped with the game (`DEFAULT_ROSTERS`), by name."""
    return load_roster(ROSTER_DIR / f"{name}.toml")


def roster_of(value: OptionValue, seat: int) -> Roster:
    """The squad a roster option names: the seat's default, a preset, or uploaded content."""
    uploaded = file_source(value)
    if uploaded is not None:
        name, content = uploaded
        return roster_from_data(parse_toml(content, name), name)
    return default_roster(seat) if value is None else preset_roster(str(value))
