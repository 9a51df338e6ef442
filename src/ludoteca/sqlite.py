"""Settings every ludoteca SQLite database uses (the tournament store and the web app)."""

from __future__ import annotations

import sqlite3

from sqlalchemy import event
from sqlalchemy.engine import Engine


def use_durable_sqlite(engine: Engine) -> None:
    """On each new connection: WAL, a full sync on every commit, foreign keys enforced.

    A committed change then survives a killed process (and a power cut).
    """
    event.listen(engine, "connect", _pragmas)


def _pragmas(connection: sqlite3.Connection, _record: object) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
