"""How long a game takes (issue 38): the lobby's tiles and every table say it, for the
table's own configuration (`Game.real_minutes`, tested in tests/core/test_minutes.py)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.helpers import create, view


def test_the_lobby_and_each_table_carry_the_minutes_of_their_configuration(
    client: TestClient,
) -> None:
    """`/api/games` gives each game's default minutes (the tiles); a table's line and view
    give its own configuration's (a short Toinc: 30-40, not the default's 45-60)."""
    listing = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    assert listing["toinc"]["minutes"] == [45, 60]
    assert listing["futebol"]["minutes"] == [15, 20]
    created = create(client, "toinc", ["human", "random"], {"length": "short"})
    assert view(client, created["id"], None)["table"]["minutes"] == [30, 40]
    lines = client.get("/api/tables", params={"ids": created["id"]}).json()["tables"]
    assert lines[0]["minutes"] == [30, 40]
    goals = create(client, "futebol", ["human", "random"], {"mode": "goal-limit", "goals": 4})
    assert view(client, goals["id"], None)["table"]["minutes"] == [40, None]
