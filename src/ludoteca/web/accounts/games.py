"""An account's games ("my games", issue 44): the seats it sat at, each claimed by a
browser signed in to it with the seat's token (a table made or joined there, or any
anonymous table whose token that browser holds). The tables themselves are unchanged."""

from __future__ import annotations

import hmac
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ludoteca.core.i18n import _
from ludoteca.web.shared.db import AccountSeatRow, SeatRow
from ludoteca.web.shared.errors import bad_request
from ludoteca.web.shared.records import token_hash

AT_ONCE = 64
"""Seats claimed in one request (what a browser keeps: the lobby's "your games")."""
LISTED = 200
"""The newest seats an account's list of games gives."""


def claims_of(data: dict[str, Any]) -> list[tuple[str, int, str]]:
    """`{seats: [{table, seat, token}]}` as (table, seat, token) triples (400 if not)."""
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) > AT_ONCE:
        raise bad_request(_("give at most {most} seats as a list", most=AT_ONCE))
    out = []
    for entry in seats:
        table, seat, token = (
            (entry.get("table"), entry.get("seat"), entry.get("token"))
            if isinstance(entry, dict)
            else (None, None, None)
        )
        if not (
            isinstance(table, str)
            and len(table) <= 32
            and isinstance(seat, int)
            and not isinstance(seat, bool)
            and 0 <= seat < 64
            and isinstance(token, str)
            and len(token) <= 64
        ):
            raise bad_request(_("each seat needs its table, seat and token"))
        out.append((table, seat, token))
    return out


class AccountGames:
    """The account-seat rows."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def claim(self, account_id: str, claims: list[tuple[str, int, str]]) -> int:
        """Link to the account each seat whose token is right and that no other account
        holds; how many are the account's now (a wrong token links nothing)."""
        now, held = datetime.now(UTC), 0
        with Session(self.engine) as session, session.begin():
            for table_id, seat, token in claims:
                row = session.get(SeatRow, (table_id, seat))
                if row is None or row.token_hash is None:
                    continue
                if not hmac.compare_digest(row.token_hash, token_hash(token)):
                    continue
                linked = session.get(AccountSeatRow, (table_id, seat))
                if linked is None:
                    session.add(AccountSeatRow(
                        table_id=table_id, seat=seat, account_id=account_id, claimed_at=now
                    ))  # fmt: skip
                    session.flush()
                    held += 1
                elif linked.account_id == account_id:
                    held += 1
        return held

    def link(self, account_id: str, table_id: str, seat: int) -> None:
        """Link a seat the account has just taken (a rated table's, made or joined signed in)."""
        with Session(self.engine) as session, session.begin():
            session.add(AccountSeatRow(
                table_id=table_id, seat=seat, account_id=account_id, claimed_at=datetime.now(UTC)
            ))  # fmt: skip

    def every_seat(self, account_id: str) -> list[tuple[str, int]]:
        """Every (table, seat) the account sat at."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(AccountSeatRow.table_id, AccountSeatRow.seat).where(
                    AccountSeatRow.account_id == account_id
                )
            ).all()
        return [(row[0], row[1]) for row in rows]

    def holders(self, table_id: str) -> dict[int, str]:
        """The accounts at a table's seats: seat -> account id."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(AccountSeatRow.seat, AccountSeatRow.account_id).where(
                    AccountSeatRow.table_id == table_id
                )
            ).all()
        return {row[0]: row[1] for row in rows}

    def seats(self, account_id: str) -> list[tuple[str, int]]:
        """The account's (table, seat), the newest claimed first, at most `LISTED`."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(AccountSeatRow.table_id, AccountSeatRow.seat)
                .where(AccountSeatRow.account_id == account_id)
                .order_by(AccountSeatRow.claimed_at.desc(), AccountSeatRow.table_id)
                .limit(LISTED)
            ).all()
        return [(row[0], row[1]) for row in rows]
