"""What the event pages receive: public facts for everyone, a little more for the organizer.

Rounds of every kind (Swiss pairings, top-cut matches, melee seatings, the final
table) are given in one shape, a "sheet": numbered tables with their players in
seat order and the result once typed in. Standings come from the library
through the same rows the CLI prints.
"""

from __future__ import annotations

import time
from typing import Any

from ludoteca.core import LudotecaError
from ludoteca.core.i18n import _
from ludoteca.tournament import double_elim
from ludoteca.tournament.clock import RoundClock
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.melee import MeleeEvent, MeleeTable
from ludoteca.tournament.players import Match
from ludoteca.tournament.rows import standings_rows
from ludoteca.web.events.store import StoredEvent


def public_view(event: StoredEvent, bots: dict[str, Any] | None = None) -> dict[str, Any]:
    """Everything anyone may see about an event: no key, no organizer-only data."""
    current = event.record.event
    return {
        "type": "event",
        "id": event.id,
        "name": event.name,
        "kind": event.kind,
        "tier": event.record.staff.tier.value,
        "rules": rules(current),
        "revision": event.revision,
        "players": players(current),
        "standings": standings(current),
        "rounds": sheets(current),
        "top_cut": top_cut(current),
        "champion": champion(current),
        "final_ranking": final_ranking(current),
        "clock": clock_view(event),
        "bots": bots,
    }


