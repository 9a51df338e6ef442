"""What the API's OpenAPI schema says of bodies and errors (the handlers read bodies
themselves, size-limited, so FastAPI cannot infer them).

Every route may answer the app's error body; each POST declares the JSON object it
reads. The schema is what clients and the schemathesis fuzzing in the tests rely on.
"""

from __future__ import annotations

from typing import Any

from ludoteca import games
from ludoteca.core import i18n
from ludoteca.web.shared.records import SEAT_KINDS
from ludoteca.web.shared.requests import MAX_DEPTH, SEED_RANGE

ERROR_BODY: dict[str, Any] = {
    "type": "object",
    "required": ["type", "status", "error"],
    "properties": {
        "type": {"const": "error"},
        "status": {"type": "integer"},
        "error": {"type": "string"},
    },
}
_REASONS = {
    400: f"malformed: not JSON, nested over {MAX_DEPTH} levels, or a field of the wrong type",
    401: "a seat token is needed to act, or a signed-in account; or a wrong name or password",
    403: "the token or organizer key is not this table's or event's; or, for an account, a"
    " request from another site or without the session's CSRF token",
    404: "no such table, event or frame",
    409: "stale, out of turn, over, or not possible in the event's state",
    413: "the body is over its size limit",
    415: "an account's request whose body is not sent as JSON",
    422: "well-formed but refused by the rules, the options or a limit",
    429: "too many chat lines, renames or refused sign-ins in a short time, or studies"
    " running: wait a moment",
    503: "the computer players or the database are busy: nothing changed, try again",
}
ERRORS: dict[int | str, dict[str, Any]] = {
    status: {
        "description": reason,
        "content": {"application/json": {"schema": ERROR_BODY}},
    }
    for status, reason in _REASONS.items()
}
"""The error answers of every API route (one message; nothing changed)."""

SEED = {"type": "integer", "minimum": SEED_RANGE[0], "maximum": SEED_RANGE[1]}
GAME = {"enum": games.playable()}
_OBJECT: dict[str, Any] = {"type": "object", "additionalProperties": True}


def json_body(properties: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    """`openapi_extra` declaring a JSON object body with `properties`."""
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": schema}},
        }
    }


