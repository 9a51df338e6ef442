"""Fixtures of the web tests: an app on a fresh SQLite file, one agent pool per session, two
apps on one PostgreSQL database."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import AbstractContextManager, ExitStack
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ludoteca.web import create_app
from ludoteca.web.tables.ai import agent_pool
from tests.patience import eventually
from tests.postgres import fresh_database
from tests.web.webhook_receiver import Receiver, receiving

ClientFactory = Callable[[], AbstractContextManager[TestClient]]


@pytest.fixture(scope="session")
def pool() -> Iterator[ProcessPoolExecutor]:
    """Agent worker processes shared by every app of the session. They run at the tests'
    own priority: here the worker competes with the other test worker, not with its server,
    and a lowered one was starved on a loaded machine (a 17 s study took over 300 s)."""
    executor = agent_pool(1, niceness=0)
    yield executor
    executor.shutdown(cancel_futures=True)


# A PostgreSQL server's admin URL (postgresql+psycopg://user@127.0.0.1:port/postgres), set by
# scripts/with-postgres.sh under `make test`: every test using `database` runs on SQLite and
# again there, each PostgreSQL run in a database of its own, dropped afterwards.


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test's PostgreSQL twin runs for its first case only when it has several (bad
    inputs refused before storage, one game or another): every case still runs on SQLite.
    A test marked `every_database` (a case the database treats apart: NULs, integer ranges)
    runs every case on both."""
    kept, dropped, seen = [], [], set()
    for item in items:
        spec = getattr(item, "callspec", None)
        if spec is None or spec.params.get("database") != "postgresql" or len(spec.params) < 2:
            kept.append(item)
            continue
        name = item.nodeid.split("[")[0]
        if name in seen and item.get_closest_marker("every_database") is None:
            dropped.append(item)
            continue
        seen.add(name)
        kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


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


@pytest.fixture
def pair(database: str, pool: ProcessPoolExecutor) -> Iterator[tuple[TestClient, TestClient]]:
    """Two apps on one PostgreSQL database, both listening."""
    if is_sqlite(database):
        pytest.skip("SQLite is one server process: nothing is announced")
    with ExitStack() as stack:
        apps = [stack.enter_context(TestClient(create_app(database, pool=pool))) for _ in "ab"]
        for client in apps:
            listener = client.app.state.listener  # type: ignore[attr-defined]
            eventually(listener.ready.is_set, "a listener connecting")
        yield apps[0], apps[1]


@pytest.fixture
def apps(
    database: str, pool: ProcessPoolExecutor, monkeypatch: pytest.MonkeyPatch
) -> Iterator[list[TestClient]]:
    """Two server processes' apps on one database, reached over HTTPS (a Secure cookie is
    sent back only there). Passwords are hashed with Argon2id at its lightest here (the
    suite signs in hundreds of times; `test_accounts` checks the shipped settings once)."""
    from argon2 import PasswordHasher

    from ludoteca.web.accounts import passwords

    light = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    monkeypatch.setattr(passwords, "_hasher", light)
    passwords._dummy.cache_clear()  # made again with the light hasher, and after it
    with ExitStack() as stack:
        yield [
            stack.enter_context(
                TestClient(create_app(database, pool=pool), base_url="https://testserver")
            )
            for _ in "ab"
        ]
    passwords._dummy.cache_clear()


@pytest.fixture
def receiver() -> Iterator[tuple[str, type[Receiver]]]:
    """A webhook receiver on loopback: its URL and the class whose `got` keeps the POSTs."""
    with receiving() as found:
        yield found
