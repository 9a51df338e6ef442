"""Rebuilding a `MeleeEvent` from plain data, with errors naming the bad field."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ludoteca.core.errors import DataFileError, OptionError
from ludoteca.core.i18n import _
from ludoteca.tournament.clock import Format, round_minutes
from ludoteca.tournament.melee_model import FORMAT, VERSION, MeleePlayer, MeleeTable


@dataclass
class ParsedMelee:
    """The checked contents of a melee event's plain data."""

    name: str
    seed: str
    minutes: int
    players: list[MeleePlayer] = field(default_factory=list)
    rounds: list[list[MeleeTable]] = field(default_factory=list)
    final: MeleeTable | None = None
    playoffs: list[tuple[int, ...]] = field(default_factory=list)


def _need(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if not isinstance(data, Mapping):
        raise DataFileError(_("melee event data: {where} must be a table/object", where=where))
    if key not in data:
        raise DataFileError(
            _("melee event data: {where} lacks field {key}", where=where, key=repr(key))
        )
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise DataFileError(
            _(
                "melee event data: {where}.{key} must be {name}",
                where=where,
                key=key,
                name=kind.__name__,
            )
        )
    return value


def _int_list(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise DataFileError(
            _("melee event data: {where} must be a list of whole numbers", where=where)
        )
    return tuple(value)


def _table(data: Any, where: str, known: int) -> MeleeTable:
    seats = _int_list(_need(data, "seats", list, where), f"{where}.seats")
    if len(set(seats)) != len(seats) or not all(1 <= s <= known for s in seats):
        raise DataFileError(
            _("melee event data: {where}.seats names an unknown or repeated player", where=where)
        )
    if not isinstance(data, Mapping) or "powers" not in data:
        raise DataFileError(_("melee event data: {where} lacks field 'powers'", where=where))
    raw = data["powers"]
    if raw is None:
        return MeleeTable(seats)
    powers = _int_list(raw, f"{where}.powers")
    if len(powers) != len(seats) or any(p < 0 for p in powers):
        raise DataFileError(
            _(
                "melee event data: {where}.powers needs one power >= 0 per seat ({n_seats})",
                where=where,
                n_seats=len(seats),
            )
        )
    return MeleeTable(seats, powers)


def parse_event(data: Mapping[str, Any]) -> ParsedMelee:
    """Validate `data` (as written by `MeleeEvent.to_dict`) and return its contents."""
    if _need(data, "format", str, "top") != FORMAT:
        raise DataFileError(_("melee event data: format must be {format}", format=repr(FORMAT)))
    if _need(data, "version", int, "top") != VERSION:
        raise DataFileError(
            _("melee event data: unsupported version, expected {version}", version=VERSION)
        )
    minutes = _need(data, "minutes", int, "top")
    try:
        minutes = round_minutes(Format.MELEE, minutes)
    except OptionError as error:
        raise DataFileError(_("melee event data: top.minutes: {error}", error=str(error))) from None
    event = ParsedMelee(_need(data, "name", str, "top"), _need(data, "seed", str, "top"), minutes)
    for index, entry in enumerate(_need(data, "players", list, "top")):
        where = f"players[{index}]"
        if _need(entry, "number", int, where) != index + 1:
            raise DataFileError(
                _("melee event data: {where}.number must be {value}", where=where, value=index + 1)
            )
        name = _need(entry, "name", str, where)
        dropped_round = entry.get("dropped_round")
        if dropped_round is not None and not isinstance(dropped_round, int):
            raise DataFileError(
                _("melee event data: {where}.dropped_round must be a number", where=where)
            )
        player = MeleePlayer(index + 1, name, _need(entry, "dropped", bool, where), dropped_round)
        event.players.append(player)
    known = len(event.players)
    for r, tables in enumerate(_need(data, "rounds", list, "top")):
        if not isinstance(tables, list):
            raise DataFileError(_("melee event data: rounds[{r}] must be a list of tables", r=r))
        built = [_table(t, f"rounds[{r}][{i}]", known) for i, t in enumerate(tables)]
        seated = [p for table in built for p in table.seats]
        if len(set(seated)) != len(seated):
            raise DataFileError(_("melee event data: rounds[{r}] seats a player twice", r=r))
        event.rounds.append(built)
    if "final" not in data:
        raise DataFileError(_("melee event data: top lacks field 'final'"))
    if data["final"] is not None:
        event.final = _table(data["final"], "final", known)
    for index, order in enumerate(_need(data, "playoffs", list, "top")):
        event.playoffs.append(_int_list(order, f"playoffs[{index}]"))
    return event
