"""Quick pairing (issue 44, item 4): signed-in players wait for a game (a two-player game
and its move clock); two who want the same are paired when their ratings are close, the
closeness widening the longer both wait; a player may be offered the computer after a
wait they chose.

The queue is kept in the database (`db.QueueRow`), so every server process pairs from
the same one. Whoever asks for their place (`QueueStore.pair`) pairs themselves with the
longest-waiting fitting player, in a transaction that writes first (the row locks on
PostgreSQL, the database on SQLite), so no one is paired twice; the table is then made
outside it (`PENDING` marks the two meanwhile; a pairing left pending longer than
`PENDING_SECONDS`, its process gone, is undone). A player not seen for `GONE_SECONDS`
(their page closed) is paired with no one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ludoteca.web.shared.db import QueueRow
from ludoteca.web.shared.records import as_utc

PENDING = "-"
"""`table_id` of two players paired whose table is being made."""
PENDING_SECONDS = 30
GONE_SECONDS = 20
"""A waiting player's page asks every few seconds; not seen for this long, it is gone."""
FORGOTTEN_SECONDS = 3600
"""A place not seen for this long is deleted (as someone enters)."""
MAX_WAITING = 10_000
"""Players waiting at once at most (503 beyond)."""
WAITS = (30, 60, 120, 300)
"""Seconds a player may choose to wait before the computer is offered (or never)."""


def window(seconds: float) -> float:
    """How far apart two ratings may be for a player who has waited `seconds`: 100 points
    at once, 10 more a second, anyone after 90 s."""
    return min(100.0 + 10.0 * seconds, 1000.0)


def queue_key(game: str, options: dict[str, Any], clock: dict[str, Any] | None) -> str:
    """What two players must both want to be paired, as one text."""
    return json.dumps({"game": game, "options": options, "clock": clock}, sort_keys=True)


@dataclass(frozen=True)
class Place:
    """A player's place in the queue, as their page is told it."""

    game: str
    options: dict[str, Any]
    clock: dict[str, Any] | None
    rating: float
    waited: float
    wait: int | None
    table: str | None
    seat: int | None

    def to_json(self) -> dict[str, Any]:
        """The place, and whether to offer the computer now."""
        spread = window(self.waited)
        return {
            "game": self.game,
            "options": self.options,
            "clock": self.clock,
            "waited": round(self.waited),
            "range": [round(self.rating - spread), round(self.rating + spread)],
            "computer": self.wait is not None and self.waited >= self.wait,
            "table": self.table,
            "seat": self.seat,
        }


def _place(row: QueueRow, now: datetime) -> Place:
    return Place(
        row.game,
        dict(row.options),
        row.clock,
        row.rating,
        (now - as_utc(row.joined_at)).total_seconds(),
        row.wait,
        None if row.table_id in (None, PENDING) else row.table_id,
        row.seat,
    )


class QueueStore:
    """The queue's rows."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def enter(self, account_id: str, row: QueueRow) -> bool:
        """Put `account_id` in the queue with `row`'s wishes (replacing its place, and
        forgetting places not seen for an hour); False if `MAX_WAITING` players wait."""
        now = datetime.now(UTC)
        with Session(self.engine) as session, session.begin():
            gone = now - timedelta(seconds=FORGOTTEN_SECONDS)
            session.execute(
                delete(QueueRow).where(
                    (QueueRow.account_id == account_id) | (QueueRow.seen_at < gone)
                )
            )
            if (session.scalar(select(func.count()).select_from(QueueRow)) or 0) >= MAX_WAITING:
                return False
            row.account_id, row.joined_at, row.seen_at = account_id, now, now
            session.add(row)
        return True

    def leave(self, account_id: str) -> None:
        """Take `account_id` out of the queue (nothing if it is not there)."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(QueueRow).where(QueueRow.account_id == account_id))

    def pair(self, account_id: str) -> tuple[Place | None, str | None]:
        """`account_id`'s place, seen now; paired meanwhile with the longest-waiting player
        who fits, if any: then also that player's account id (both are `PENDING` until
        `seat` writes their table). (None, None) if it is not in the queue."""
        now = datetime.now(UTC)
        with Session(self.engine) as session, session.begin():
            # A write first: it locks this row (PostgreSQL) or the database (SQLite).
            session.execute(
                update(QueueRow).where(QueueRow.account_id == account_id).values(seen_at=now)
            )
            me = session.get(QueueRow, account_id)
            if me is None:
                return None, None
            if me.table_id == PENDING and now - as_utc(me.paired_at or now) > timedelta(
                seconds=PENDING_SECONDS
            ):
                me.table_id, me.paired_at = None, None  # its pairing's process is gone
            if me.table_id is not None:
                return _place(me, now), None
            other = self._fitting(session, me, now)
            if other is None:
                return _place(me, now), None
            for row in (me, other):
                row.table_id, row.paired_at = PENDING, now
            return _place(me, now), other.account_id

    @staticmethod
    def _fitting(session: Session, me: QueueRow, now: datetime) -> QueueRow | None:
        """The longest-waiting other player who wants what `me` wants, is still there, and
        whose rating is within both players' windows."""
        seen = now - timedelta(seconds=GONE_SECONDS)
        query = (
            select(QueueRow)
            .where(
                QueueRow.key == me.key,
                QueueRow.account_id != me.account_id,
                QueueRow.table_id.is_(None),
                QueueRow.seen_at >= seen,
            )
            .order_by(QueueRow.joined_at, QueueRow.account_id)
            .limit(200)
            .with_for_update(skip_locked=True)
        )
        mine = (now - as_utc(me.joined_at)).total_seconds()
        for other in session.scalars(query):
            theirs = (now - as_utc(other.joined_at)).total_seconds()
            if abs(other.rating - me.rating) <= min(window(mine), window(theirs)):
                return other
        return None

    def seat(self, seats: dict[str, tuple[str, int]]) -> None:
        """Write each paired account's table and seat (`account -> (table, seat)`)."""
        with Session(self.engine) as session, session.begin():
            for account_id, (table_id, seat) in seats.items():
                session.execute(
                    update(QueueRow)
                    .where(QueueRow.account_id == account_id)
                    .values(table_id=table_id, seat=seat)
                )

    def unpair(self, account_ids: list[str]) -> None:
        """Put two players paired back to waiting (their table could not be made)."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(QueueRow)
                .where(QueueRow.account_id.in_(account_ids))
                .values(table_id=None, seat=None, paired_at=None)
            )
