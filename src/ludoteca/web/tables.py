"""A table in play: the game's state rebuilt from its log, its seats, who may act.

The state lives in the server's memory; the database holds `(game, options,
seed, actions)`, from which `rebuild` replays it exactly.
"""

from __future__ import annotations

import asyncio
import hmac
from dataclasses import dataclass, field
from typing import Any

from ludoteca import games
from ludoteca.core import Game, LudotecaError, State
from ludoteca.web.errors import conflict, forbidden, unauthorized, unprocessable
from ludoteca.web.markup import plain_text
from ludoteca.web.store import AGENT, HUMAN, StoredSeat, StoredTable, token_hash


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

    def seat_of(self, token: str | None, *, required: bool) -> int | None:
        """The seat `token` belongs to; no token is a spectator (None) unless `required`."""
        if not token:
            if required:
                raise unauthorized("a seat token is required to act at this table")
            return None
        hashed = token_hash(token)
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, hashed):
                return seat.seat
        raise forbidden(f"this token does not belong to any seat of table {self.id}")

    def check_move(self, seat: int, index: int, action: str) -> None:
        """Refuse (raising `WebError`) a move that is stale, out of turn or illegal."""
        if self.damaged is not None:
            raise conflict(f"table {self.id} cannot continue: {self.damaged}")
        if index != self.index:
            raise conflict(
                f"stale move: table {self.id} is at move {self.index}, the move said {index}"
            )
        if self.state.is_terminal:
            raise conflict(f"table {self.id}: the game is over")
        if self.state.current_player != seat:
            raise conflict(f"not your turn: seat {self.state.current_player} is to act")
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
    for number, action in enumerate(record.actions):
        try:
            state.apply(action)
        except LudotecaError as exc:
            damaged = f"stored move {number} '{action}' is refused by the rules: {exc}"
            break
    return LiveTable(record, game, state, damaged=damaged)
