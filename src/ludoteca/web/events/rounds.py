"""An organizer's round operations (`ops.py` holds the rest): pair the next round,
pair the open one again, and edit its pairings by hand."""

from __future__ import annotations

from typing import Any

from ludoteca.core.i18n import _
from ludoteca.tournament.duel import DuelEvent
from ludoteca.web.events.store import StoredEvent
from ludoteca.web.shared.errors import bad_request, conflict

MAX_TABLES = 256
"""At most this many tables in an edited pairing (`event_ops.MAX_PLAYERS` over two)."""


def duel_of(event: StoredEvent) -> DuelEvent:
    """The event as a Duel (409 for a melee event)."""
    if not isinstance(event.record.event, DuelEvent):
        raise conflict(
            _("event {event_id} is a melee event: this is for Duel events only", event_id=event.id)
        )
    return event.record.event


def reset_clock(event: StoredEvent) -> None:
    """A new round (Swiss, cut or final) starts with its clock stopped and full."""
    event.record.round_started_at = None
    event.clock_paused = None


def pair(event: StoredEvent, _data: dict[str, Any]) -> dict[str, Any]:
    """Pair (Duel, *sistema Suíço*) or seat (Melee) the next round."""
    event.record.staff.start()
    current = event.record.event
    if isinstance(current, DuelEvent):
        current.pair_next_round()
    else:
        current.seat_next_round()
    reset_clock(event)
    return {"round": len(current.rounds)}


def repair(event: StoredEvent, _data: dict[str, Any]) -> dict[str, Any]:
    """Pair the open round again before any result (drops out, late entries in)."""
    current = event.record.event
    if isinstance(current, DuelEvent):
        current.redo_pairing()
    else:
        current.cancel_last_round()
        current.seat_next_round()
    reset_clock(event)
    return {"round": len(current.rounds)}


def edit_pairings(event: StoredEvent, data: dict[str, Any]) -> dict[str, Any]:
    """Duel: edit the open round's pairings `{pairs: [[player, player|null], ...]}` (id,
    name or number; null for the bye): they replace their players' tables, the others
    stay; rematches and second byes are warned of, not refused."""
    pairs = data.get("pairs")
    if not isinstance(pairs, list) or not 0 < len(pairs) <= MAX_TABLES:
        raise bad_request(
            _("field 'pairs' must be a list of 1 to {limit} tables", limit=MAX_TABLES)
        )
    parsed: list[tuple[str, str | None]] = []
    for pair in pairs:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not isinstance(pair[0], str)
            or not (pair[1] is None or isinstance(pair[1], str))
            or any(isinstance(p, str) and not 0 < len(p) <= 100 for p in pair)
        ):
            raise bad_request(
                _("each table in 'pairs' must be [player, player or null for the bye]")
            )
        parsed.append((pair[0], pair[1]))
    warnings = duel_of(event).set_pairings(parsed)
    reset_clock(event)
    return {"warnings": warnings}
