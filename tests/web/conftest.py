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

ClientFactory = Callable[[], AbstractContextManager[TestClient]]


@pytest.fixture(scope="session")
def pool() -> Iterator[ProcessPoolExecutor]:
    """Agent worker processes shared by every app of the session."""
    executor = agent_pool(1)
    yield executor
    executor.shutdown(cancel_futures=True)


@pytest.fixture
def database(tmp_path: Path) -> str:
    """A fresh SQLite database file."""
    return str(tmp_path / "web.db")


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
