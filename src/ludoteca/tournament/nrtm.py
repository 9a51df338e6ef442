"""NRTM JSON, the file Cobra writes and NetrunnerDB and AlwaysBeRunning read, in and out
of a `cobra` event (issue 22, part 2).

The shape follows Cobra's writer (`app/services/nrtm_json.rb`): `players[]` with `id`,
`name`, `rank`, `matchPoints`, `strengthOfSchedule`, `extendedStrengthOfSchedule`;
`rounds[][]` of tables with `player1`/`player2` (`id`, `combinedScore`, and the corp and
runner scores), `intentionalDraw` and `eliminationGame`; a bye is a table whose other
`id` is null.

Import rebuilds the Swiss rounds (players, every table, every score, the byes) so the
event can be continued or published again; `check` recomputes the standings and lists
where they differ from the file's own points, SoS, eSoS and ranks. Elimination rounds
are not rebuilt: Cobra's cut is double elimination, ludoteca's top cut is single
elimination.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.errors import DataFileError
from ludoteca.core.i18n import _
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.players import Match, Round, Score

SCHEMA = "http://steffens.org/nrtm/nrtm-schema.json"
PRECISION = 1e-9
"""How far a recomputed SoS or eSoS may be from the file's (Cobra writes floats)."""


def export_nrtm(event: DuelEvent) -> dict[str, Any]:
    """The NRTM file of a `cobra` event: its standings and every Swiss round."""
    if event.rules.name != "cobra":
        raise DataFileError(
            _(
                "NRTM files hold Netrunner events: this event runs under {rules}",
                rules=event.rules.name,
            )
        )
    number = {p.id: p.number for p in event.players.values()}
    players = []
    for line in event.standings():
        tiebreaks = dict(line.tiebreaks)
        players.append(
            {
                "id": number[line.player_id],
                "name": event.players[line.player_id].name,
                "rank": line.rank,
                "matchPoints": line.points,
                "strengthOfSchedule": tiebreaks["sos"],
                "extendedStrengthOfSchedule": tiebreaks["esos"],
            }
        )
    rounds = [[_table(m, number) for m in rnd.matches] for rnd in event.rounds]
    return {
        "name": event.name,
        "cutToTop": 0 if event.top_cut is None else len(event.top_cut.seeds),
        "preliminaryRounds": len(event.rounds),
        "players": players,
        "eliminationPlayers": [],
        "rounds": rounds,
        "uploadedFrom": "ludoteca",
        "links": [{"rel": "schemaderivedfrom", "href": SCHEMA}],
    }


def _table(match: Match, number: dict[str, int]) -> dict[str, Any]:
    score = match.result if isinstance(match.result, Score) else None
    first = score.a if score is not None else None
    second = score.b if score is not None else None
    return {
        "table": match.table,
        "player1": {"id": number[match.a], "combinedScore": first},
        "player2": {
            "id": None if match.b is None else number[match.b],
            "combinedScore": second,
        },
        "intentionalDraw": bool(score is not None and score.intentional),
        "eliminationGame": False,
    }


def import_nrtm(data: Any, name: str | None = None) -> DuelEvent:
    """A `cobra` event rebuilt from an NRTM file's players and Swiss rounds
    (`DataFileError` naming the first thing that is not NRTM)."""
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        raise DataFileError(_("not an NRTM file: no 'players' list"))
    event = DuelEvent(name or str(data.get("name") or "imported"), rules="cobra")
    ours: dict[int, str] = {}
    for raw in sorted(data["players"], key=lambda p: _int(p, "id")):
        nrtm_id, player_name = _int(raw, "id"), raw.get("name")
        if not isinstance(player_name, str) or not player_name.strip() or nrtm_id in ours:
            raise DataFileError(_("NRTM player {id}: a name and a unique id", id=nrtm_id))
        player_id = event.new_player_id(player_name)
        event.add_player(player_id, player_name.strip())
        ours[nrtm_id] = player_id
    swiss = [r for r in data.get("rounds") or [] if r and not _elimination(r)]
    for number, tables in enumerate(swiss, start=1):
        event.rounds.append(Round(number, [_match(t, ours, event) for t in tables]))
    for i, rnd in enumerate(event.rounds, start=1):  # a stored event is checked as it loads
        rnd.matches.sort(key=lambda m: m.table)
        if [m.table for m in rnd.matches] != list(range(1, len(rnd.matches) + 1)):
            raise DataFileError(_("NRTM round {number}: tables 1, 2, ... in order", number=i))
    return DuelEvent.from_dict(event.to_dict())


def _elimination(tables: Any) -> bool:
    return isinstance(tables, list) and any(
        isinstance(t, dict) and t.get("eliminationGame") for t in tables
    )


def _match(table: Any, ours: dict[int, str], event: DuelEvent) -> Match:
    if not isinstance(table, dict):
        raise DataFileError(_("not an NRTM file: a table is not an object"))
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
        return Match(_int(table, "table"), a, None, event.rules.bye)
    if points[0] is None and points[1] is None:
        return Match(_int(table, "table"), a, b)
    score = Score(int(points[0] or 0), int(points[1] or 0), 0, bool(table.get("intentionalDraw")))
    return Match(_int(table, "table"), a, b, score)


def _int(raw: Any, key: str) -> int:
    value = raw.get(key) if isinstance(raw, dict) else None
    if not isinstance(value, int) or isinstance(value, bool):
        raise DataFileError(_("not an NRTM file: {key} must be a whole number", key=key))
    return value


def check(event: DuelEvent, data: dict[str, Any]) -> list[str]:
    """Where the recomputed standings differ from the file's: points, SoS and eSoS of
    every player, and ranks except among players tied on all three."""
    mine = {event.players[s.player_id].name: s for s in event.standings()}
    theirs = {str(p.get("name")).strip(): p for p in data.get("players", [])}
    out: list[str] = []
    keys = {}
    for name, row in theirs.items():
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
    for name, row in theirs.items():
        if name not in keys:
            continue
        tied = sum(1 for other in keys.values() if other == keys[name]) > 1
        if not tied and mine[name].rank != row.get("rank"):
            out.append(f"{name}: rank {mine[name].rank}, the file {row.get('rank')}")
    return out
