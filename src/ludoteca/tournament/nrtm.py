"""NRTM JSON, the file Cobra writes and NetrunnerDB and AlwaysBeRunning read, in and out
of a `cobra` event (issue 22, part 2).

The shape follows Cobra's writer (`app/services/nrtm_json.rb`): `players[]` with `id`,
`name`, `rank`, `matchPoints`, `strengthOfSchedule`, `extendedStrengthOfSchedule`;
`rounds[][]` of tables with `player1`/`player2` (`id`, `combinedScore`, and the corp and
runner scores), `intentionalDraw` and `eliminationGame`; a bye is a table whose other
`id` is null.

Import rebuilds the event (players, every Swiss table and score, the byes, late entries
and drops, and the double-elimination cut, `nrtm_cut.py`) so it can be continued or
published again; `check` recomputes the standings and lists where they differ from the
file's own points, SoS, eSoS, ranks and cut places.
"""

from __future__ import annotations

import datetime
import functools
from typing import Any

from ludoteca.core.errors import DataFileError
from ludoteca.core.i18n import _
from ludoteca.tournament.double_elim import DoubleCut
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.nrtm_cut import check_cut, read_cut, whole, write_cut
from ludoteca.tournament.nrtm_kept import (
    PRECISION,
    keep_header,
    keep_player,
    keep_table,
    player_ids,
    seats,
    swiss_key,
    tiebreak,
)
from ludoteca.tournament.nrtm_kept import of as kept_of
from ludoteca.tournament.players import Match, Round, Score

SCHEMA = "http://steffens.org/nrtm/nrtm-schema.json"


def export_nrtm(event: DuelEvent, day: str | None = None) -> dict[str, Any]:
    """The NRTM file of a `cobra` event: its standings, every Swiss round and the cut, with
    the keys Cobra writes (`spec/fixtures/files/nrtm_json_cut.json`). `day` is the
    event's date (default: an imported file's, else today). A player's corp and runner
    identities are kept as his faction and agenda (Netrunner's two decks); what an
    imported file said beyond the event is written back (`nrtm_kept.py`)."""
    if event.rules.name != "cobra":
        raise DataFileError(
            _(
                "NRTM files hold Netrunner events: this event runs under {rules}",
                rules=event.rules.name,
            )
        )
    kept = kept_of(event.imported)
    number = player_ids(kept, {p.id: p.number for p in event.players.values()})
    players = []
    for line in event.standings():
        tiebreaks = dict(line.tiebreaks)
        players.append(
            {
                "id": number[line.player_id],
                "name": event.players[line.player_id].name,
                "rank": line.rank,
                "matchPoints": line.points,
                "strengthOfSchedule": tiebreak(kept, line.player_id, 0, tiebreaks["sos"]),
                "extendedStrengthOfSchedule": tiebreak(kept, line.player_id, 1, tiebreaks["esos"]),
                "corpIdentity": event.players[line.player_id].faction,
                "runnerIdentity": event.players[line.player_id].agenda,
            }
        )
    rounds = [
        [_table(m, number, kept, swiss_key(rnd.number, m.table)) for m in rnd.matches]
        for rnd in event.rounds
    ]
    cut: dict[str, Any] = {"eliminationPlayers": [], "rounds": []}
    if isinstance(event.top_cut, DoubleCut):
        names = {p.id: p.name for p in event.players.values()}
        cut = write_cut(event.top_cut, number, names, kept)
    return {
        "name": event.name,
        "date": day or kept.get("date") or datetime.date.today().isoformat(),
        "tournamentOrganiser": kept.get(
            "tournamentOrganiser", {"nrdbId": None, "nrdbUsername": None}
        ),
        "cutToTop": 0 if event.top_cut is None else len(event.top_cut.seeds),
        "preliminaryRounds": len(event.rounds),
        "players": players,
        "eliminationPlayers": cut["eliminationPlayers"],
        "rounds": rounds + cut["rounds"],
        "uploadedFrom": "ludoteca",
        "links": kept.get("links", [{"rel": "schemaderivedfrom", "href": SCHEMA}]),
    }


def _table(match: Match, number: dict[str, int], kept: dict[str, Any], key: str) -> dict[str, Any]:
    score = match.result if isinstance(match.result, Score) else None
    first = score.a if score is not None else None
    second = score.b if score is not None else None
    computed = [
        _seat(number[match.a], first),
        _seat(None if match.b is None else number[match.b], second),
    ]
    player1, player2 = seats(kept, key, computed)
    return {
        "table": match.table,
        "player1": player1,
        "player2": player2,
        "intentionalDraw": bool(score is not None and score.intentional),
        "twoForOne": False,
        "eliminationGame": False,
    }


