"""Tournament events kept in a database (SQLite by default) through SQLAlchemy 2.

Each event is stored as its plain-data snapshot (``to_dict``) plus an
append-only journal of the operations that produced it. Every change writes the
new snapshot and its journal line in one transaction, guarded by a revision
number, so a killed process loses no acknowledged change and two writers
cannot overwrite each other.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    inspect,
    select,
    update,
)
from sqlalchemy.engine import CursorResult, Engine
from sqlalchemy.exc import DatabaseError, IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from ludoteca.core import DataFileError, IllegalAction
from ludoteca.core.i18n import _
from ludoteca.database import open_engine, shown
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.event_rules import EventStaff, staff_from_dict, staff_to_dict
from ludoteca.tournament.melee import MeleeEvent

APP_ID = "ludoteca-tournaments"
SCHEMA_VERSION = 1
AnyEvent = DuelEvent | MeleeEvent
KINDS: dict[str, type[DuelEvent] | type[MeleeEvent]] = {"duel": DuelEvent, "melee": MeleeEvent}


@dataclass
class Tournament:
    """What is stored for one event: the event itself, its staff and tier, the clock."""

    kind: str
    event: AnyEvent
    staff: EventStaff
    round_started_at: float | None = None  # seconds since the epoch, for the round clock

    @property
    def name(self) -> str:
        """The event's name."""
        return self.event.name

    def to_dict(self) -> dict[str, Any]:
        """The stored snapshot."""
        event_data: dict[str, Any] = json.loads(json.dumps(self.event.to_dict()))
        return {
            "event": event_data,
            "staff": staff_to_dict(self.staff),
            "round_started_at": self.round_started_at,
        }

    @classmethod
    def from_dict(cls, kind: str, data: dict[str, Any]) -> Tournament:
        """Rebuild a stored snapshot (raises `DataFileError`)."""
        if kind not in KINDS:
            raise DataFileError(_("stored event has unknown kind {kind}", kind=repr(kind)))
        if not isinstance(data, dict) or "event" not in data:
            raise DataFileError(_("stored event snapshot is malformed"))
        started = data.get("round_started_at")
        return cls(
            kind,
            KINDS[kind].from_dict(data["event"]),
            staff_from_dict(data.get("staff")),
            None if started is None else float(started),
        )


class Base(DeclarativeBase):
    """Declarative base of the tournament tables."""


class MetaRow(Base):
    """Marks the database as ludoteca's and records its schema version."""

    __tablename__ = "ludoteca_meta"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(String(256))


