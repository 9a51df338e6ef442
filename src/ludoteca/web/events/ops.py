"""What an organizer can do to an event, each as one call into `ludoteca.tournament`.

Every operation takes the stored event and the request's JSON object, checks the
fields (400 `WebError`), and calls the library, which applies the tournament
rules and raises `LudotecaError` when they refuse (the service answers 422).
Nothing here pairs, scores or ranks: that is the library's job, as in the CLI.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ludoteca.core import DataFileError, IllegalAction
from ludoteca.core.i18n import _
from ludoteca.tournament.day import report_duel, take_back
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.melee import MeleeEvent, MeleeTable
from ludoteca.tournament.melee_scoring import placements, table_points
from ludoteca.tournament.players import Match, Result, Score
from ludoteca.tournament.registration import MAX_BYTES as MAX_SHEET
from ludoteca.tournament.registration import read_signups, register
from ludoteca.tournament.scoring import timed_result
from ludoteca.web.events.rounds import duel_of, edit_pairings, pair, repair, reset_clock
from ludoteca.web.events.store import StoredEvent
from ludoteca.web.shared.errors import bad_request, conflict, unprocessable
from ludoteca.web.shared.requests import field_int, field_str

MAX_PLAYERS = 512
MAX_POWER = 999  # a game ends at 15 power; far more is a typing slip, not a result
RESULTS = ", ".join(r.value for r in Result)
Operation = Callable[[StoredEvent, dict[str, Any]], dict[str, Any]]


def melee_of(event: StoredEvent) -> MeleeEvent:
    """The event as a Melee (409 for a Duel event)."""
    if not isinstance(event.record.event, MeleeEvent):
        raise conflict(
            _("event {event_id} is a Duel event: this is for melee events only", event_id=event.id)
        )
    return event.record.event


def add_player(event: StoredEvent, data: dict[str, Any]) -> dict[str, Any]:
    """Register a player `{name, group?}` (after round 1: a late entry)."""
    name = field_str(data, "name", 100).strip()
    if not name:
        raise bad_request(_("field 'name' must not be blank"))
    group = data.get("group") or None
    if group is not None and (not isinstance(group, str) or len(group) > 100):
        raise bad_request(_("field 'group' must be a text of at most 100 characters"))
    current = event.record.event
    if len(current.players) >= MAX_PLAYERS:
        raise conflict(
            _("an event on this server has at most {max_players} players", max_players=MAX_PLAYERS)
        )
    event.record.staff.register_player(name)
    if isinstance(current, DuelEvent):
        player = current.add_player(current.new_player_id(name), name, group=group)
        return {"id": player.id, "number": player.number, "name": player.name}
    if group is not None:
        raise bad_request(_("groups (kept apart in round 1) exist in Duel events only"))
    number = current.add_player(name)
    return {"id": str(number), "number": number, "name": name}


def import_players(event: StoredEvent, data: dict[str, Any]) -> dict[str, Any]:
    """Register a sign-up sheet `{csv}` whole, or nothing (`registration.py`)."""
    try:
        signups = read_signups(field_str(data, "csv", MAX_SHEET))
    except DataFileError as exc:
        raise bad_request(str(exc)) from None
    if len(event.record.event.players) + len(signups) > MAX_PLAYERS:
        raise conflict(
            _("an event on this server has at most {max_players} players", max_players=MAX_PLAYERS)
        )
    return {"registered": register(event.record.event, event.record.staff, signups)}


def drop(event: StoredEvent, data: dict[str, Any]) -> dict[str, Any]:
    """Drop a player `{player}`: their name or number (a Duel's: or id)."""
    return {"dropped": _on_player(event, data, "drop")}


def reinstate(event: StoredEvent, data: dict[str, Any]) -> dict[str, Any]:
    """Bring back a dropped player `{player}` (name, number, a Duel's id): a Duel's until
    the top cut, a Melee's before the next seating."""
    return {"reinstated": _on_player(event, data, "reinstate")}


def _on_player(event: StoredEvent, data: dict[str, Any], method: str) -> str | int:
    """Call the event's `method` (drop, reinstate) on field `player`; the player."""
    player = _player(event, data)  # an id for a Duel, a number for a Melee: what each takes
    getattr(event.record.event, method)(player)
    return player


def _player(event: StoredEvent, data: dict[str, Any]) -> str | int:
    """Field `player`: a registered player's name or number, or a Duel player's id."""
    player = data.get("player")
    current = event.record.event
    if isinstance(player, int) and not isinstance(player, bool):
        player = str(player)  # a player number, as the text of one is taken
    if isinstance(current, DuelEvent):
        if not isinstance(player, str) or not player:
            raise bad_request(_("field 'player' must be a Duel player's id, name or number"))
        return current.find_player(player).id
    if not isinstance(player, str) or not player:
        raise bad_request(_("field 'player' must be a melee player's name or number"))
    return current.find_player(player)


def undo(event: StoredEvent, data: dict[str, Any]) -> dict[str, Any]:
    """Take back the result of `{round, table}` while its round is in play."""
    number, table = field_int(data, "round"), field_int(data, "table")
    take_back(event.record.event, number, table)
    return {"round": number, "table": table}


def preview(event: StoredEvent, data: dict[str, Any]) -> dict[str, Any]:
    """What recording `{round, table, result | power}` would store, stored nowhere: a
    Duel's result (a timed one derived from the powers), a melee table's places."""
    number, table = field_int(data, "round"), field_int(data, "table")
    current = event.record.event
    if isinstance(current, DuelEvent):
        return {"result": _duel_outcome(current, number, data).value}
    seats = _melee_table(current, number, table).seats
    powers = _by_seat(seats, _powers(data))
    places, points = placements(powers), table_points(powers)
    return {
        "places": [
            {"player": seat, "power": powers[seat], "place": places[seat], "points": points[seat]}
            for seat in seats
        ]
    }


def start_cut(event: StoredEvent, data: dict[str, Any]) -> dict[str, Any]:
    """Duel: seed the top cut `{size, games?}` from the Swiss standings (*mata-mata*);
    `games`: its matches' best of, where the rule set reports games."""
    size = field_int(data, "size")
    duel_of(event).start_top_cut(size, _cut_games(data))
    reset_clock(event)
    return {"size": size}


def advance_cut(event: StoredEvent, data: dict[str, Any]) -> dict[str, Any]:
    """Duel: pair the next top-cut round `{games?}` from the winners of the current one."""
    matches = duel_of(event).advance_cut(_cut_games(data))
    reset_clock(event)
    return {"tables": len(matches)}


def _cut_games(data: dict[str, Any]) -> int | None:
    """Optional field `games` (the event checks its value)."""
    return None if data.get("games") is None else field_int(data, "games")


def seat_final(event: StoredEvent, _data: dict[str, Any]) -> dict[str, Any]:
    """Melee: seat the final table (*Mesa Final*)."""
    seats = melee_of(event).seat_final()
    reset_clock(event)
    return {"seats": list(seats)}


def playoff(event: StoredEvent, data: dict[str, Any]) -> dict[str, Any]:
    """Melee: record a playoff (*partida rápida*) `{order: [numbers, best first]}`."""
    order = data.get("order")
    if not isinstance(order, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) for n in order
    ):
        raise bad_request(_("field 'order' must be a list of player numbers, best first"))
    melee_of(event).record_playoff(order)
    return {"order": order}


