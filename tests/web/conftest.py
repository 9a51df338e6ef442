"""Fixtures of the web tests: an app on a fresh SQLite file, one agent pool per session."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import AbstractContextManager
from pathlib import Path

import pytest

with warnings.catch_warnings():
    # Starlette now prefers the `httpx2` package and warns when it finds `httpx`.
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from ludoteca.web import create_app
from ludoteca.web.ai import agent_pool
from tests.postgres import fresh_database

ClientFactory = Callable[[], AbstractContextManager[TestClient]]


@pytest.fixture(scope="session")
def pool() -> Iterator[ProcessPoolExecutor]:
    """Agent worker processes shared by every app of the session."""
    executor = agent_pool(1)
    yield executor
    executor.shutdown(cancel_futures=True)


# A PostgreSQL server's admin URL (postgresql+psycopg://user@127.0.0.1:port/postgres), set by
# scripts/with-postgres.sh under `make test`: every test using `database` runs on SQLite and
# again there, each PostgreSQL run in a database of its own, dropped afterwards.


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database: a SQLite file, then a new PostgreSQL database (tests.postgres)."""
    if request.param == "sqlite":
        yield str(tmp_path / "web.db")
        return
    with fresh_database() as url:
        yield url


def is_sqlite(database: str) -> bool:
    """True when the test database is a SQLite file."""
    return "://" not in database or database.startswith("sqlite")


@pytest.fixture
def make_client(database: str, pool: ProcessPoolExecutor) -> ClientFactory:
    """Start an app on `database` (call again for a restart on the same database)."""

    def factory() -> AbstractContextManager[TestClient]:
        return TestClient(create_app(database, pool=pool))

    return factory


@pytest.fixture
def client(make_client: ClientFactory) -> Iterator[TestClient]:
    """A running app on a fresh database."""
    with make_client() as running:
        yield running