PERSON = {"type": "string", "minLength": 1, "maxLength": 32}
"""A name people give themselves (trimmed, printable: `requests.person_name`)."""
OPTIONS_BODY = {
    "requestBody": {"required": True, "content": {"application/json": {"schema": _OBJECT}}}
}
TABLE_BODY = json_body(
    {
        "game": GAME,
        "options": _OBJECT,
        "seed": SEED,
        "hotseat": {"type": "boolean"},
        "listed": {"type": "boolean"},
        "clock": {
            "type": "object",
            "required": ["minutes"],
            "additionalProperties": False,
            "properties": {
                "minutes": {"type": "integer", "minimum": 1, "maximum": 180},
                "increment": {"type": "integer", "minimum": 0, "maximum": 600},
            },
        },
        "seats": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["kind"],
                "properties": {
                    "kind": {"enum": list(SEAT_KINDS)},
                    "agent": {"type": "string"},
                    "name": PERSON,
                },
            },
        },
    },
    ("game", "seats"),
)
_TABLE = TABLE_BODY["requestBody"]["content"]["application/json"]["schema"]["properties"]
RATED_TABLE_BODY = json_body(
    {key: _TABLE[key] for key in ("game", "options", "listed", "clock", "seats")},
    ("game", "seats"),
)
QUEUE_BODY = json_body(
    {
        "game": GAME,
        "clock": {"anyOf": [_TABLE["clock"], {"type": "null"}]},
        "wait": {"anyOf": [{"enum": [30, 60, 120, 300]}, {"type": "null"}]},
    },
    ("game",),
)
HOSTING_BODY = json_body(
    {
        "game": {"anyOf": [GAME, {"type": "null"}]},
        "options": _OBJECT,
        "registering": {"type": "boolean"},
        "cap": {"anyOf": [{"type": "integer", "minimum": 2, "maximum": 512}, {"type": "null"}]},
        "deadline": {"anyOf": [{"type": "string", "format": "date-time"}, {"type": "null"}]},
        "checking_in": {"type": "boolean"},
        "decks": {"type": "boolean"},
        "decks_public": {"type": "boolean"},
        "restricted": {
            "type": "array",
            "maxItems": 100,
            "items": {"type": "string", "minLength": 1, "maxLength": 100},
        },
    }
)
REPORT_BODY = json_body({"result": {"enum": ["win", "draw", "loss"]}}, ("result",))
WEBHOOK_BODY = json_body({"url": {"type": "string", "maxLength": 2000}}, ("url",))
DECK_BODY = json_body({"text": {"type": "string", "maxLength": 20000}}, ("text",))
SEAT_BODY = json_body({"seat": {"type": "integer"}}, ("seat",))
JOIN_BODY = json_body({"seat": {"type": "integer"}, "name": PERSON}, ("seat",))
NAME_BODY = json_body({"name": PERSON}, ("name",))
PASSWORD = {"type": "string", "minLength": 8, "maxLength": 256}
SIGN_UP_BODY = json_body({"name": PERSON, "password": PASSWORD}, ("name", "password"))
SIGN_IN_BODY = json_body({"name": {"type": "string"}, "password": PASSWORD}, ("name", "password"))
LINK_BODY = json_body({"token": {"type": "string", "maxLength": 64}}, ("token",))
GUEST_BODY = json_body({"name": PERSON}, ("name",))
ACCOUNT_BODY = json_body(
    {
        "name": PERSON,
        "language": {"enum": [*i18n.locales(), None]},
        "theme": {"enum": ["light", "dark", None]},
        "private": {"type": "boolean"},
    }
)
PASSWORD_BODY = json_body(
    {"password": PASSWORD, "challenge_id": {"type": "string"}, "credential": _OBJECT}
)
_SEAT_CLAIM = {
    "type": "object",
    "properties": {
        "table": {"type": "string"},
        "seat": {"type": "integer"},
        "token": {"type": "string"},
    },
    "required": ["table", "seat", "token"],
}
SEATS_BODY = json_body(
    {"seats": {"type": "array", "maxItems": 64, "items": _SEAT_CLAIM}}, ("seats",)
)
PASSKEY_BODY = json_body(
    {"challenge_id": {"type": "string"}, "credential": _OBJECT}, ("challenge_id", "credential")
)
REMATCH_BODY = json_body(
    {"tokens": {"type": "array", "minItems": 1, "items": {"type": "string", "maxLength": 200}}},
    ("tokens",),
)
ACTION_BODY = json_body(
    {
        "index": {"type": "integer", "minimum": 0},
        "action": {"type": "string", "minLength": 1, "maxLength": 200},
        "seat": {"type": "integer"},
    },
    ("index", "action"),
)
EVENT_BODY = json_body(
    {
        "kind": {"enum": ["duel", "melee"]},
        "name": {"type": "string", "minLength": 1, "maxLength": 200},
        "tier": {"type": "string"},
        "seed": SEED,
        "round_minutes": {"type": "integer"},
    },
    ("name",),
)
BOT_EVENT_BODY = json_body(
    {
        "game": GAME,
        "agents": {"type": "array", "items": {"type": "string"}},
        "options": _OBJECT,
        "rounds": {"type": "integer"},
        "top_cut": {"type": "integer"},
        "seed": SEED,
        "action_limit": {"type": "integer"},
        "name": {"type": "string", "maxLength": 200},
    },
    ("game", "agents"),
)
STUDY_BODY = json_body(
    {
        "game": GAME,
        "games": {"type": "integer", "minimum": 10, "maximum": 1000},
        "level": {"enum": ["random", "easy", "medium", "hard"]},
        "settings": {"type": "array", "items": _OBJECT, "minItems": 1, "maxItems": 4},
        "seed": SEED,
        "kind": {"enum": ["balance", "tune"]},
        "goal": {"enum": ["fair", "length", "cards", "even"]},
        "threshold": {"type": "number", "minimum": 0.5, "maximum": 1},
        "fates": {"type": "array", "items": {"type": "string"}, "maxItems": 10},
        "target": {"type": "number"},
        "trials": {"type": "integer", "minimum": 2, "maximum": 20},
        "space": _OBJECT,
        "data": _OBJECT,
        "until_clear": {"type": "boolean"},
        "precision": {"type": "number", "minimum": 0.1, "maximum": 50},
    },
    ("game", "games"),
)
CHANGE_BODY = OPTIONS_BODY  # an organizer's change: its fields depend on the action