def clock(event: StoredEvent, data: dict[str, Any]) -> dict[str, Any]:
    """The round clock `{action: start | pause | resume}` (epoch seconds, as the CLI)."""
    action = data.get("action")
    record, now = event.record, time.time()
    if not record.event.rounds:
        raise conflict(_("pair a round before starting its clock"))
    if action == "start":
        if record.round_started_at is not None or event.clock_paused is not None:
            raise conflict(_("this round's clock has already been started"))
        record.round_started_at = now
    elif action == "pause":
        if record.round_started_at is None:
            raise conflict(_("the round clock is not running"))
        event.clock_paused = max(0.0, now - record.round_started_at)
        record.round_started_at = None
    elif action == "resume":
        if event.clock_paused is None:
            raise conflict(_("the round clock is not paused"))
        record.round_started_at = now - event.clock_paused
        event.clock_paused = None
    else:
        raise bad_request(_("field 'action' must be start, pause or resume"))
    return {"clock": action}


def report(event: StoredEvent, data: dict[str, Any]) -> dict[str, Any]:
    """Type in a result `{round, table, result | power}`: only for an open table."""
    return _result(event, data, fix=False)


def fix(event: StoredEvent, data: dict[str, Any]) -> dict[str, Any]:
    """Correct a result already typed in `{round, table, result | power}`."""
    return _result(event, data, fix=True)


def _result(event: StoredEvent, data: dict[str, Any], *, fix: bool) -> dict[str, Any]:
    number, table = field_int(data, "round"), field_int(data, "table")
    current = event.record.event
    if isinstance(current, DuelEvent):
        _duel_result(current, number, table, data, fix)
    else:
        _melee_result(current, number, table, _powers(data), fix)
    return {"round": number, "table": table}


def _powers(data: dict[str, Any]) -> list[int]:
    power = data.get("power")
    if not isinstance(power, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) for p in power
    ):
        raise bad_request(_("field 'power' must be a list of whole numbers, one per seat"))
    if any(p > MAX_POWER for p in power):
        raise unprocessable(_("a player's power is at most {max_power}", max_power=MAX_POWER))
    return power


