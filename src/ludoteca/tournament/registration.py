"""A sign-up sheet (CSV) as the player list, in one step.

The sheet has a header row naming its columns, in English, Portuguese or Italian:
`name` (required), and optionally `group` (people kept apart in round 1, Duel only),
`faction`, `agenda` and `deck` (what the player brings). Other columns are ignored. The
delimiter may be a comma, a semicolon (spreadsheets in Brazil, Portugal and Italy) or a
tab; a UTF-8 byte-order mark is dropped.

A sheet is taken whole or not at all: any bad row is named, with what is wrong, and no
player is registered. Names are text (never markup or a formula: the exports escape
them), 1 to `MAX_CELL` printable characters.
"""

from __future__ import annotations

import copy
import csv
import io
from dataclasses import dataclass

from ludoteca.core.errors import DataFileError
from ludoteca.core.i18n import _
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.event_rules import EventStaff
from ludoteca.tournament.melee import MeleeEvent

MAX_BYTES = 256_000
MAX_ROWS = 1_000
MAX_CELL = 100
COLUMNS = {
    "name": ("name", "nome", "player", "jogador", "giocatore"),
    "group": ("group", "grupo", "gruppo"),
    "faction": ("faction", "facção", "faccao", "fazione", "house", "casa"),
    "agenda": ("agenda",),
    "deck": ("deck", "baralho", "mazzo", "decklist"),
}
"""Each column's key, and the headings (case-insensitive) that name it."""


@dataclass(frozen=True)
class Signup:
    """One row of a sign-up sheet."""

    name: str
    group: str | None = None
    faction: str | None = None
    agenda: str | None = None
    deck: str | None = None


def read_signups(text: str) -> list[Signup]:
    """The rows of a sign-up sheet (`DataFileError` naming the first bad row or column)."""
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise DataFileError(_("a sign-up sheet is at most {limit} bytes", limit=MAX_BYTES))
    text = text.removeprefix("\ufeff")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
        delimiter = dialect.delimiter
    except csv.Error:
        delimiter = ","  # one column: no delimiter to find
    try:  # newline="": the reader takes \r, \n and \r\n line ends alike (old Mac exports)
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
    except csv.Error as exc:
        raise DataFileError(_("the sign-up sheet is not CSV: {error}", error=str(exc))) from None
    if not rows:
        raise DataFileError(_("the sign-up sheet is empty"))
    where = _columns(rows[0])
    out: list[Signup] = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(out) == MAX_ROWS:
            raise DataFileError(_("a sign-up sheet has at most {limit} players", limit=MAX_ROWS))
        cells = {key: _cell(row, index, number, key) for key, index in where.items()}
        name = cells["name"]
        if name is None:
            raise DataFileError(_("row {row}: the name is empty", row=number))
        out.append(Signup(name, cells["group"], cells["faction"], cells["agenda"], cells["deck"]))
    if not out:
        raise DataFileError(_("the sign-up sheet has no player"))
    return out


def _columns(header: list[str]) -> dict[str, int]:
    """Each known column's position in `header` (name required)."""
    found: dict[str, int] = {}
    for index, heading in enumerate(header):
        for key, names in COLUMNS.items():
            if heading.strip().lower() in names and key not in found:
                found[key] = index
    if "name" not in found:
        raise DataFileError(
            _(
                "the sign-up sheet's first row must name its columns, one of them 'name' "
                "(found: {found})",
                found=", ".join(repr(h[:20]) for h in header[:6]),
            )
        )
    return {key: found.get(key, -1) for key in COLUMNS}


def _cell(row: list[str], index: int, number: int, key: str) -> str | None:
    """A cell, trimmed (None if empty or absent); `DataFileError` if unprintable or long."""
    value = row[index].strip() if 0 <= index < len(row) else ""
    if not value:
        return None
    if len(value) > MAX_CELL or not value.isprintable():
        raise DataFileError(
            _(
                "row {row}, column {column}: at most {limit} printable characters",
                row=number,
                column=key,
                limit=MAX_CELL,
            )
        )
    return value


def register(event: DuelEvent | MeleeEvent, staff: EventStaff, signups: list[Signup]) -> int:
    """Register every sign-up, or none (`IllegalAction` / `DataFileError` naming the first
    that cannot be: a name registered twice, an organizer or judge where the event's tier
    forbids it, a group in a Melee). Returns how many were registered."""
    rehearsal = copy.deepcopy(staff)
    for signup in signups:
        rehearsal.register_player(signup.name)
    if isinstance(event, MeleeEvent) and any(s.group for s in signups):
        raise DataFileError(_("groups (kept apart in round 1) exist in Duel events only"))
    for signup in signups:
        staff.register_player(signup.name)
        if isinstance(event, MeleeEvent):
            event.add_player(signup.name)
            continue
        player = event.add_player(event.new_player_id(signup.name), signup.name, group=signup.group)
        player.faction, player.agenda, player.deck = signup.faction, signup.agenda, signup.deck
    return len(signups)
