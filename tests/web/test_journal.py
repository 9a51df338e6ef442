"""Group commit of the action log: one transaction for many tables' moves, each move
acknowledged only after its transaction; a refused move fails alone.
"""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy.exc import SQLAlchemyError

from ludoteca.web.shared.errors import WebError
from ludoteca.web.shared.records import Move, StoredSeat
from ludoteca.web.tables import journal as journal_module
from ludoteca.web.tables.journal import Journal
from ludoteca.web.tables.store import WebStore
from tests.web.conftest import is_sqlite


def test_concurrent_moves_share_transactions_and_all_are_stored(database: str) -> None:
    """40 tables moving at once: every move stored, in fewer transactions than moves."""
    store = WebStore(database)
    tables = [store.create_table("toinc", {}, n, [StoredSeat(0, "human")]).id for n in range(40)]

    async def play() -> Journal:
        journal = Journal(store)
        await asyncio.gather(
            *(journal.append(Move(t, i, 0, f"a{i}")) for i in range(3) for t in tables)
        )
        return journal

    journal = asyncio.run(play())
    assert journal.transactions < 120
    for table in tables:
        assert store.actions(table) == [(i, 0, f"a{i}") for i in range(3)]


def test_a_taken_index_fails_alone(database: str) -> None:
    """In a batch with a move whose index is taken, only that move is refused (409)."""
    store = WebStore(database)
    first, second = (store.create_table("toinc", {}, n, []).id for n in range(2))
    store.append_action(first, 0, 0, "old")

    async def play() -> list[BaseException | None]:
        journal = Journal(store)
        results = await asyncio.gather(
            journal.append(Move(first, 0, 1, "late")),
            journal.append(Move(second, 0, 0, "fine")),
            return_exceptions=True,
        )
        return list(results)

    late, fine = asyncio.run(play())
    assert isinstance(late, WebError) and late.status == 409
    assert fine is None
    assert store.actions(first) == [(0, 0, "old")]
    assert store.actions(second) == [(0, 0, "fine")]


def test_a_failed_transaction_fails_its_moves(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database error reaches every move of the batch; none is acknowledged."""
    store = WebStore(database)
    table = store.create_table("toinc", {}, 1, []).id

    def broken(_moves: list[Move]) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(store, "append_actions", broken)
    with pytest.raises(OSError, match="disk full"):
        asyncio.run(Journal(store).append(Move(table, 0, 0, "a")))
    monkeypatch.undo()
    assert store.actions(table) == []


def test_a_broken_writer_connection_is_replaced(database: str) -> None:
    """The log's writer keeps one connection; after any failed write it is dropped (with
    its transaction: nothing of the failed batch can be committed later) and the next
    write opens a new one."""
    store = WebStore(database)
    table = store.create_table("toinc", {}, 1, []).id
    store.append_action(table, 0, 0, "a")
    writer = store._writer
    assert writer is not None
    dbapi = writer.connection.dbapi_connection
    assert dbapi is not None
    dbapi.close()  # e.g. the database server restarted under us
    with pytest.raises(SQLAlchemyError):
        store.append_action(table, 1, 1, "b")
    assert store._writer is None
    store.append_action(table, 1, 1, "b")
    assert store._writer is not writer
    assert store.actions(table) == [(0, 0, "a"), (1, 1, "b")]
    store.close()


def test_checkpoints_run_beside_the_writer_every_so_many_transactions(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every CHECKPOINT_EVERY committed transactions one checkpoint is started, outside
    the commit of any move; every move is stored."""
    store = WebStore(database)
    table = store.create_table("toinc", {}, 1, []).id
    runs: list[int] = []
    monkeypatch.setattr(journal_module, "CHECKPOINT_EVERY", 5)
    monkeypatch.setattr(store, "checkpoint", lambda: runs.append(len(store.actions(table))))

    async def play() -> None:
        journal = Journal(store)
        for index in range(12):  # one move at a time: one transaction each
            await journal.append(Move(table, index, 0, f"a{index}"))
            if index == 6:  # let the first checkpoint finish: a due one waits for it
                await journal.stop()
        await journal.stop()

    asyncio.run(play())
    # A checkpoint runs beside the writer, so it may see moves committed after it started.
    assert len(runs) == 2 and runs[0] >= 5 and runs[1] >= 10
    assert len(store.actions(table)) == 12


def test_the_writer_leaves_sqlite_checkpoints_to_checkpoint(database: str) -> None:
    """On SQLite the log's writer never checkpoints in a commit; `checkpoint` copies the
    whole WAL into the database file."""
    if not is_sqlite(database):
        pytest.skip("WAL checkpoints are SQLite's")
    store = WebStore(database)
    table = store.create_table("toinc", {}, 1, []).id
    for index in range(30):
        store.append_action(table, index, 0, "a")
    assert store._writer is not None
    assert store._writer.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
    store.checkpoint()
    with store.engine.connect() as connection:
        busy, frames, copied = connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").one()
    assert busy == 0 and frames == copied
    assert len(store.actions(table)) == 30
    store.close()
