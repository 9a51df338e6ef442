"""Tournament events in the web app's database: one row per event plus its journal.

An event's state is the `ludoteca.tournament` library's own plain data
(`Tournament.to_dict()`), so the library stays the only place of the rules.
Every change writes the new snapshot and its journal line in one transaction,
guarded by the revision read (compare and swap): a change based on an old
revision is refused, so two writers never overwrite each other.
"""

from __future__ import annotations

import copy
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import select, tuple_, update
from sqlalchemy.engine import CursorResult, Engine
from sqlalchemy.orm import Session

from ludoteca.core.i18n import _
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.rulesets import DEFAULT
from ludoteca.tournament.store import Tournament
from ludoteca.web.events.forget import Swaps, forget_in_arguments, forget_player
from ludoteca.web.shared.db import EventOperationRow, EventRow
from ludoteca.web.shared.errors import conflict, not_found
from ludoteca.web.shared.records import as_utc

RUNNING = "running"
"""The status of a bot run that is not over (`web.event_bots`)."""

T = TypeVar("T")


@dataclass
class StoredEvent:
    """An event as stored: the library's `Tournament` and what the web app adds."""

    id: str
    name: str
    kind: str
    key_hash: str
    revision: int
    record: Tournament
    clock_paused: float | None = None
    bots: dict[str, Any] | None = None
    co_key_hash: str | None = None
    bots_played: int = 0  # a running bot run's games played, as its process last said