def _seat(player: int | None, points: int | None) -> dict[str, Any]:
    """A Swiss seat as Cobra writes it; the points of each side are not kept apart."""
    return {"id": player, "runnerScore": None, "corpScore": None, "combinedScore": points}


def import_nrtm(data: Any, name: str | None = None) -> DuelEvent:
    """A `cobra` event rebuilt from an NRTM file's players, Swiss rounds and cut
    (`DataFileError` naming the first thing that is not NRTM)."""
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        raise DataFileError(_("not an NRTM file: no 'players' list"))
    event = DuelEvent(name or str(data.get("name") or "imported"), rules="cobra")
    event.imported = kept = keep_header(data)
    ours: dict[int, str] = {}
    for raw in sorted(data["players"], key=lambda p: _int(p, "id")):
        nrtm_id, player_name = _int(raw, "id"), raw.get("name")
        if not isinstance(player_name, str) or not player_name.strip() or nrtm_id in ours:
            raise DataFileError(_("NRTM player {id}: a name and a unique id", id=nrtm_id))
        player_id = event.new_player_id(player_name)
        player = event.add_player(player_id, player_name.strip())
        player.faction = _identity(raw.get("corpIdentity"))
        player.agenda = _identity(raw.get("runnerIdentity"))
        ours[nrtm_id] = player_id
        keep_player(kept, player_id, raw)
    swiss = [r for r in data.get("rounds") or [] if r and not _elimination(r)]
    for number, tables in enumerate(swiss, start=1):
        numbers = _table_numbers(tables)
        event.rounds.append(
            Round(number, [_match(t, n, ours, event) for t, n in zip(tables, numbers, strict=True)])
        )
        for table, table_number in zip(tables, numbers, strict=True):
            written = [table.get("player1"), table.get("player2")]
            bye_first = not isinstance(written[0], dict) or written[0].get("id") is None
            keep_table(kept, swiss_key(number, table_number), written, bye_first)
    for i, rnd in enumerate(event.rounds, start=1):  # a stored event is checked as it loads
        rnd.matches.sort(key=lambda m: m.table)
        if [m.table for m in rnd.matches] != list(range(1, len(rnd.matches) + 1)):
            raise DataFileError(_("NRTM round {number}: tables 1, 2, ... in order", number=i))
    _entries_and_drops(event)
    cut = [r for r in data.get("rounds") or [] if r and _elimination(r)]
    if cut:
        event.top_cut = read_cut(data, cut, ours, kept)
    return DuelEvent.from_dict(event.to_dict())


def _entries_and_drops(event: DuelEvent) -> None:
    """A player first seen after round 1 entered late; one missing from the last round
    dropped after the last round he played, or before round 1 if he played none (Cobra
    writes neither, only the tables)."""
    played: dict[str, list[int]] = {p: [] for p in event.players}
    for rnd in event.rounds:
        for match in rnd.matches:
            for seat in (match.a, match.b):
                if seat is not None:
                    played[seat].append(rnd.number)
    for player_id, numbers in played.items():
        if numbers:
            event.players[player_id].entered_round = numbers[0]
            if numbers[-1] < len(event.rounds):
                event.players[player_id].dropped_after = numbers[-1]
        elif event.rounds:
            event.players[player_id].dropped_after = 0


def _elimination(tables: Any) -> bool:
    return isinstance(tables, list) and any(
        isinstance(t, dict) and t.get("eliminationGame") for t in tables
    )


def _table_numbers(tables: list[Any]) -> list[int]:
    """Each table's number; a table Cobra wrote without one (`"table": null`, a pairing
    edited by hand) takes the lowest number no other table of the round has."""
    if not all(isinstance(t, dict) for t in tables):
        raise DataFileError(_("not an NRTM file: a table is not an object"))
    given = [_int(t, "table") if t.get("table") is not None else None for t in tables]
    free = iter(sorted(set(range(1, len(tables) + 1)) - set(given)))
    return [next(free, 0) if number is None else number for number in given]


