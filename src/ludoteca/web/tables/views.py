"""What is sent to a seat or a spectator: its observation and nothing more.

Every message a page or a WebSocket receives about a table in play is built
here from `State.observation(seat)` (None: a spectator) and public facts about
the table (game, options, seat kinds). The action log and the raw state are
never sent while the game is on; a finished game's replay is public.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import orjson

from ludoteca import games
from ludoteca.agents import names as agent_names
from ludoteca.agents.levels import PRESETS, presets_for
from ludoteca.core import DataFile, State, i18n
from ludoteca.core.i18n import _
from ludoteca.web.tables.boards import board_url
from ludoteca.web.tables.guide import guide_of
from ludoteca.web.tables.players import player_names
from ludoteca.web.tables.summaries import public_options, table_summary
from ludoteca.web.tables.table import LiveTable

SINCE_TEXTS = 4
"""Shorter texts (`since` > 0) kept per seat and language at one version of a table: the
pages at one position hold a few log lengths between them; a stranger's others are
encoded again when asked."""


def seat_view(table: LiveTable, seat: int | None) -> dict[str, Any]:
    """The message for `seat` (built once per position and seat; do not modify it)."""
    view: dict[str, Any] = _cached(table, seat)[0]
    return view


def seat_view_text(table: LiveTable, seat: int | None, since: int = 0) -> str:
    """`seat_view` as JSON text, encoded once per position, seat and `since`.

    A page that holds the first `since` entries of the seat's log (and events) is sent
    only the later ones, and no board layout: the message says `"since": n`. A seat's log
    only grows (the conformance suite checks it), so those entries are the page's to keep.
    Any other `since` (0, or more entries than the log has) gives the whole view.
    """
    entry = _cached(table, seat)
    view: dict[str, Any] = entry[0]
    if 0 < since <= len(view["log"]):
        shorter: OrderedDict[int, str] = entry[2]
        part = shorter.pop(since, None) or to_json(_after(view, since))
        shorter[since] = part  # the most recent last; the oldest go past `SINCE_TEXTS`
        while len(shorter) > SINCE_TEXTS:
            shorter.popitem(last=False)
        return part
    if entry[1] is None:
        entry[1] = to_json(view)
    text: str = entry[1]
    return text


def log_length(table: LiveTable, seat: int | None) -> int:
    """How many log entries `seat`'s view at the current position holds."""
    return len(_cached(table, seat)[0]["log"])


def _after(view: dict[str, Any], since: int) -> dict[str, Any]:
    """`view` with only the log's and the events' entries from `since` on, and no layout."""
    observation = {**view["observation"], "events": view["observation"]["events"][since:]}
    shorter = {**view, "since": since, "observation": observation, "log": view["log"][since:]}
    del shorter["layout"]
    return shorter


