"""A table in play: the game's state rebuilt from its log, its seats, who may act.

The state lives in the server's memory; the database holds `(game, options,
seed, actions)`, from which `rebuild` replays it exactly.
"""

from __future__ import annotations

import asyncio
import hmac
import time
from collections import deque
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ludoteca import games
from ludoteca.core import Game, LudotecaError, State
from ludoteca.core.i18n import _
from ludoteca.web.shared.errors import conflict, forbidden, unauthorized, unprocessable
from ludoteca.web.shared.markup import plain_text
from ludoteca.web.shared.records import AGENT, HUMAN, StoredSeat, StoredTable, token_hash
from ludoteca.web.tables.clock import ClockRule, clock_view, remaining


@dataclass
class LiveTable:
    """One table: its stored record, the rebuilt state, a lock serialising its moves."""

    record: StoredTable
    game: Game
    state: State
    damaged: str | None = None
    agent_error: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    agent_task: asyncio.Task[None] | None = None
    view_cache: dict[Any, Any] = field(default_factory=dict)  # see `views.seat_view`
    seat_logs: dict[Any, Any] = field(default_factory=dict)  # see `views.SeatLog`
    turns: list[int | None] = field(default_factory=list)  # whose turn it was before each move
    clock_timer: asyncio.TimerHandle | None = None  # fires when the running clock runs out
    behind: bool = False  # another process changed it; caught up when next used
    renamed: dict[int, deque[float]] = field(default_factory=dict)  # seat: its last renames
    used: float = field(default_factory=time.monotonic)  # last asked for or moved (`web.replica`)

    @property
    def clock_rule(self) -> ClockRule | None:
        """The table's move clock, if it has one."""
        rule = self.record.clock
        return None if rule is None else ClockRule(rule["minutes"], rule["increment"])

    def clock_left(self) -> dict[int, float]:
        """Seconds each person's seat had at the start of the current turn (`web.clock`)."""
        rule = self.clock_rule
        if rule is None:
            return {}
        record, moves = self.record, len(self.turns)  # a damaged log stops where it broke
        people = set(self.human_seats())
        joined = {seat.seat: seat.joined_at for seat in self.seats if seat.joined_at is not None}
        times, movers = record.times[:moves], record.movers[:moves]
        return remaining(rule, people, record.created_at, self.turns, times, movers, joined)

    def clock_running(self) -> int | None:
        """The person's seat whose clock runs now (None: the game is over, or it is a
        computer's or an open seat's turn)."""
        if self.clock_rule is None or self.state.is_terminal or self.damaged is not None:
            return None
        seat = self.state.current_player
        return seat if seat is not None and self.seats[seat].kind == HUMAN else None

    def out_of_time(self, now: datetime) -> int | None:
        """The person's seat whose clock runs and has run out at `now`, if any: their move
        is the computer's (`TableService._play_for`), never theirs, however late."""
        seat = self.clock_running()
        if seat is None:
            return None
        spent = (now - self.clock_started()).total_seconds()
        return seat if self.clock_left()[seat] - spent <= 0 else None

    def turn_started(self) -> datetime:
        """When the current turn began: the last move, or the table's creation."""
        return self.record.times[-1] if self.record.times else self.record.created_at

    def clock_started(self) -> datetime:
        """When the running clock started: the turn's start, or when the person whose turn
        it is sat down, if later (an open seat's waiting is nobody's time)."""
        started = self.turn_started()
        seat = self.state.current_player
        joined = None if seat is None else self.seats[seat].joined_at
        return started if joined is None else max(started, joined)

    def clock(self) -> dict[str, Any] | None:
        """The clock as views show it (None: the table has no clock)."""
        rule = self.clock_rule
        if rule is None:
            return None
        timeouts = [(index, self.record.movers[index]) for index in self.record.timeouts]
        return clock_view(
            rule, self.clock_left(), self.clock_running(), self.clock_started(), timeouts
        )

    def record_move(self, seat: int, at: datetime, timeout: bool) -> None:
        """Note a stored move's time and mover before it is applied (the clock's log)."""
        self.used = time.monotonic()
        self.turns.append(self.state.current_player)
        self.record.times.append(at)
        self.record.movers.append(seat)
        if timeout:
            self.record.timeouts.append(self.index)

    @property
    def id(self) -> str:
        """The table's public id."""
        return self.record.id

    @property
    def seats(self) -> list[StoredSeat]:
        """The seats in order."""
        return self.record.seats

    @property
    def index(self) -> int:
        """How many moves have been made: the index the next move must carry."""
        return len(self.state.history)

    def seat_of(self, token: str | None, *, required: bool, device: str | None) -> int | None:
        """The seat `token` belongs to; no token is a spectator (None) unless `required`.
        A table bound to a browser (`web.devices`) takes its tokens only with its `device`."""
        if not token:
            if required:
                raise unauthorized(_("a seat token is required to act at this table"))
            return None
        hashed = token_hash(token)
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, hashed):
                self._check_device(device)
                return seat.seat
        raise forbidden(
            _("this token does not belong to any seat of table {self_id}", self_id=self.id)
        )

    def _check_device(self, device: str | None) -> None:
        bound = self.record.device_hash
        if bound is not None and (
            device is None or not hmac.compare_digest(bound, token_hash(device))
        ):
            raise forbidden(
                _(
                    "table {table_id} has a seed its creator chose: it is played only in the "
                    "browser that made it",
                    table_id=self.id,
                )
            )

    def check_move(self, seat: int, index: int, action: str) -> None:
        """Refuse (raising `WebError`) a move that is stale, out of turn or illegal."""
        if self.damaged is not None:
            raise conflict(
                _(
                    "table {self_id} cannot continue: {damaged}",
                    self_id=self.id,
                    damaged=self.damaged,
                )
            )
        if index != self.index:
            raise conflict(
                _(
                    "stale move: table {self_id} is at move {index}, the move said {index2}",
                    self_id=self.id,
                    index=self.index,
                    index2=index,
                )
            )
        if self.state.is_terminal:
            raise conflict(_("table {self_id}: the game is over", self_id=self.id))
        if self.state.current_player != seat:
            raise conflict(
                _(
                    "not your turn: seat {current_player} is to act",
                    current_player=str(self.state.current_player),
                )
            )
        if not self.state.is_legal(action):
            raise unprocessable(self.state.explain_illegal(action))

    def agent_to_act(self) -> StoredSeat | None:
        """The agent seat that must act now, if any (and the table can go on)."""
        seat = self.state.current_player
        if seat is None or self.damaged or self.agent_error:
            return None
        stored = self.seats[seat]
        return stored if stored.kind == AGENT else None

    def human_seats(self) -> list[int]:
        """Seats played by people (claimed)."""
        return [s.seat for s in self.seats if s.kind == HUMAN]

    def picture(self, observation: dict[str, Any]) -> str:
        """The game's own text picture of an observation, markup removed."""
        return plain_text(self.game.render(observation))


