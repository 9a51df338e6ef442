"""Ratings as stored (`db.RatingRow`, `db.RatingChangeRow`): rating a finished table once,
the changes it made, an account's ratings, and each ladder's leaderboard."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import exists, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ludoteca.web.accounts import ratings
from ludoteca.web.accounts.ratings import Rating
from ludoteca.web.shared.db import AccountRow, RatingChangeRow, RatingRow
from ludoteca.web.shared.records import as_utc

LEADERS = 100
"""The most accounts a leaderboard lists."""
RECENT = 20
"""The most rated games a profile lists."""


@dataclass(frozen=True)
class Seat:
    """One seat of a rated table: the account at it, or a computer's fixed rating."""

    seat: int
    account_id: str | None
    computer: Rating | None = None


def _rating(row: RatingRow) -> Rating:
    return Rating(row.value, row.deviation, row.volatility, row.games)


class Ladders:
    """Every account's ratings."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def rate(
        self, table_id: str, ladder: str, sides: Sequence[Sequence[Seat]], results: list[float]
    ) -> bool:
        """Rate a finished table once: side `i` did `results[i]` (higher is better). Its
        accounts' ratings change; computers' do not. False if it was rated already."""
        for attempt in range(2):
            try:
                return self._rate(table_id, ladder, sides, results)
            except IntegrityError:  # a first rating made at once elsewhere, or rated already
                if attempt:
                    raise
        return False

    def _rate(
        self, table_id: str, ladder: str, sides: Sequence[Sequence[Seat]], results: list[float]
    ) -> bool:
        now = datetime.now(UTC)
        accounts = [s.account_id for side in sides for s in side if s.account_id is not None]
        with Session(self.engine) as session, session.begin():
            # A write first: it locks the rows (PostgreSQL) or the database (SQLite), so
            # two tables ending at once rate one after the other.
            session.execute(
                update(RatingRow)
                .where(RatingRow.account_id.in_(accounts), RatingRow.ladder == ladder)
                .values(games=RatingRow.games)
            )
            done = select(exists().where(RatingChangeRow.table_id == table_id))
            if session.scalar(done):
                return False
            rows = {
                row.account_id: row
                for row in session.scalars(
                    select(RatingRow).where(
                        RatingRow.account_id.in_(accounts), RatingRow.ladder == ladder
                    )
                )
            }
            before = [[self._before(seat, rows, ladder, now) for seat in side] for side in sides]
            after = _after(ladder, before, results)
            for side, olds, news in zip(sides, before, after, strict=True):
                for seat, old, new in zip(side, olds, news, strict=True):
                    session.add(
                        RatingChangeRow(
                            table_id=table_id,
                            seat=seat.seat,
                            account_id=seat.account_id,
                            ladder=ladder,
                            computer=seat.computer is not None,
                            before=old.value,
                            after=old.value if seat.computer else new.value,
                            deviation=old.deviation if seat.computer else new.deviation,
                            rated_at=now,
                        )
                    )
                    if seat.account_id is not None:
                        self._keep(session, rows.get(seat.account_id), seat, ladder, new, now)
        return True

    @staticmethod
    def _before(seat: Seat, rows: dict[str, RatingRow], ladder: str, now: datetime) -> Rating:
        if seat.computer is not None:
            return seat.computer
        row = rows.get(seat.account_id or "")
        if row is None:
            return ratings.newcomer(ladder)
        rating = _rating(row)
        if ladder.endswith("/duel"):
            days = (now - as_utc(row.rated_at)).total_seconds() / 86400
            rating = ratings.idle(rating, days)
        return rating

    @staticmethod
    def _keep(
        session: Session,
        row: RatingRow | None,
        seat: Seat,
        ladder: str,
        new: Rating,
        now: datetime,
    ) -> None:
        values = {
            "value": new.value,
            "deviation": new.deviation,
            "volatility": new.volatility,
            "games": new.games,
            "rated_at": now,
        }
        if row is None:
            session.add(RatingRow(account_id=seat.account_id, ladder=ladder, **values))
            session.flush()  # a first rating made at once elsewhere fails here
        else:
            for key, value in values.items():
                setattr(row, key, value)

    def changes(self, table_id: str) -> list[dict[str, Any]]:
        """A rated table's changes, seat by seat (empty until it is rated)."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(RatingChangeRow)
                .where(RatingChangeRow.table_id == table_id)
                .order_by(RatingChangeRow.seat)
            ).all()
        return [
            {
                "seat": row.seat,
                "before": round(row.before),
                "after": round(row.after),
                "change": round(row.after) - round(row.before),
                "deviation": round(row.deviation),
                "computer": row.computer,
            }
            for row in rows
        ]

    def of_account(self, account_id: str) -> dict[str, Rating]:
        """The account's rating on each ladder it has played."""
        with Session(self.engine) as session:
            rows = session.scalars(select(RatingRow).where(RatingRow.account_id == account_id))
            return {row.ladder: _rating(row) for row in rows}

    def recent(self, account_id: str) -> list[dict[str, Any]]:
        """The account's newest rated games, at most `RECENT`."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(RatingChangeRow)
                .where(RatingChangeRow.account_id == account_id)
                .order_by(RatingChangeRow.rated_at.desc(), RatingChangeRow.table_id)
                .limit(RECENT)
            ).all()
            return [
                {
                    "table": row.table_id,
                    "seat": row.seat,
                    "ladder": row.ladder,
                    "before": round(row.before),
                    "after": round(row.after),
                    "change": round(row.after) - round(row.before),
                    "at": as_utc(row.rated_at).isoformat(),
                }
                for row in rows
            ]

    def leaders(self, ladder: str) -> list[tuple[str, str, Rating]]:
        """The ladder's public accounts by rating less twice its deviation (a newcomer's
        lucky win does not top it), at most `LEADERS`: (login, name, rating)."""
        score = RatingRow.value - 2 * RatingRow.deviation
        with Session(self.engine) as session:
            rows = session.execute(
                select(AccountRow.login, AccountRow.display_name, RatingRow)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(RatingRow.ladder == ladder, AccountRow.private.is_(False))
                .order_by(score.desc(), AccountRow.login)
                .limit(LEADERS)
            ).all()
        return [(login, name, _rating(row)) for login, name, row in rows]


def _after(ladder: str, before: list[list[Rating]], results: list[float]) -> list[list[Rating]]:
    """The ratings after the game, by the ladder's model."""
    if ladder.endswith("/duel"):
        (one,), (two,) = before
        score = 1.0 if results[0] > results[1] else 0.5 if results[0] == results[1] else 0.0
        new_one, new_two = ratings.duel(one, two, score)
        return [[new_one], [new_two]]
    return ratings.table(before, results)
