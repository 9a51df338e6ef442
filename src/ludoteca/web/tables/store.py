"""Tables, seats and moves kept in the database; a move is stored before it is acknowledged.

Seat tokens are random (`secrets.token_urlsafe`) and only their SHA-256 is
stored. The action log is append-only: `(table, index)` is its key, so a
second move at an index already taken (a double click, two tabs, two server
processes) fails to insert and is refused.

On PostgreSQL every change of a table is announced, in its own transaction
(`web.notices`, delivered on commit): the other server processes on the same database
catch the table up from the store (`web.fanout`).
"""

from __future__ import annotations

import secrets
import threading
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, insert, or_, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.engine import Connection, CursorResult
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ludoteca.core.i18n import _
from ludoteca.database import open_engine
from ludoteca.web.shared.db import (
    ActionRow,
    LeaseRow,
    SeatRow,
    TableRow,
    database_url,
    migrate,
)
from ludoteca.web.shared.errors import conflict
from ludoteca.web.shared.notices import announce, moves_payloads, new_origin
from ludoteca.web.shared.records import (
    AGENT,
    HUMAN,
    OPEN,
    Move,
    StoredSeat,
    StoredTable,
    as_utc,
)


def new_table_id() -> str:
    """A new table's id: 12 random URL-safe characters (`secrets`)."""
    return secrets.token_urlsafe(9)


