"""The organizer's actions on an event, each a typed route: its URL, the operation of
`event_ops.OPERATIONS` it runs, and the JSON body it reads (for the OpenAPI schema and
its clients). The handlers still read and check bodies themselves, with one message
naming what is wrong; the schema says what they take.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.tournament.duel_io import CUT_GAMES
from ludoteca.web.events.rounds import MAX_TABLES
from ludoteca.web.shared.openapi import json_body

_INT = {"type": "integer"}
_PLAYER = {
    "oneOf": [
        {"type": "string", "minLength": 1, "maxLength": 100},
        {"type": "integer", "minimum": 1},
    ],
    "description": "A player's name (any case, when unique) or number, or a Duel id.",
}
_AT = {"round": {**_INT, "minimum": 1}, "table": {**_INT, "minimum": 1}}
_RESULT = {
    **_AT,
    "result": {
        "type": "string",
        "maxLength": 40,
        "description": "For the first seat: win, timed_win, draw, timed_loss, loss (agot);"
        " a score, 2-1 or 2-0-1 (mtg: games), 6-0 or 1-1 id (cobra: points).",
    },
    "power": {
        "type": "array",
        "items": {**_INT, "minimum": 0, "maximum": 999},
        "maxItems": 6,
        "description": "A timed Duel result (both players' power) or a Melee table's"
        " final power, in seat order.",
    },
}
PREVIEW_BODY = json_body(_RESULT, ("round", "table"))
"""What `POST /api/events/{id}/preview` reads: a result as `results` takes it."""
_GAMES = {"enum": list(CUT_GAMES), "description": "Cut matches best of (mtg)."}


@dataclass(frozen=True)
class Action:
    """One organizer action: what it does (the route's summary), its operation, body."""

    summary: str
    operation: str
    body: dict[str, Any]


def _body(properties: dict[str, Any], *required: str) -> dict[str, Any]:
    return json_body(properties, required)


ACTIONS: dict[str, Action] = {
    "players": Action(
        "Register a player (after round 1: a late entry)",
        "add-player",
        _body(
            {
                "name": {"type": "string", "minLength": 1, "maxLength": 100},
                "group": {"type": ["string", "null"], "maxLength": 100},
            },
            "name",
        ),
    ),
    "signups": Action(
        "Register a sign-up sheet (CSV with a name column): everyone or nobody",
        "import-players",
        _body({"csv": {"type": "string", "minLength": 1}}, "csv"),
    ),
    "drop": Action(
        "Drop a player from the next round on", "drop", _body({"player": _PLAYER}, "player")
    ),
    "reinstate": Action(
        "Bring back a dropped player", "reinstate", _body({"player": _PLAYER}, "player")
    ),
    "rounds": Action("Pair (Duel) or seat (Melee) the next round", "pair", _body({})),
    "repair": Action("Pair or seat the open round again, before any result", "repair", _body({})),
    "pairings": Action(
        "Duel: edit the open round's pairings by hand",
        "edit-pairings",
        _body(
            {
                "pairs": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": MAX_TABLES,
                    "items": {
                        "type": "array",
                        "minItems": 2,
                        "maxItems": 2,
                        "items": {"type": ["string", "null"], "maxLength": 100},
                    },
                    "description": "Tables as [player, player or null for the bye].",
                }
            },
            "pairs",
        ),
    ),
    "results": Action("Type in a table's result", "report", _body(_RESULT, "round", "table")),
    "fix": Action("Correct a result already typed in", "fix", _body(_RESULT, "round", "table")),
    "undo": Action("Take back a result of the round in play", "undo", _body(_AT, "round", "table")),
    "cut": Action(
        "Duel: start the top cut",
        "top-cut",
        _body({"size": {**_INT, "minimum": 2}, "games": _GAMES}, "size"),
    ),
    "cut-advance": Action(
        "Duel: pair the next top-cut round", "advance-cut", _body({"games": _GAMES})
    ),
    "final": Action("Melee: seat the final table", "final", _body({})),
    "playoff": Action(
        "Melee: record a playoff (partida rápida), best first",
        "playoff",
        _body({"order": {"type": "array", "items": _INT, "minItems": 2, "maxItems": 64}}, "order"),
    ),
    "clock": Action(
        "Start, pause or resume the round clock",
        "clock",
        _body({"action": {"enum": ["start", "pause", "resume"]}}, "action"),
    ),
}
"""URL action -> what it runs and reads."""

CHANGED: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "Done and stored: the operation's outcome and the event as the "
        "organizer sees it.",
        "content": {
            "application/json": {
                "schema": {
                    "type": "object",
                    "required": ["type", "done", "event"],
                    "properties": {
                        "type": {"const": "changed"},
                        "done": {"type": "object"},
                        "event": {"type": "object"},
                    },
                }
            }
        },
    }
}
"""The answer of every action."""