def rebuild(record: StoredTable) -> LiveTable:
    """Replay a stored table's log; a log the rules refuse marks the table damaged."""
    game = games.load(record.game, **record.options)
    state = game.new_game(record.seed)
    damaged = None
    turns: list[int | None] = []
    for number, action in enumerate(record.actions):
        try:
            turns.append(state.current_player)
            state.apply(action)
        except LudotecaError as exc:
            damaged = f"stored move {number} '{action}' is refused by the rules: {exc}"
            break
    return LiveTable(record, game, state, damaged=damaged, turns=turns)


def replay_move(table: LiveTable, seat: int, at: datetime, timeout: bool, action: str) -> None:
    """Apply a move another server process stored (the log's next); a move the rules
    refuse marks the table damaged. Call under the table's lock."""
    index = table.index
    table.record_move(seat, at, timeout)
    try:
        table.state.apply(action)
    except LudotecaError as exc:
        table.damaged = f"stored move {index} '{action}' is refused: {exc}"
    table.view_cache = {}


def catch_up(table: LiveTable, record: StoredTable, since: int = 0) -> bool:
    """Bring a live table up to its stored record (moves another server process made,
    its seats and names), whose log starts at move `since`; True if anything changed.
    Call under the table's lock."""
    changed = record.seats != table.record.seats or record.rematch != table.record.rematch
    table.record.seats[:] = record.seats
    table.record.rematch = record.rematch
    while table.damaged is None and since <= table.index < since + len(record.actions):
        index, at = table.index, table.index - since
        timeout = index in record.timeouts
        replay_move(table, record.movers[at], record.times[at], timeout, record.actions[at])
        changed = True
    if changed:
        table.view_cache = {}
    return changed
