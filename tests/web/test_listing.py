"""Listed and unlisted tables (issue 19, "People, not seats"): the lobby lists only the
tables their creators chose to list; every other table is reached by its links."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import text

from ludoteca.database import open_engine
from ludoteca.web.shared.db import MIGRATIONS, database_url
from ludoteca.web.tables.api import ASKED
from tests.web.conftest import ClientFactory
from tests.web.helpers import create, view


def _listed(client: TestClient) -> list[str]:
    return [table["id"] for table in client.get("/api/tables").json()["tables"]]


def test_a_table_without_an_open_seat_is_unlisted_but_its_links_work(client: TestClient) -> None:
    created = create(client, "toinc", ["human", "random"])
    table, token = created["id"], created["seats"][0]["token"]
    assert table not in _listed(client)
    assert view(client, table, None)["table"]["id"] == table  # the spectator's link
    assert view(client, table, token)["seat"] == 0  # the seat's link


def test_an_open_seat_lists_the_table_unless_its_creator_says_not(client: TestClient) -> None:
    open_seat = create(client, "toinc", ["human", "open"])["id"]
    assert open_seat in _listed(client)
    hidden = create(client, "toinc", ["human", "open"], listed=False)["id"]
    assert hidden not in _listed(client)
    shown = create(client, "toinc", ["human", "random"], listed=True)["id"]
    assert _listed(client)[0] == shown  # newest first


def test_listed_must_be_a_boolean_and_nothing_is_made_otherwise(client: TestClient) -> None:
    before = len(client.app.state.service.tables)  # type: ignore[attr-defined]
    seats = [{"kind": "human"}, {"kind": "agent", "agent": "random"}]
    answer = client.post("/api/tables", json={"game": "toinc", "seats": seats, "listed": "yes"})
    assert answer.status_code == 400
    assert answer.json()["error"] == "field 'listed' must be true or false"
    assert len(client.app.state.service.tables) == before  # type: ignore[attr-defined]


def test_a_browser_finds_its_own_unlisted_tables_by_id(client: TestClient) -> None:
    """ "Your games": `?ids=` gives the tables of those ids, listed or not; unknown ids are
    skipped, repeated ones given once, and more than `ASKED` ids refused."""
    mine = create(client, "toinc", ["human", "random"])["id"]
    found = client.get("/api/tables", params={"ids": f"{mine},nosuchtable,{mine}"})
    assert [t["id"] for t in found.json()["tables"]] == [mine]
    assert "token" not in found.text
    too_many = ",".join(f"t{n}" for n in range(ASKED + 1))
    refused = client.get("/api/tables", params={"ids": too_many})
    assert refused.status_code == 400 and str(ASKED) in refused.json()["error"]
    huge = client.get("/api/tables", params={"ids": "x" * (ASKED * 33 + 1)})
    assert huge.status_code in (400, 422)


def test_the_choice_survives_a_restart(make_client: ClientFactory) -> None:
    with make_client() as client:
        hidden = create(client, "toinc", ["human", "random"])["id"]
        shown = create(client, "toinc", ["human", "random"], listed=True)["id"]
    with make_client() as client:
        assert shown in _listed(client) and hidden not in _listed(client)


def test_tables_made_before_the_choice_existed_stay_listed(tmp_path: Path) -> None:
    """Migration v0005: every table stored before it is listed, as the lobby showed it."""
    engine = open_engine(database_url(str(tmp_path / "old.db")))
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "v0004")
        connection.execute(
            text(
                "INSERT INTO web_tables (id, game, options, seed, seeded, created_at) "
                "VALUES ('old', 'toinc', '{}', 1, false, :now)"
            ),
            {"now": datetime.now(UTC)},
        )
        command.upgrade(config, "head")
        listed = connection.execute(text("SELECT listed FROM web_tables")).scalar()
    assert listed in (True, 1)
    engine.dispose()
