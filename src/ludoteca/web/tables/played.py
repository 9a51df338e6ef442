"""How long a game takes people on this server (issue 38): the median real time of the
newest finished games of each game with its default options where a person played, from
the first move to the end. The lobby's tiles show it beside the rulebook's figure
(`Game.real_minutes`) once `ENOUGH` games were played.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import String, cast, exists, func, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ludoteca import games
from ludoteca.web.shared.db import ActionRow, SeatRow, TableRow
from ludoteca.web.shared.records import HUMAN, as_utc

RECENT = 200
"""Finished tables read per game: the newest."""
ENOUGH = 5
"""Games with the default options a median needs before it is shown."""
FRESH = 600.0
"""Seconds the figures are kept before they are read again."""
SMALL = 4096
"""Characters of a table's stored options beyond which they cannot be the defaults (an
uploaded file): such rows are not read, so a read stays small."""
LONGEST = 6 * 3600.0
"""A game longer than this (left open and finished days later) is not counted: seconds."""

Played = dict[str, int]
"""`{"minutes": median, "games": how many}`."""


class PlayedTimes:
    """Each playable game's `Played` figure, read from the store at most every `FRESH`
    seconds (one query a game, off the event loop); one entry a registered game."""

    def __init__(self, engine: Engine, clock: Callable[[], float] = time.monotonic) -> None:
        self.engine = engine
        self.clock = clock
        self._read_at: float | None = None
        self._figures: dict[str, Played | None] = {}
        self._lock = asyncio.Lock()

    async def figures(self) -> dict[str, Played | None]:
        """Every playable game's figure (None: fewer than `ENOUGH` games)."""
        async with self._lock:
            if self._read_at is None or self.clock() - self._read_at > FRESH:
                self._figures = await asyncio.to_thread(self._read)
                self._read_at = self.clock()
            return dict(self._figures)

    def _read(self) -> dict[str, Played | None]:
        return {name: self._figure(name) for name in games.playable()}

    def _figure(self, name: str) -> Played | None:
        defaults = json.loads(json.dumps(dict(games.load(name).options)))
        first_move = (
            select(ActionRow.at)
            .where(ActionRow.table_id == TableRow.id, ActionRow.index == 0)
            .scalar_subquery()
        )
        a_person = exists().where(SeatRow.table_id == TableRow.id, SeatRow.kind == HUMAN)
        query = (
            select(TableRow.options, TableRow.finished_at, first_move)
            .where(TableRow.game == name, TableRow.finished_at.is_not(None), a_person)
            .where(func.length(cast(TableRow.options, String)) < SMALL)
            .order_by(TableRow.finished_at.desc())
            .limit(RECENT)
        )
        with Session(self.engine) as session:
            rows = session.execute(query).all()
        seconds = [
            (as_utc(ended) - as_utc(began)).total_seconds()
            for options, ended, began in rows
            if began is not None and options == defaults
        ]
        counted = [s for s in seconds if 0 < s <= LONGEST]
        if len(counted) < ENOUGH:
            return None
        return {"minutes": max(1, round(statistics.median(counted) / 60)), "games": len(counted)}


def with_played(listing: dict[str, Any], figures: dict[str, Played | None]) -> dict[str, Any]:
    """The catalogue (`views.catalogue`) with each game's `played` figure."""
    for game in listing["games"]:
        game["played"] = figures.get(game["name"])
    return listing