def organizer_view(
    event: StoredEvent, journal: list[dict[str, Any]], bots: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The public view plus the pairing warnings' groups and the journal of changes."""
    view = public_view(event, bots)
    current = event.record.event
    if isinstance(current, DuelEvent):
        for player in view["players"]:
            player["group"] = current.players[player["id"]].group
    view["organizer"] = True
    view["journal"] = journal
    return view


def players(current: DuelEvent | MeleeEvent) -> list[dict[str, Any]]:
    """Registered players in number order."""
    if isinstance(current, DuelEvent):
        return [
            {"id": p.id, "number": p.number, "name": p.name, "dropped": p.dropped}
            for p in sorted(current.players.values(), key=lambda p: p.number)
        ]
    return [
        {"id": str(p.number), "number": p.number, "name": p.name, "dropped": p.dropped}
        for p in current.players
    ]


def standings(current: DuelEvent | MeleeEvent) -> list[dict[str, Any]]:
    """Standings with tiebreaks (the library's order), plus unresolved melee ties."""
    rows = [dict(row) for row in standings_rows(current)]
    if isinstance(current, MeleeEvent):
        for row, line in zip(rows, current.standings(), strict=True):
            row["tied_with"] = [current.player(n).name for n in line.unresolved if n != line.player]
    return rows


def sheets(current: DuelEvent | MeleeEvent) -> list[dict[str, Any]]:
    """Every round in order, numbered as the CLI does (the cut or final after Swiss)."""
    out: list[dict[str, Any]] = []
    if isinstance(current, DuelEvent):
        for rnd in current.rounds:
            tables = [_duel_table(current, m) for m in rnd.matches]
            out.append(
                _sheet(
                    rnd.number,
                    _("Round {number}", number=rnd.number),
                    "swiss",
                    tables,
                    rnd.warnings,
                )
            )
        if current.top_cut is not None:
            for k, matches in enumerate(current.top_cut.rounds, start=1):
                label = current.top_cut.label(k)
                tables = [_duel_table(current, m) for m in matches]
                out.append(_sheet(len(current.rounds) + k, label, "cut", tables, []))
    else:
        for number, seated in enumerate(current.rounds, start=1):
            tables = [_melee_table(current, i, t) for i, t in enumerate(seated, start=1)]
            out.append(_sheet(number, _("Round {number}", number=number), "melee", tables, []))
        if current.final is not None:
            table = _melee_table(current, 1, current.final)
            out.append(_sheet(len(current.rounds) + 1, _("Final table"), "final", [table], []))
    if isinstance(current, DuelEvent):
        for sheet in out:  # how the result entry asks for a result
            games = current.cut_games if sheet["kind"] == "cut" else current.rules.games
            sheet["report"], sheet["games"] = current.rules.report, games
    if out:
        out[-1]["current"] = True
    return out


def rules(current: DuelEvent | MeleeEvent) -> dict[str, Any] | None:
    """A Duel's rule set (`rulesets.py`): its name, title, what a table reports, the
    games of a match (Swiss, and the top cut's now), and its top cut's form and sizes;
    None for a Melee."""
    if not isinstance(current, DuelEvent):
        return None
    found = current.rules
    return {
        "name": found.name,
        "title": _(found.title),
        "report": found.report,
        "games": found.games,
        "cut_games": current.cut_games,
        "cut": found.cut,
        "cut_sizes": double_elim.sizes() if found.cut == "double" else [2, 4, 8, 16],
    }


def _sheet(
    number: int, label: str, kind: str, tables: list[dict[str, Any]], warnings: list[str]
) -> dict[str, Any]:
    done = all(t["bye"] or t["done"] for t in tables)
    return {
        "number": number,
        "label": label,
        "kind": kind,
        "tables": tables,
        "warnings": list(warnings),
        "complete": done,
        "current": False,
    }


def _duel_player(current: DuelEvent, player_id: str) -> dict[str, Any]:
    player = current.players[player_id]
    return {"id": player.id, "number": player.number, "name": player.name}


def _duel_table(current: DuelEvent, match: Match) -> dict[str, Any]:
    seats = [_duel_player(current, match.a)]
    if match.b is not None:
        seats.append(_duel_player(current, match.b))
    return {
        "table": match.table,
        "seats": seats,
        "bye": match.is_bye,
        "result": None if match.result is None else match.result.value,
        "power": None,
        "done": match.result is not None,
    }


def _melee_table(current: MeleeEvent, number: int, table: MeleeTable) -> dict[str, Any]:
    return {
        "table": number,
        "seats": [{"id": str(n), "number": n, "name": current.player(n).name} for n in table.seats],
        "bye": False,
        "result": None,
        "power": None if table.powers is None else list(table.powers),
        "done": table.powers is not None,
    }


def top_cut(current: DuelEvent | MeleeEvent) -> dict[str, Any] | None:
    """The Duel bracket's size, seeds and state (None before it starts / for melee)."""
    if not isinstance(current, DuelEvent) or current.top_cut is None:
        return None
    cut = current.top_cut
    return {
        "size": len(cut.seeds),
        "seeds": [current.players[p].name for p in cut.seeds],
        "rounds": len(cut.rounds),
        "finished": cut.finished,
    }


def final_ranking(current: DuelEvent | MeleeEvent) -> list[str] | None:
    """Final places by name once the event is decided (cut final or final table played)."""
    try:
        if isinstance(current, DuelEvent):
            if current.top_cut is None or not current.top_cut.finished:
                return None
            return [current.players[p].name for p in current.final_ranking()]
        if current.final is None or current.final.powers is None:
            return None
        return [current.player(n).name for n in current.final_ranking()]
    except LudotecaError:
        return None


def champion(current: DuelEvent | MeleeEvent) -> str | None:
    """The event's champion's name, once decided."""
    ranking = final_ranking(current)
    return ranking[0] if ranking else None


def clock_view(event: StoredEvent, now: float | None = None) -> dict[str, Any]:
    """The round clock: stopped, running or paused, and the seconds left."""
    current = event.record.event
    minutes = current.round_minutes if isinstance(current, DuelEvent) else current.minutes
    moment = time.time() if now is None else now
    started = event.record.round_started_at
    if event.clock_paused is not None:
        state, remaining = "paused", max(0.0, minutes * 60 - event.clock_paused)
    else:
        running = RoundClock(minutes, now=lambda: moment, started_at=started)
        state = "stopped" if started is None else "running"
        remaining = running.remaining()
    return {
        "minutes": minutes,
        "state": state,
        "remaining": round(remaining, 1),
        "expired": remaining == 0.0,
    }