class EventRow(Base):
    """One event: its kind, its current snapshot and revision."""

    __tablename__ = "tournament_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    kind: Mapped[str] = mapped_column(String(16))
    revision: Mapped[int] = mapped_column(Integer, default=0)
    snapshot: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class OperationRow(Base):
    """One change to an event, in order: what was done, with which arguments."""

    __tablename__ = "tournament_operations"
    __table_args__ = (UniqueConstraint("event_id", "revision"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("tournament_events.id"))
    revision: Mapped[int] = mapped_column(Integer)
    operation: Mapped[str] = mapped_column(String(64))
    arguments: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def database_url(location: str) -> str:
    """A SQLAlchemy URL from a URL or a plain file path (SQLite)."""
    return location if "://" in location else f"sqlite:///{location}"


def _shown(location: str) -> str:
    """A file path as given; a URL with its password hidden."""
    return shown(location) if "://" in location else location


def _check_sqlite_file(location: str) -> None:
    if "://" in location:
        return
    path = Path(location)
    if path.is_dir():
        raise DataFileError(
            _("{location} is a directory, not a tournament database file", location=location)
        )
    if not path.exists() or path.stat().st_size == 0:
        return
    try:
        with path.open("rb") as handle:
            header = handle.read(16)
    except OSError as exc:
        raise DataFileError(
            _(
                "{location}: cannot read it ({strerror})",
                location=location,
                strerror=str(exc.strerror),
            )
        ) from None
    if header != b"SQLite format 3\x00":
        raise DataFileError(
            _("{location} is not a ludoteca tournament database (not SQLite)", location=location)
        )


class TournamentStore:
    """Events in a database; `change()` is the only way to modify one."""

    def __init__(self, location: str) -> None:
        _check_sqlite_file(location)
        self.location = location
        self.engine: Engine = open_engine(database_url(location))
        try:
            self._prepare()
        except DatabaseError as exc:
            raise DataFileError(
                _(
                    "{location} is not a usable database: {orig}",
                    location=_shown(location),
                    orig=(str(exc.orig).strip().splitlines() or [""])[0],
                )
            ) from None

    def _prepare(self) -> None:
        tables = set(inspect(self.engine).get_table_names())
        if tables and "ludoteca_meta" not in tables:
            raise DataFileError(
                _(
                    "{location} is a database of something else, not ludoteca",
                    location=_shown(self.location),
                )
            )
        Base.metadata.create_all(self.engine)
        with Session(self.engine) as session, session.begin():
            marker = session.get(MetaRow, "app")
            if marker is None:
                session.add_all(
                    [MetaRow(key="app", value=APP_ID), MetaRow(key="schema", value="1")]
                )
            elif marker.value != APP_ID:
                raise DataFileError(
                    _(
                        "{location} belongs to {owner}, not ludoteca",
                        location=self.location,
                        owner=repr(marker.value),
                    )
                )
            else:
                schema = session.get(MetaRow, "schema")
                if schema is None or int(schema.value) != SCHEMA_VERSION:
                    raise DataFileError(
                        _("{location} has an unsupported schema version", location=self.location)
                    )

    def names(self) -> list[tuple[str, str, int]]:
        """Every event as (name, kind, revision)."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(EventRow.name, EventRow.kind, EventRow.revision).order_by(EventRow.id)
            )
            return [(name, kind, revision) for name, kind, revision in rows]

    def create(self, record: Tournament) -> None:
        """Store a new event (its name must be unused)."""
        now = datetime.now(UTC)
        try:
            with Session(self.engine) as session, session.begin():
                row = EventRow(
                    name=record.name,
                    kind=record.kind,
                    revision=1,
                    snapshot=record.to_dict(),
                    created_at=now,
                    updated_at=now,
                )
                session.add(row)
                session.flush()
                session.add(
                    OperationRow(
                        event_id=row.id,
                        revision=1,
                        operation="create",
                        arguments={"kind": record.kind},
                        at=now,
                    )
                )
        except IntegrityError:
            raise IllegalAction(
                _("an event named {name} already exists", name=repr(record.name))
            ) from None

    def load(self, name: str) -> Tournament:
        """The current state of event `name`."""
        with Session(self.engine) as session:
            row = self._row(session, name)
            return Tournament.from_dict(row.kind, row.snapshot)

    @contextmanager
    def change(self, name: str, operation: str, arguments: dict[str, Any]) -> Iterator[Tournament]:
        """Yield the event to modify; on normal exit store it and the journal line atomically.

        If the block raises, nothing is stored.
        """
        with Session(self.engine) as session, session.begin():
            row = self._row(session, name)
            revision = row.revision
            current = Tournament.from_dict(row.kind, row.snapshot)
            yield current
            now = datetime.now(UTC)
            statement = (
                update(EventRow)
                .where(EventRow.id == row.id, EventRow.revision == revision)
                .values(snapshot=current.to_dict(), revision=revision + 1, updated_at=now)
            )
            outcome: CursorResult[Any] = session.execute(statement)  # type: ignore[assignment]
            if outcome.rowcount != 1:
                raise IllegalAction(
                    _("event {name} was changed by someone else; try again", name=repr(name))
                )
            session.add(
                OperationRow(
                    event_id=row.id,
                    revision=revision + 1,
                    operation=operation,
                    arguments=arguments,
                    at=now,
                )
            )

    def journal(self, name: str) -> list[tuple[int, str, dict[str, Any]]]:
        """The event's operations in order: (revision, operation, arguments)."""
        with Session(self.engine) as session:
            row = self._row(session, name)
            ops = session.execute(
                select(OperationRow.revision, OperationRow.operation, OperationRow.arguments)
                .where(OperationRow.event_id == row.id)
                .order_by(OperationRow.revision)
            )
            return [(revision, op, dict(args)) for revision, op, args in ops]

    @staticmethod
    def _row(session: Session, name: str) -> EventRow:
        row = session.execute(select(EventRow).where(EventRow.name == name)).scalar_one_or_none()
        if row is None:
            raise IllegalAction(_("no event named {name}", name=repr(name)))
        return row
