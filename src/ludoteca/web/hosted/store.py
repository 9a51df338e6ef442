"""Events played on the site as stored (`db.HostingRow`, `db.EntryRow`, `db.EventTableRow`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ludoteca.web.shared.db import EntryRow, EventTableRow, HostingRow, WithdrawalRow
from ludoteca.web.shared.records import as_utc


@dataclass(frozen=True)
class Hosting:
    """How an event is hosted (see `db.HostingRow`)."""

    game: str | None
    options: dict[str, Any]
    registering: bool
    cap: int | None
    deadline: datetime | None
    checking_in: bool
    checked: bool
    decks: bool = False
    restricted: tuple[str, ...] = ()
    decks_public: bool = False

    def to_json(self) -> dict[str, Any]:
        """As the event's page shows it."""
        return {
            "decks": self.decks,
            "restricted": list(self.restricted),
            "decks_public": self.decks_public,
            "game": self.game,
            "options": self.options,
            "registering": self.registering,
            "cap": self.cap,
            "deadline": None if self.deadline is None else self.deadline.isoformat(),
            "checking_in": self.checking_in,
            "checked": self.checked,
        }


@dataclass(frozen=True)
class Entry:
    """An account's registration for an event."""

    account_id: str
    player_id: str
    checked_in: bool
    deck: bool = False  # a deck list submitted


@dataclass(frozen=True)
class EventTable:
    """The table a match is played at."""

    table_id: str
    event_id: str
    round: int
    number: int
    first_seat: int
    recorded: bool


def _hosting(row: HostingRow) -> Hosting:
    deadline = None if row.deadline is None else as_utc(row.deadline)
    return Hosting(
        row.game,
        dict(row.options),
        row.registering,
        row.cap,
        deadline,
        row.checking_in,
        row.checked,
        row.decks,
        tuple(row.restricted),
        row.decks_public,
    )


def _table(row: EventTableRow) -> EventTable:
    return EventTable(
        row.table_id, row.event_id, row.round, row.number, row.first_seat, row.recorded
    )


