"""A finished game's frames (the replay page steps through them), at a bounded cost.

A frame is the game after `step` moves. Replaying `step` moves for every request let a
few clients asking for the last frames of long games take the server's time (issue 36,
item 9). `Frames` keeps, for the finished tables replayed lately, the state at every
`EVERY` moves (as `State.to_json`'s JSON: the compiled build's states do not pickle), so
a frame costs one `state_from_json` and fewer than `EVERY` moves;
the states kept are bounded in bytes (`BUDGET`), the table replayed longest ago dropped
first. One frame is worked out at a time, off the event loop; at most `WAITING` wait,
others get 503.
"""

from __future__ import annotations

import asyncio
import bisect
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import orjson

from ludoteca.core import State
from ludoteca.core.i18n import _, naming_players
from ludoteca.web.shared.compute import busy
from ludoteca.web.shared.errors import conflict, not_found
from ludoteca.web.tables.boards import board_url
from ludoteca.web.tables.players import player_names
from ludoteca.web.tables.table import LiveTable

EVERY = 32
"""Moves between two kept states of a table."""
BUDGET = 32 * 2**20
"""Bytes of kept states (as JSON) in one process."""
WAITING = 8
"""Frame requests waiting for their turn before others are refused (503)."""


@dataclass
class _Kept:
    """A table's kept states: `steps[i]` moves made in `states[i]` (JSON); their bytes."""

    steps: list[int] = field(default_factory=list)
    states: list[bytes] = field(default_factory=list)
    size: int = 0


class Frames:
    """The frames of finished tables, from kept states (see the module's docstring)."""

    def __init__(self, every: int = EVERY, budget: int = BUDGET, waiting: int = WAITING) -> None:
        self.every, self.budget, self.waiting = every, budget, waiting
        self._kept: OrderedDict[str, _Kept] = OrderedDict()
        self._size = 0
        self._turn = asyncio.Semaphore(1)
        self._queued = 0
        self._lock = threading.Lock()  # the kept states are changed in a worker thread

    @property
    def size(self) -> int:
        """Bytes of kept states now."""
        return self._size

    async def frame(self, table: LiveTable, step: int, seat: int | None) -> dict[str, Any]:
        """`table` after `step` moves as `seat` saw it (None: a spectator); 409 while the
        game is on, 404 for a step or seat it does not have, 503 when too many wait."""
        _check(table, step, seat)
        if self._queued >= self.waiting:
            raise busy(_("too many replays are being worked out; try again shortly"))
        self._queued += 1
        try:
            async with self._turn:
                return await asyncio.to_thread(self._frame, table, step, seat)
        finally:
            self._queued -= 1

    def _frame(self, table: LiveTable, step: int, seat: int | None) -> dict[str, Any]:
        history = table.state.history
        players = player_names(table.record.game, table.seats)
        state = self.state_at(table, max(step - 1, 0))
        last = _label(table, state, history[step - 1], players) if step else None
        if step:
            state.apply(history[step - 1])
        upcoming = _label(table, state, history[step], players) if step < len(history) else None
        with naming_players(players):
            observation = state.observation(seat)
        return {
            "step": step,
            "steps": len(history),
            "seat": seat,
            "action": history[step - 1] if step else None,
            "next_action": history[step] if step < len(history) else None,
            "action_label": last,
            "next_action_label": upcoming,
            "observation": observation,
            "picture": table.picture(observation),
            "layout": table.game.board_layout(),
            "board": board_url(table.game),
            "seat_names": table.game.seat_names(observation),
            "players": list(players),
            "log": state.log_for(seat),
        }

    def state_at(self, table: LiveTable, step: int) -> State:
        """A fresh copy of `table`'s game after `step` moves (its own to change)."""
        history = table.state.history
        with self._lock:
            kept = self._kept.pop(table.id, None) or _Kept()
            self._kept[table.id] = kept  # the newest, dropped last
            at = bisect.bisect_right(kept.steps, step) - 1
            if at >= 0:
                made, state = kept.steps[at], _restored(table, kept.states[at])
            else:
                made, state = 0, table.game.new_game(table.record.seed)
        while made < step:
            state.apply(history[made])
            made += 1
            if made % self.every == 0 and made not in kept.steps:
                self._keep(table.id, kept, made, orjson.dumps(state.to_json()))
        return state

    def _keep(self, table_id: str, kept: _Kept, made: int, state: bytes) -> None:
        size = len(state)
        with self._lock:
            if self._kept.get(table_id) is not kept:
                return  # dropped meanwhile
            while self._size + size > self.budget:
                oldest = next(iter(self._kept))
                if oldest == table_id:
                    return  # this table alone fills the budget: it keeps no more
                self._size -= self._kept.pop(oldest).size
            place = bisect.bisect_left(kept.steps, made)
            kept.steps.insert(place, made)
            kept.states.insert(place, state)
            kept.size += size
            self._size += size


def _label(table: LiveTable, state: State, action: str, players: tuple[str, ...]) -> str:
    """`action`, made next in `state`, in words: its player's name, then the move's label."""
    mover = state.current_player
    if mover is None:
        return action
    label = table.game.describe_action(state.observation(mover), action)
    return _("{player}: {move}", player=players[mover], move=label)


def _check(table: LiveTable, step: int, seat: int | None) -> None:
    """Refuse a frame of a game in play (409), a step or a seat it does not have (404)."""
    if not table.state.is_terminal:
        raise conflict(
            _("table {table_id} is still in play; its replay opens when it ends", table_id=table.id)
        )
    count = len(table.state.history)
    if not 0 <= step <= count:
        raise not_found(
            _(
                "table {table_id} has moves 0 to {count}, not {step}",
                table_id=table.id,
                count=count,
                step=step,
            )
        )
    if seat is not None and not 0 <= seat < len(table.seats):
        raise not_found(_("table {table_id} has no seat {seat}", table_id=table.id, seat=seat))


def _restored(table: LiveTable, data: bytes) -> State:
    """A kept state (`State.to_json` of a state this process replayed)."""
    return table.game.state_from_json(orjson.loads(data))  # our own bytes, never a request's