def _duel_outcome(event: DuelEvent, number: int, data: dict[str, Any]) -> Result | Score:
    """`result` of round `number` (seen from the first player: a `Result`, or a score
    under a rule set that reports scores) or `power: [a, b]` for a timed match."""
    if event.rules.report != "result":
        if data.get("power") is not None:
            raise bad_request(
                _("{rules} has no timed results: report the score", rules=event.rules.name)
            )
        try:
            return event.rules_for(number).parse(str(data.get("result"))[:40])
        except IllegalAction as exc:
            raise bad_request(str(exc)) from None
    if data.get("power") is not None:
        if data.get("result") is not None:
            raise bad_request(_("give either 'result' or 'power' (a timed result), not both"))
        power = _powers(data)
        if len(power) != 2:
            raise bad_request(_("a timed Duel result is 'power': [first player, second player]"))
        return timed_result(power[0], power[1])
    try:
        return Result(str(data.get("result")))
    except ValueError:
        raise bad_request(_("field 'result' must be one of {results}", results=RESULTS)) from None


def _duel_result(
    event: DuelEvent, number: int, table: int, data: dict[str, Any], fix: bool
) -> None:
    outcome = _duel_outcome(event, number, data)
    swiss = len(event.rounds)
    if 1 <= number <= swiss:
        if event.top_cut is not None:
            raise conflict(_("round {number} is finished: the top cut has started", number=number))
        if not fix and number < swiss:
            raise conflict(
                _(
                    "round {number} is finished (round {swiss} is on); use fix instead",
                    number=number,
                    swiss=swiss,
                )
            )
        _check_table(event.rounds[number - 1].matches, number, table, fix)
        report_duel(event, number, table, outcome)
        return
    cut = event.top_cut
    if cut is None or not swiss < number <= swiss + len(cut.rounds):
        raise IllegalAction(
            _("no round {number} in event {name}", number=number, name=repr(event.name))
        )
    if number < swiss + len(cut.rounds):
        raise conflict(
            _("top-cut round {number} is finished: its winners have moved on", number=number)
        )
    _check_table(cut.rounds[-1], number, table, fix)
    report_duel(event, number, table, outcome)


def _check_table(matches: list[Match], number: int, table: int, fix: bool) -> None:
    if not 1 <= table <= len(matches):
        raise IllegalAction(_("no table {table} in round {number}", table=table, number=number))
    match = matches[table - 1]
    if match.is_bye:
        raise conflict(
            _(
                "table {table} of round {number} is a bye: it has no result to type",
                table=table,
                number=number,
            )
        )
    if fix and match.result is None:
        raise conflict(
            _("round {number} table {table} has no result to fix yet", number=number, table=table)
        )
    if not fix and match.result is not None:
        raise conflict(
            _(
                "round {number} table {table} already has a result; use fix to change it",
                number=number,
                table=table,
            )
        )


def _melee_table(event: MeleeEvent, number: int, table: int) -> MeleeTable:
    """Table `table` of round `number`: a preliminary round's, or the final table (the
    round after them, table 1)."""
    if event.final is not None and number == len(event.rounds) + 1:
        if table != 1:
            raise IllegalAction(_("the final table is table 1"))
        return event.final
    if not 1 <= number <= len(event.rounds):
        raise IllegalAction(
            _("no round {number} in event {name}", number=number, name=repr(event.name))
        )
    tables = event.rounds[number - 1]
    if not 1 <= table <= len(tables):
        raise IllegalAction(_("round {number} has no table {table}", number=number, table=table))
    return tables[table - 1]


def _melee_result(event: MeleeEvent, number: int, table: int, power: list[int], fix: bool) -> None:
    seated = _melee_table(event, number, table)
    if not fix and seated.powers is not None:
        where = "the final table" if seated is event.final else f"round {number} table {table}"
        raise conflict(_("{where} already has a result; use fix to change it", where=where))
    powers = _by_seat(seated.seats, power)
    if seated is event.final:
        event.report_final(powers, correct=fix)
    elif fix:
        event.correct(number, table, powers)
    else:
        event.report(number, table, powers)


def _by_seat(seats: tuple[int, ...], power: list[int]) -> dict[int, int]:
    if len(power) != len(seats):
        raise bad_request(
            _("give one power per seat: this table has {count} seats", count=len(seats))
        )
    return dict(zip(seats, power, strict=True))


OPERATIONS: dict[str, Operation] = {
    "add-player": add_player,
    "import-players": import_players,
    "drop": drop,
    "reinstate": reinstate,
    "undo": undo,
    "pair": pair,
    "repair": repair,
    "edit-pairings": edit_pairings,
    "report": report,
    "fix": fix,
    "top-cut": start_cut,
    "advance-cut": advance_cut,
    "final": seat_final,
    "playoff": playoff,
    "clock": clock,
}