class HostedStore:
    """The rows of events played on the site."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def hosting(self, event_id: str) -> Hosting | None:
        """How the event is hosted (None: it is run by its organizer alone)."""
        with Session(self.engine) as session:
            row = session.get(HostingRow, event_id)
            return None if row is None else _hosting(row)

    def set_hosting(self, event_id: str, values: dict[str, Any]) -> Hosting:
        """Set some of the hosting's fields (made with defaults the first time)."""
        with Session(self.engine) as session, session.begin():
            row = session.get(HostingRow, event_id)
            if row is None:
                row = HostingRow(
                    event_id=event_id,
                    game=None,
                    options={},
                    registering=False,
                    cap=None,
                    deadline=None,
                    checking_in=False,
                    checked=False,
                    decks=False,
                    restricted=[],
                    decks_public=False,
                )
                session.add(row)
            for key, value in values.items():
                setattr(row, key, value)
            if row.checking_in:
                row.checked = True
            session.flush()
            return _hosting(row)

    def entries(self, event_id: str) -> list[Entry]:
        """The event's registered accounts, in order of registration."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(EntryRow)
                .where(EntryRow.event_id == event_id)
                .order_by(EntryRow.registered_at, EntryRow.account_id)
            )
            return [Entry(row.account_id, row.player_id, row.checked_in) for row in rows]

    def registrations(self, account_id: str) -> list[tuple[str, str]]:
        """The events an account is registered for or withdrew from, and its player id in
        each (one line each)."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(EntryRow.event_id, EntryRow.player_id)
                .where(EntryRow.account_id == account_id)
                .union(
                    select(WithdrawalRow.event_id, WithdrawalRow.player_id).where(
                        WithdrawalRow.account_id == account_id
                    )
                )
            )
            return sorted((event_id, player_id) for event_id, player_id in rows)

    def entry(self, event_id: str, account_id: str) -> Entry | None:
        """An account's registration for the event, if any."""
        with Session(self.engine) as session:
            row = session.get(EntryRow, (event_id, account_id))
            if row is None:
                return None
            return Entry(row.account_id, row.player_id, row.checked_in, row.deck is not None)

    def count(self, event_id: str) -> int:
        """How many accounts are registered."""
        with Session(self.engine) as session:
            return (
                session.scalar(
                    select(func.count()).select_from(EntryRow).where(EntryRow.event_id == event_id)
                )
                or 0
            )

    def add_entry(self, event_id: str, account_id: str, player_id: str) -> bool:
        """Register an account as `player_id`; False if it was registered already."""
        try:
            with Session(self.engine) as session, session.begin():
                session.add(EntryRow(
                    event_id=event_id, account_id=account_id, player_id=player_id,
                    checked_in=False, registered_at=datetime.now(UTC),
                ))  # fmt: skip
        except IntegrityError:
            return False
        return True

    def set_player(self, event_id: str, account_id: str, player_id: str) -> None:
        """Note the event's player id of a registration (made before the player was)."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(EntryRow)
                .where(EntryRow.event_id == event_id, EntryRow.account_id == account_id)
                .values(player_id=player_id)
            )

    def remove_entry(self, event_id: str, account_id: str) -> None:
        """End an account's registration (it withdrew), keeping the player it was there
        (`WithdrawalRow`)."""
        with Session(self.engine) as session, session.begin():
            entry = session.get(EntryRow, (event_id, account_id))
            if entry is None:
                return
            if entry.player_id:
                key = (event_id, account_id, entry.player_id)
                if session.get(WithdrawalRow, key) is None:
                    session.add(WithdrawalRow(
                        event_id=event_id, account_id=account_id, player_id=entry.player_id
                    ))  # fmt: skip
            session.delete(entry)

    def check_in(self, event_id: str, account_id: str) -> None:
        """Note that a registered account checked in."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(EntryRow)
                .where(EntryRow.event_id == event_id, EntryRow.account_id == account_id)
                .values(checked_in=True)
            )

    def set_deck(self, event_id: str, account_id: str, text: str) -> None:
        """Keep a registered account's deck list (checked by the caller)."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(EntryRow)
                .where(EntryRow.event_id == event_id, EntryRow.account_id == account_id)
                .values(deck=text)
            )

    def decks(self, event_id: str) -> list[tuple[str, str | None]]:
        """Each registered account's player id and deck list (None: none submitted)."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(EntryRow.player_id, EntryRow.deck)
                .where(EntryRow.event_id == event_id)
                .order_by(EntryRow.registered_at, EntryRow.account_id)
            ).all()
        return [(row[0], row[1]) for row in rows]

    def add_table(self, table: EventTable) -> None:
        """Note the table a match is played at."""
        with Session(self.engine) as session, session.begin():
            session.add(EventTableRow(
                table_id=table.table_id, event_id=table.event_id, round=table.round,
                number=table.number, first_seat=table.first_seat, recorded=False,
            ))  # fmt: skip

    def tables(self, event_id: str) -> list[EventTable]:
        """The event's tables, round by round."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(EventTableRow)
                .where(EventTableRow.event_id == event_id)
                .order_by(EventTableRow.round, EventTableRow.number)
            )
            return [_table(row) for row in rows]

    def forget_round(self, event_id: str, number: int) -> None:
        """Forget the tables of round `number` whose result is not recorded (its pairs
        changed: their ends record nothing)."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(EventTableRow).where(
                    EventTableRow.event_id == event_id,
                    EventTableRow.round == number,
                    EventTableRow.recorded.is_(False),
                )
            )

    def table(self, table_id: str) -> EventTable | None:
        """The match a table is played for, if any."""
        with Session(self.engine) as session:
            row = session.get(EventTableRow, table_id)
            return None if row is None else _table(row)

    def mark_recorded(self, table_id: str) -> bool:
        """Note a table's result recorded; False if it was already (once only)."""
        with Session(self.engine) as session, session.begin():
            done = session.execute(
                update(EventTableRow)
                .where(EventTableRow.table_id == table_id, EventTableRow.recorded.is_(False))
                .values(recorded=True)
            )
            return bool(getattr(done, "rowcount", 0))