def to_json(message: dict[str, Any]) -> str:
    """A message as compact JSON text (orjson: several times faster than `json` on views)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def _cached(table: LiveTable, seat: int | None) -> list[Any]:
    """The cache entry `[view, its JSON text or None, {since: shorter JSON text}]` of `seat`
    at the current version of the table.

    The cache holds one version: the position, the seats' kinds and names, the agent's
    error and the damage. Anything else empties it, so it holds at most one entry per
    seat (and the spectator) and language, each with at most `SINCE_TEXTS` shorter texts:
    however many renames or `since` values a stranger sends, it stays that size."""
    version = (
        table.index,
        table.agent_error,
        tuple((s.kind, s.name) for s in table.seats),
        table.damaged,
    )
    if table.view_cache.get("version") != version:
        table.view_cache = {"version": version}
    # Per language too: a Brazilian and an Italian watching one table each read their own.
    key = (seat, i18n.current())
    entry: list[Any] | None = table.view_cache.get(key)
    if entry is None:
        # The lobby line is the same for every seat: built once per version.
        summary = table.view_cache.get("summary")
        if summary is None:
            summary = table.view_cache["summary"] = table_summary(table)
        entry = table.view_cache[key] = [_build_view(table, seat, summary), None, OrderedDict()]
    return entry


@dataclass
class SeatLog:
    """A seat's log in one language as its views carry it (`State.events_for` and
    `log_for`), kept along the game: each move reads only the events it added."""

    state: State
    read: int = 0  # events of `state` read so far
    events: list[str] = field(default_factory=list)
    log: list[Any] = field(default_factory=list)


def seat_log(table: LiveTable, seat: int | None) -> SeatLog:
    """`seat`'s log at the table's current position, in the current language, its seats
    named by their players (`player_names`)."""
    names = player_names(table.record.game, table.seats)
    key, state = (seat, i18n.current(), names), table.state
    kept: SeatLog | None = table.seat_logs.get(key)
    if kept is None or kept.state is not state or kept.read > len(state.events):
        if kept is None:  # a seat's person named themselves: the old names are not read again
            for stale in [k for k in table.seat_logs if k[:2] == key[:2]]:
                del table.seat_logs[stale]
        kept = table.seat_logs[key] = SeatLog(state)
    with i18n.naming_players(names):
        for event in state.events[kept.read :]:
            if event.visible_to(seat):
                kept.events.append(event.text_in(key[1]))
                kept.log.append(event.to_json())
    kept.read = len(state.events)
    return kept


def _build_view(table: LiveTable, seat: int | None, summary: dict[str, Any]) -> dict[str, Any]:
    """The whole message for `seat`: its observation, labelled legal actions, the picture."""
    kept = seat_log(table, seat)
    observation = table.state.observation(seat, events=list(kept.events))
    legal = observation.get("legal_actions", [])
    return {
        "type": "view",
        "table": summary,
        "seat": seat,
        "index": table.index,
        "observation": observation,
        "actions": [
            {"action": action, "label": table.game.describe_action(observation, action)}
            for action in legal
        ],
        "picture": table.picture(observation),
        "layout": table.game.board_layout(),
        "board": board_url(table.game),
        "seat_names": table.game.seat_names(observation),
        "players": list(player_names(table.record.game, table.seats)),
        "log": list(kept.log),
        "since": 0,
        "agent_error": table.agent_error,
    }


def game_preview(name: str) -> dict[str, Any]:
    """The start of a game of `name` with its default options, seen by a spectator, shaped
    as a view so the game's board module draws it (the lobby's picture of the game)."""
    return _preview(name, i18n.current())


@functools.cache
def _preview(name: str, _locale: str) -> dict[str, Any]:
    game = games.load(name)
    state = game.new_game(0)
    observation = state.observation(None)
    return {
        "game": name,
        "seat": None,
        "index": 0,
        "observation": observation,
        "actions": [],
        "layout": game.board_layout(),
        "board": board_url(game),
        "seat_names": game.seat_names(observation),
        "players": [_("player {n}", n=seat + 1) for seat in range(game.num_seats)],
        "log": state.log_for(None),
        "table": {
            "game": name,
            "title": game.info.title,
            "options": public_options(game.options),
            "seats": [],
            "index": 0,
        },
    }


def catalogue() -> dict[str, Any]:
    """The games a table can be created for, with their options, and the agent presets."""
    listing = []
    for name in games.playable():
        info = games.info(name)
        default = games.load(name)
        listing.append(
            {
                "name": name,
                "title": info.title,
                "summary": _(info.summary),
                "min_seats": info.min_seats,
                "max_seats": info.max_seats,
                "length": _(info.length) if info.length else info.length,
                "minutes": default.real_minutes(),
                "default_seats": default.num_seats,
                "hidden_information": info.hidden_information,
                "options": [
                    {
                        "name": o.name,
                        "default": o.default,
                        "help": _(o.help),
                        "label": _(o.label) if o.label else o.name.replace("_", " "),
                        "advanced": o.advanced,
                        "kind": "file" if o.kind is DataFile else o.kind.__name__,
                        "choices": list(o.choices) if o.choices else None,
                        # A choice is a value; its words in the reader's language.
                        "choice_labels": {str(c): _(str(c)) for c in o.choices or ()},
                        "minimum": o.minimum,
                        "maximum": o.maximum,
                    }
                    for o in info.options
                ],
                "presets": presets_for(name),
                "tutorial": bool(guide_of(name)["tutorial"]),
            }
        )
    return {"games": listing, "agents": agent_names(installed=False), "presets": PRESETS}