def _match(table: dict[str, Any], number: int, ours: dict[int, str], event: DuelEvent) -> Match:
    seats = [table.get("player1") or {}, table.get("player2") or {}]
    ids = [seat.get("id") if isinstance(seat, dict) else None for seat in seats]
    if ids[0] is None:  # the bye may be written in either seat
        seats, ids = seats[::-1], ids[::-1]
    if ids[0] not in ours or (ids[1] is not None and ids[1] not in ours):
        raise DataFileError(
            _("NRTM table {table}: an unknown player", table=str(table.get("table")))
        )
    a, b = ours[ids[0]], None if ids[1] is None else ours[ids[1]]
    points = [seat.get("combinedScore") for seat in seats]
    if b is None:
        if points[0] not in (None, event.rules.bye.a if isinstance(event.rules.bye, Score) else 0):
            raise DataFileError(
                _(
                    "NRTM table {table}: a bye of {points} points",
                    table=str(table.get("table")),
                    points=points[0],
                )
            )
        return Match(number, a, None, event.rules.bye)
    if points[0] is None and points[1] is None:
        return Match(number, a, b)
    score = Score(int(points[0] or 0), int(points[1] or 0), 0, bool(table.get("intentionalDraw")))
    return Match(number, a, b, score)


def _identity(value: Any) -> str | None:
    """An identity's name as the file gives it (None if absent or not text)."""
    return value.strip()[:100] if isinstance(value, str) and value.strip() else None


def _int(raw: Any, key: str) -> int:
    return whole(raw.get(key) if isinstance(raw, dict) else None, key)


def check(event: DuelEvent, data: dict[str, Any]) -> list[str]:
    """Where the recomputed standings differ from the file's: points, SoS and eSoS of
    every player, and ranks except among players tied on all three.

    Ranks are compared with the order the file's own numbers give when values closer than
    `PRECISION` count as equal: Cobra sorts on floats, so two players whose SoS is the same
    fraction can be put in either order by a rounding error (`float_noise`)."""
    mine = {event.players[s.player_id].name: s for s in event.standings()}
    out: list[str] = []
    keys = {}
    for row in data.get("players", []):
        name = str(row.get("name")).strip()
        line = mine.get(name)
        if line is None:
            out.append(f"{name}: not in the rebuilt event")
            continue
        sos, esos = dict(line.tiebreaks)["sos"], dict(line.tiebreaks)["esos"]
        if line.points != row.get("matchPoints"):
            out.append(f"{name}: points {line.points}, the file {row.get('matchPoints')}")
        for label, value, key in (
            ("SoS", sos, "strengthOfSchedule"),
            ("eSoS", esos, "extendedStrengthOfSchedule"),
        ):
            if abs(value - float(row.get(key) or 0)) > PRECISION:
                out.append(f"{name}: {label} {value}, the file {row.get(key)}")
        keys[name] = (line.points, round(sos, 6), round(esos, 6))
    for name, rank in _fair_ranks(data).items():
        if name not in keys:
            continue
        tied = sum(1 for other in keys.values() if other == keys[name]) > 1
        if not tied and mine[name].rank != rank:
            out.append(f"{name}: rank {mine[name].rank}, the file {rank}")
    cut = event.top_cut if isinstance(event.top_cut, DoubleCut) else None
    return out + check_cut(cut, {p.id: p.name for p in event.players.values()}, data)


def float_noise(data: dict[str, Any]) -> list[str]:
    """The players the file ranks otherwise than its own numbers do once differences
    under `PRECISION` count as ties (a float rounding decided their order), best first."""
    fair = _fair_ranks(data)
    rows = sorted(data.get("players", []), key=lambda row: int(row.get("rank") or 0))
    return [
        name
        for row in rows
        if fair.get(name := str(row.get("name")).strip()) not in (None, row.get("rank"))
    ]


def _fair_ranks(data: dict[str, Any]) -> dict[str, int]:
    """Each player's place by the file's points, SoS and eSoS, with values closer than
    `PRECISION` equal and full ties left in the file's order."""

    def key(row: dict[str, Any]) -> tuple[float, float, float]:
        return (
            float(row.get("matchPoints") or 0),
            float(row.get("strengthOfSchedule") or 0),
            float(row.get("extendedStrengthOfSchedule") or 0),
        )

    def compare(first: dict[str, Any], second: dict[str, Any]) -> int:
        for a, b in zip(key(first), key(second), strict=True):
            if abs(a - b) > PRECISION:
                return -1 if a > b else 1
        return int(first.get("rank") or 0) - int(second.get("rank") or 0)

    rows = [row for row in data.get("players", []) if isinstance(row, dict)]
    ordered = sorted(rows, key=functools.cmp_to_key(compare))
    return {str(row.get("name")).strip(): place for place, row in enumerate(ordered, start=1)}