class WebStore:
    """The database of the web app: create tables, claim seats, append moves, load all."""

    def __init__(self, location: str) -> None:
        self.url = database_url(location)
        self.engine = open_engine(self.url)
        migrate(self.engine)
        # The action log's writer keeps one connection: a pool checkout, an ORM
        # session and its flush cost more CPU than the insert and its commit.
        self._writer: Connection | None = None
        self._writer_lock = threading.Lock()
        self.announces = self.engine.dialect.name == "postgresql"
        """True when changes are announced to other processes (PostgreSQL's NOTIFY)."""
        self.origin = new_origin()
        """This store's name in its announcements (its own listener skips them)."""

    def _announce(
        self, connection: Connection | Session, payloads: list[str], moves: bool = False
    ) -> None:
        announce(self.engine, connection, self.origin, payloads, moves)

    def close(self) -> None:
        """Release the connections."""
        with self._writer_lock:
            self._drop_writer()
        self.engine.dispose()

    def create_table(
        self,
        game: str,
        options: dict[str, Any],
        seed: int,
        seats: list[StoredSeat],
        *,
        seeded: bool = False,
        hotseat: bool = False,
        device_hash: str | None = None,
        listed: bool = True,
        clock: dict[str, Any] | None = None,
        table_id: str | None = None,
        rated: bool = False,
    ) -> StoredTable:
        """Store a new table; returns it with its new id (`table_id` if given, drawn by
        `new_table_id`)."""
        now = datetime.now(UTC)
        table_id = table_id or new_table_id()
        with Session(self.engine) as session, session.begin():
            session.add(
                TableRow(
                    id=table_id,
                    game=game,
                    options=options,
                    seed=seed,
                    seeded=seeded,
                    hotseat=hotseat,
                    device_hash=device_hash,
                    listed=listed,
                    clock=clock,
                    rated=rated,
                    created_at=now,
                )
            )
            session.flush()
            for seat in seats:
                session.add(
                    SeatRow(
                        table_id=table_id,
                        seat=seat.seat,
                        kind=seat.kind,
                        agent=seat.agent,
                        token_hash=seat.token_hash,
                        name=seat.name,
                    )
                )
            self._announce(session, [f"{table_id} *"])
        return StoredTable(
            table_id,
            game,
            options,
            seed,
            now,
            seats,
            seeded=seeded,
            hotseat=hotseat,
            device_hash=device_hash,
            listed=listed,
            clock=clock,
            rated=rated,
        )

    def claim_seat(
        self, table_id: str, seat: int, hashed: str, name: str | None, at: datetime
    ) -> None:
        """Turn an open seat into a human seat with this token hash, taken `at` (once only)."""
        with Session(self.engine) as session, session.begin():
            statement = (
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.kind == OPEN)
                .values(kind=HUMAN, token_hash=hashed, name=name, joined_at=at)
            )
            outcome: CursorResult[Any] = session.execute(statement)  # type: ignore[assignment]
            if outcome.rowcount != 1:
                raise conflict(
                    _("seat {seat} of table {table_id} is not open", seat=seat, table_id=table_id)
                )
            self._announce(session, [f"{table_id} *"])

    def rekey_seat(self, table_id: str, seat: int, hashed: str) -> None:
        """Give a person's seat a new token hash (the old token stops working)."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.kind == HUMAN)
                .values(token_hash=hashed)
            )
            self._announce(session, [f"{table_id} *"])

    def name_seat(self, table_id: str, seat: int, name: str | None) -> None:
        """Store the name a seat's person gave themselves (None: no name)."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(name=name)
            )
            self._announce(session, [f"{table_id} *"])

    def append_action(self, table_id: str, index: int, seat: int, action: str) -> None:
        """Store move `index` durably (raises a 409 `WebError` if that index is taken)."""
        self.append_actions([Move(table_id, index, seat, action)])

    def append_actions(self, moves: list[Move]) -> datetime:
        """Store several moves (of any tables) in one transaction: all or none (409).

        Returns once the transaction is committed (on SQLite: synced to disk), with the
        time stored with them.
        """
        now = datetime.now(UTC)
        rows = [
            {
                "table_id": m.table_id,
                "index": m.index,
                "seat": m.seat,
                "action": m.action,
                "at": now,
                "timeout": m.timeout,
            }
            for m in moves
        ]
        with self._writer_lock:
            if self._writer is None:
                self._writer = self._open_writer()
            try:
                self._writer.execute(insert(ActionRow), rows)
                self._announce(self._writer, moves_payloads(moves, now), moves=True)
                self._writer.commit()
            except IntegrityError:
                self._writer.rollback()
                first = moves[0]
                raise conflict(
                    _(
                        "move {index} of table {table_id} is already stored (stale or duplicate)",
                        index=first.index,
                        table_id=first.table_id,
                    )
                ) from None
            except BaseException:
                self._drop_writer()  # it may be broken: the next write opens a new one
                raise
        return now

    def _open_writer(self) -> Connection:
        connection = self.engine.connect()
        if self.engine.dialect.name == "sqlite":
            # Copying the WAL into the database (with its own sync) would stall the
            # move whose commit fills the WAL, and every move queued behind it, for
            # up to half a second on a busy disk: `checkpoint` does it beside the writer.
            connection.exec_driver_sql("PRAGMA wal_autocheckpoint=0")
        return connection

    def checkpoint(self) -> None:
        """SQLite: copy the WAL into the database file without blocking the log's writer
        (a PASSIVE checkpoint, on a connection of its own). Other databases: nothing."""
        if self.engine.dialect.name != "sqlite":
            return
        with self.engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def _drop_writer(self) -> None:
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.invalidate()
            writer.close()

    def take_lease(self, table_id: str, owner: str, seconds: float) -> bool:
        """Hold (or renew) the lease on a table's computer seats for `seconds`, unless
        another owner holds one that has not run out (the database's clock decides)."""
        new = pg_insert(LeaseRow).values(
            table_id=table_id, owner=owner, until=func.now() + timedelta(seconds=seconds)
        )
        statement = new.on_conflict_do_update(
            index_elements=[LeaseRow.table_id],
            set_={"owner": new.excluded.owner, "until": new.excluded.until},
            where=or_(LeaseRow.owner == new.excluded.owner, LeaseRow.until < func.now()),
        ).returning(LeaseRow.owner)
        with Session(self.engine) as session, session.begin():
            return session.execute(statement).first() is not None

    def release_lease(self, key: str, owner: str) -> None:
        """Give up one lease of `owner` (its work is done)."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(LeaseRow).where(LeaseRow.table_id == key, LeaseRow.owner == owner)
            )

    def release_leases(self, owner: str) -> None:
        """Give up every lease of `owner` (a process stopping: another takes over now)."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(LeaseRow).where(LeaseRow.owner == owner))

    def mark_rematch(self, table_id: str, rematch_id: str) -> None:
        """Note the table of a finished table's rematch."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(TableRow).where(TableRow.id == table_id).values(rematch_id=rematch_id)
            )
            self._announce(session, [f"{table_id} *"])

    def mark_finished(self, table_id: str) -> None:
        """Note when a table's game ended (the log alone also tells it)."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(finished_at=datetime.now(UTC))
            )

    def load_needed(self, listed: int, recent: float) -> list[StoredTable]:
        """The unfinished tables a server process holds from its start (`web.replica`):
        those with computer seats or a clock, whose moves may fall due with nobody asking;
        those made or moved in the last `recent` seconds (their people come back at once);
        and the newest `listed` listed ones (the lobby's); oldest first. Any other table
        is loaded when it is asked for."""
        unfinished = TableRow.finished_at.is_(None)
        since = datetime.now(UTC) - timedelta(seconds=recent)
        with Session(self.engine) as session:
            rows = session.execute(
                select(TableRow.id, TableRow.clock, TableRow.listed, TableRow.created_at)
                .where(unfinished)
                .order_by(TableRow.created_at.desc())
            ).all()
            busy = set(
                session.scalars(
                    select(SeatRow.table_id)
                    .join(TableRow, TableRow.id == SeatRow.table_id)
                    .where(unfinished, SeatRow.kind == AGENT)
                )
            )
            busy.update(
                session.scalars(
                    select(ActionRow.table_id)
                    .join(TableRow, TableRow.id == ActionRow.table_id)
                    .where(unfinished, ActionRow.at >= since)
                    .distinct()
                )
            )
        wanted = {
            table_id
            for table_id, clock, _shown, made in rows
            if clock or table_id in busy or as_utc(made) >= since
        }
        wanted.update([table_id for table_id, _c, shown, _at in rows if shown][:listed])
        ids = [table_id for table_id, *_rest in reversed(rows) if table_id in wanted]
        return [
            table
            for start in range(0, len(ids), 500)
            for table in self._load(ids[start : start + 500])
        ]

    def existing(self, ids: list[str]) -> set[str]:
        """Those of the table ids `ids` that are stored."""
        with Session(self.engine) as session:
            return set(session.scalars(select(TableRow.id).where(TableRow.id.in_(ids))))

    def load_table(self, table_id: str, since: int = 0) -> StoredTable | None:
        """One table with its seats and its action log from move `since` on (a process
        catching up reads only the moves it lacks); None: no such table."""
        found = self._load([table_id], since)
        return found[0] if found else None

    def _load(self, ids: list[str], since: int = 0) -> list[StoredTable]:
        """The tables `ids` with their seats and logs (from move `since`: `actions`, `times`
        and `movers` then start there), oldest first."""
        tables_of = select(TableRow).where(TableRow.id.in_(ids)).order_by(TableRow.created_at)
        seats_of = select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)
        actions_of = (
            select(
                ActionRow.table_id,
                ActionRow.action,
                ActionRow.at,
                ActionRow.seat,
                ActionRow.timeout,
                ActionRow.index,
            )
            .where(ActionRow.table_id.in_(ids), ActionRow.index >= since)
            .order_by(ActionRow.table_id, ActionRow.index)
        )
        with Session(self.engine) as session:
            tables = {
                row.id: StoredTable(
                    row.id,
                    row.game,
                    dict(row.options),
                    row.seed,
                    as_utc(row.created_at),
                    [],
                    seeded=row.seeded,
                    hotseat=row.hotseat,
                    device_hash=row.device_hash,
                    listed=row.listed,
                    clock=row.clock,
                    rematch=row.rematch_id,
                    rated=row.rated,
                )
                for row in session.scalars(tables_of)
            }
            if not tables:
                return []
            # Another server process may add a table between these reads: its rows wait
            # for its announcement.
            for seat in session.scalars(seats_of):
                if seat.table_id in tables:
                    joined = None if seat.joined_at is None else as_utc(seat.joined_at)
                    tables[seat.table_id].seats.append(
                        StoredSeat(
                            seat.seat, seat.kind, seat.agent, seat.token_hash, seat.name, joined
                        )
                    )
            for owner, action, at, mover, timeout, index in session.execute(actions_of):
                table = tables.get(owner)
                if table is None:
                    continue
                table.actions.append(action)
                table.times.append(as_utc(at))
                table.movers.append(mover)
                if timeout:
                    table.timeouts.append(index)
        return list(tables.values())

    def actions(self, table_id: str) -> list[tuple[int, int, str]]:
        """The stored log of one table: (index, seat, action) in order."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(ActionRow.index, ActionRow.seat, ActionRow.action)
                .where(ActionRow.table_id == table_id)
                .order_by(ActionRow.index)
            )
            return [(index, seat, action) for index, seat, action in rows]