class EventStore:
    """Create, read and change events; `change` and `save` are the only writers."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(
        self, record: Tournament, key_hash: str, bots: dict[str, Any] | None = None
    ) -> StoredEvent:
        """Store a new event (revision 1, journal line `create`); returns it with its id."""
        now = datetime.now(UTC)
        event_id = secrets.token_urlsafe(9)
        with Session(self.engine) as session, session.begin():
            session.add(
                EventRow(
                    id=event_id,
                    name=record.name,
                    kind=record.kind,
                    key_hash=key_hash,
                    revision=1,
                    snapshot=record.to_dict(),
                    clock_paused=None,
                    bots=bots,
                    created_at=now,
                    updated_at=now,
                )
            )
            session.flush()
            arguments = {"kind": record.kind, "name": record.name, "bots": bots is not None}
            if isinstance(record.event, DuelEvent) and record.event.rules.name != DEFAULT:
                arguments["rules"] = record.event.rules.name
            session.add(_operation(event_id, 1, "create", arguments, now))
        return StoredEvent(event_id, record.name, record.kind, key_hash, 1, record, None, bots)

    def load(self, event_id: str) -> StoredEvent:
        """The current state of event `event_id` (404 if unknown)."""
        with Session(self.engine) as session:
            return _stored(self._row(session, event_id))

    def listing(self, limit: int, before: str | None = None) -> list[tuple[str, str, str]]:
        """At most `limit` events as (id, name, kind), newest first; with `before`, those
        made before that event (none if there is no such event)."""
        query = select(EventRow.id, EventRow.name, EventRow.kind)
        with Session(self.engine) as session:
            if before is not None:
                mark = session.execute(
                    select(EventRow.created_at, EventRow.id).where(EventRow.id == before)
                ).one_or_none()
                if mark is None:
                    return []
                query = query.where(
                    tuple_(EventRow.created_at, EventRow.id) < tuple_(mark[0], mark[1])
                )
            rows = session.execute(
                query.order_by(EventRow.created_at.desc(), EventRow.id.desc()).limit(limit)
            )
            return [(event_id, name, kind) for event_id, name, kind in rows]

    def record_played(self, event_id: str, played: int) -> None:
        """Note the games a bot run has played so far (not a change of the event: no
        revision, no journal line), for the processes that do not play it."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(EventRow).where(EventRow.id == event_id).values(bots_played=played)
            )

    def running_bots(self) -> list[str]:
        """The ids of the bot events whose run is not over."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(EventRow.id, EventRow.bots).where(EventRow.bots.is_not(None))
            )
            return [row.id for row in rows if (row.bots or {}).get("status") == RUNNING]

    def change(
        self,
        event_id: str,
        operation: str,
        arguments: dict[str, Any],
        apply: Callable[[StoredEvent], T],
    ) -> tuple[T, StoredEvent]:
        """Load the event, let `apply` modify it, store it with a journal line, atomically.

        If `apply` raises, nothing is stored.
        """
        with Session(self.engine) as session, session.begin():
            current = _stored(self._row(session, event_id))
            outcome = apply(current)
            self._write(session, current, operation, arguments)
        return outcome, current

    def forget_player(self, event_id: str, player_id: str) -> Swaps:
        """Rename a deleted account's player `#<number>` in the event's snapshot and its
        journal's arguments (`forget.py`), with a journal line saying so; what each old
        name and id became (empty if the event has no such player)."""
        with Session(self.engine) as session, session.begin():
            row = self._row(session, event_id)
            snapshot = copy.deepcopy(dict(row.snapshot))
            swaps = forget_player(snapshot, player_id)
            if not swaps:
                return swaps
            event = _stored(row)
            event.record = Tournament.from_dict(row.kind, snapshot)  # still an event
            lines = session.scalars(
                select(EventOperationRow).where(EventOperationRow.event_id == event_id)
            )
            for line in lines:
                arguments = forget_in_arguments(dict(line.arguments), swaps)
                if arguments != line.arguments:
                    line.arguments = arguments
            renamed = {"player": swaps.ids.get(player_id, player_id)}
            self._write(session, event, "forget-player", renamed)
        return swaps

    def save(self, event: StoredEvent, operation: str, arguments: dict[str, Any]) -> None:
        """Store `event`, changed since it was loaded at `event.revision` (409 if stale)."""
        with Session(self.engine) as session, session.begin():
            self._write(session, event, operation, arguments)

    def set_co_key(self, event: StoredEvent, hashed: str | None) -> None:
        """Hand out (the hash of) a new co-organizer key, replacing any other, or revoke
        it (None); a journal line says which, never the key."""
        now = datetime.now(UTC)
        with Session(self.engine) as session, session.begin():
            statement = (
                update(EventRow)
                .where(EventRow.id == event.id, EventRow.revision == event.revision)
                .values(co_key_hash=hashed, revision=event.revision + 1, updated_at=now)
            )
            outcome: CursorResult[Any] = session.execute(statement)  # type: ignore[assignment]
            if outcome.rowcount != 1:
                raise conflict(
                    _(
                        "event {event_id} was changed meanwhile; reload and try again",
                        event_id=event.id,
                    )
                )
            event.revision += 1
            event.co_key_hash = hashed
            line = {"link": "made" if hashed else "revoked"}
            session.add(_operation(event.id, event.revision, "co-organizer", line, now))

    def journal(self, event_id: str) -> list[dict[str, Any]]:
        """The event's operations in order."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(EventOperationRow)
                .where(EventOperationRow.event_id == event_id)
                .order_by(EventOperationRow.revision)
            )
            return [
                {
                    "revision": row.revision,
                    "operation": row.operation,
                    "arguments": dict(row.arguments),
                    "at": as_utc(row.at).isoformat(),
                }
                for row in rows
            ]

    @staticmethod
    def _write(
        session: Session, event: StoredEvent, operation: str, arguments: dict[str, Any]
    ) -> None:
        now = datetime.now(UTC)
        statement = (
            update(EventRow)
            .where(EventRow.id == event.id, EventRow.revision == event.revision)
            .values(
                snapshot=event.record.to_dict(),
                revision=event.revision + 1,
                clock_paused=event.clock_paused,
                bots=event.bots,
                updated_at=now,
            )
        )
        outcome: CursorResult[Any] = session.execute(statement)  # type: ignore[assignment]
        if outcome.rowcount != 1:
            raise conflict(
                _("event {event_id} was changed meanwhile; reload and try again", event_id=event.id)
            )
        event.revision += 1
        session.add(_operation(event.id, event.revision, operation, arguments, now))

    @staticmethod
    def _row(session: Session, event_id: str) -> EventRow:
        row = session.get(EventRow, event_id)
        if row is None:
            raise not_found(_("no event {event_id}", event_id=repr(event_id)))
        return row


def _stored(row: EventRow) -> StoredEvent:
    return StoredEvent(
        row.id,
        row.name,
        row.kind,
        row.key_hash,
        row.revision,
        Tournament.from_dict(row.kind, dict(row.snapshot)),
        row.clock_paused,
        None if row.bots is None else dict(row.bots),
        row.co_key_hash,
        row.bots_played or 0,
    )


def _operation(
    event_id: str, revision: int, operation: str, arguments: dict[str, Any], at: datetime
) -> EventOperationRow:
    return EventOperationRow(
        event_id=event_id, revision=revision, operation=operation, arguments=arguments, at=at
    )
