"""The test PostgreSQL server (`scripts/with-postgres.sh` sets LUDOTECA_TEST_POSTGRES_URL,
its admin URL): a database of its own for each test that asks, dropped afterwards."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import create_engine, make_url

POSTGRES = os.environ.get("LUDOTECA_TEST_POSTGRES_URL")


@contextmanager
def fresh_database(prefix: str = "ludoteca_test") -> Iterator[str]:
    """A new database's URL (skips the test when there is no server)."""
    if not POSTGRES:
        pytest.skip("no PostgreSQL server: set LUDOTECA_TEST_POSTGRES_URL (make test does)")
    admin = create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    name = f"{prefix}_{secrets.token_hex(6)}"
    with admin.connect() as connection:
        connection.exec_driver_sql(f"CREATE DATABASE {name}")
    try:
        yield make_url(POSTGRES).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f"DROP DATABASE {name} WITH (FORCE)")
        admin.dispose()
