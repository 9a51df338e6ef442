"""The action log (issue 8, "Trust"): a move is stored before it is acknowledged, every
table is rebuilt from its log at start, a stale or duplicated move is refused.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect
from sqlalchemy.exc import OperationalError

from ludoteca.database import open_engine
from ludoteca.web.shared.db import Base, database_url, migrate
from ludoteca.web.shared.errors import WebError
from ludoteca.web.tables.store import WebStore
from tests.web.conftest import ClientFactory, is_sqlite
from tests.web.helpers import create, play_random, view, wait_for_turn


def test_every_acknowledged_move_survives_a_restart(make_client: ClientFactory) -> None:
    """A new app on the same database has every acknowledged move; play goes on."""
    rng = random.Random(5)
    with make_client() as client:
        created = create(client, "toxicity", ["human", "human", "human"])
        table, tokens = created["id"], [s["token"] for s in created["seats"]]
        play_random(client, table, tokens, rng, 12)
        before = {seat: view(client, table, tokens[seat]) for seat in range(3)}
    with make_client() as client:
        for seat in range(3):
            again = view(client, table, tokens[seat])
            assert again == before[seat]
        play_random(client, table, tokens, rng, 3)
        assert view(client, table, None)["index"] == 15


def test_a_move_is_in_the_database_when_acknowledged(client: TestClient, database: str) -> None:
    """Right after a 200, another connection to the database reads the move."""
    created = create(client, "toinc", ["human", "human"])
    table, token = created["id"], created["seats"][0]["token"]
    action = view(client, table, token)["actions"][0]["action"]
    response = client.post(
        f"/api/tables/{table}/actions", params={"token": token}, json={"index": 0, "action": action}
    )
    assert response.status_code == 200
    assert WebStore(database).actions(table) == [(0, 0, action)]


def test_a_move_the_database_refuses_is_not_played(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """If storing fails, the move is refused (503) and the table is unchanged."""
    created = create(client, "toinc", ["human", "human"])
    table, token = created["id"], created["seats"][0]["token"]
    before = view(client, table, token)
    store = client.app.state.service.store  # type: ignore[attr-defined]

    def broken(*_args: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("disk I/O error"))

    monkeypatch.setattr(store, "append_actions", broken)
    response = client.post(
        f"/api/tables/{table}/actions",
        params={"token": token},
        json={"index": 0, "action": before["actions"][0]["action"]},
    )
    assert response.status_code == 503 and "nothing changed" in response.json()["error"]
    assert view(client, table, token) == before


def test_duplicate_and_stale_moves_are_refused(client: TestClient) -> None:
    """The same move sent twice (double click, two tabs) and an old index: 409, no change."""
    created = create(client, "toinc", ["human", "human"])
    table, token = created["id"], created["seats"][0]["token"]
    action = view(client, table, token)["actions"][0]["action"]
    body = {"index": 0, "action": action}
    first = client.post(f"/api/tables/{table}/actions", params={"token": token}, json=body)
    assert first.status_code == 200
    after = view(client, table, None)
    second = client.post(f"/api/tables/{table}/actions", params={"token": token}, json=body)
    assert second.status_code == 409 and "stale move" in second.json()["error"]
    ahead = {"index": after["index"] + 5, "action": action}
    third = client.post(f"/api/tables/{table}/actions", params={"token": token}, json=ahead)
    assert third.status_code == 409
    assert view(client, table, None) == after


def test_the_log_refuses_a_second_move_at_one_index(database: str) -> None:
    """Two writers (two server processes) cannot both store move n: the key refuses it."""
    store = WebStore(database)
    record = store.create_table("toinc", {}, 1, [])
    store.append_action(record.id, 0, 0, "a")
    with pytest.raises(WebError) as refused:
        WebStore(database).append_action(record.id, 0, 1, "b")
    assert refused.value.status == 409
    assert store.actions(record.id) == [(0, 0, "a")]


def test_agents_resume_after_a_restart(make_client: ClientFactory) -> None:
    """A table whose turn is a computer seat's goes on by itself after a restart."""
    with make_client() as client:
        created = create(client, "toinc", ["random", "random"])
        table = created["id"]
    with make_client() as client:
        finished = wait_for_turn(client, table, "", -1)
        assert finished["observation"]["terminal"]


def test_migrations_build_the_schema_of_the_models(database: str) -> None:
    """Alembic's schema matches the SQLAlchemy models, and upgrading twice is harmless."""
    engine = open_engine(database_url(database))
    migrate(engine)
    migrate(engine)
    tables = set(inspect(engine).get_table_names())
    assert set(Base.metadata.tables) <= tables and "alembic_version" in tables
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert differences == []
    if is_sqlite(database):
        with engine.connect() as connection:
            mode = connection.exec_driver_sql("PRAGMA journal_mode").scalar()
        assert mode == "wal"
    engine.dispose()
