"""Events in SQLite: atomic changes, a journal, refusal of foreign files, no lost result."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ludoteca.core import DataFileError, IllegalAction
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.event_rules import EventStaff, Tier
from ludoteca.tournament.players import Result
from ludoteca.tournament.store import Tournament, TournamentStore
from tests.patience import PATIENCE


def make_store(tmp_path: Path, players: int = 6) -> TournamentStore:
    store = TournamentStore(str(tmp_path / "t.db"))
    event = DuelEvent("cup", seed=1)
    for i in range(1, players + 1):
        event.add_player(f"p{i}", f"Player {i}")
    store.create(Tournament("duel", event, EventStaff(Tier.LOCAL)))
    return store


def test_changes_are_stored_with_a_journal(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    with store.change("cup", "pair", {}) as record:
        assert isinstance(record.event, DuelEvent)
        record.event.pair_next_round()
    with store.change("cup", "report", {"table": 1}) as record:
        assert isinstance(record.event, DuelEvent)
        record.event.report(1, 1, Result.WIN)
    stored = TournamentStore(str(tmp_path / "t.db")).load("cup")
    again = stored.event
    assert stored.kind == "duel" and isinstance(again, DuelEvent)
    assert again.rounds[0].matches[0].result is Result.WIN
    assert [op for _, op, _ in store.journal("cup")] == ["create", "pair", "report"]


def test_a_refused_change_stores_nothing(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    with pytest.raises(IllegalAction, match="no round 3"), store.change("cup", "report", {}) as r:
        assert isinstance(r.event, DuelEvent)
        r.event.pair_next_round()
        r.event.report(3, 1, Result.WIN)
    event = store.load("cup").event
    assert isinstance(event, DuelEvent) and event.rounds == []
    assert len(store.journal("cup")) == 1


def test_a_concurrent_writer_is_refused(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    other = TournamentStore(str(tmp_path / "t.db"))
    with (
        pytest.raises(IllegalAction, match="changed by someone else"),
        store.change("cup", "drop", {}) as mine,
    ):
        with other.change("cup", "drop", {}) as theirs:
            assert isinstance(theirs.event, DuelEvent)
            theirs.event.drop("p2")
        assert isinstance(mine.event, DuelEvent)
        mine.event.drop("p3")
    event = store.load("cup").event
    assert isinstance(event, DuelEvent)
    assert event.players["p2"].dropped and not event.players["p3"].dropped


def test_duplicate_event_names_are_refused(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    with pytest.raises(IllegalAction, match="already exists"):
        store.create(Tournament("duel", DuelEvent("cup"), EventStaff(Tier.LOCAL)))


def test_unknown_event_is_named(tmp_path: Path) -> None:
    with pytest.raises(IllegalAction, match="no event named 'nope'"):
        make_store(tmp_path).load("nope")


def test_a_file_that_is_not_sqlite_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("shopping list\n")
    with pytest.raises(DataFileError, match="not a ludoteca tournament database"):
        TournamentStore(str(path))
    assert path.read_text() == "shopping list\n"


def test_a_foreign_sqlite_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE invoices (id INTEGER)")
    with pytest.raises(DataFileError, match="database of something else"):
        TournamentStore(str(path))


WRITER = """
import sys
from ludoteca.tournament.players import Result
from ludoteca.tournament.store import TournamentStore
store = TournamentStore(sys.argv[1])
for number in range(1, 1000):
    with store.change("cup", "pair", {}) as record:
        record.event.pair_next_round()
    for table in range(1, 5):
        with store.change("cup", "report", {}) as record:
            record.event.report(number, table, Result.WIN)
        print(f"ack {number} {table}", flush=True)
"""


def test_killing_the_process_loses_no_acknowledged_result(tmp_path: Path) -> None:
    make_store(tmp_path, players=8)
    process = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(tmp_path / "t.db")],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    acknowledged: list[tuple[int, int]] = []
    deadline = time.monotonic() + PATIENCE
    while len(acknowledged) < 25 and time.monotonic() < deadline:
        _, number, table = process.stdout.readline().split()
        acknowledged.append((int(number), int(table)))
    process.send_signal(signal.SIGKILL)
    process.wait()
    event = TournamentStore(str(tmp_path / "t.db")).load("cup").event
    assert isinstance(event, DuelEvent)
    for number, table in acknowledged:
        assert event.rounds[number - 1].matches[table - 1].result is Result.WIN
