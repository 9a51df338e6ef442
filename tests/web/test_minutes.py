"""How long a game takes (issue 38): the lobby's tiles and every table say it, for the
table's own configuration (`Game.real_minutes`, tested in tests/core/test_minutes.py)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from ludoteca import games
from ludoteca.web.shared.db import ActionRow, SeatRow, TableRow
from ludoteca.web.shared.records import AGENT, HUMAN
from ludoteca.web.tables.played import FRESH, LONGEST, PlayedTimes
from ludoteca.web.tables.store import WebStore
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


def finished(
    session: Session,
    number: int,
    minutes: float,
    options: dict[str, Any],
    kinds: tuple[str, ...] = (HUMAN, AGENT),
    game: str = "kalah",
) -> None:
    """A finished table of `game` whose first move was `minutes` before its end (stored
    directly: its moves are not a game's, so it is never loaded)."""
    end = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)
    table_id = f"played{number}"
    session.add(
        TableRow(id=table_id, game=game, options=options, seed=number,
                 created_at=end - timedelta(hours=7), finished_at=end)
    )  # fmt: skip
    session.flush()  # the table before the rows that point to it
    for seat, kind in enumerate(kinds):
        session.add(SeatRow(table_id=table_id, seat=seat, kind=kind))
    session.add(
        ActionRow(
            table_id=table_id, index=0, seat=0, action="1", at=end - timedelta(minutes=minutes)
        )
    )


def test_a_tile_shows_this_servers_median_once_enough_games_were_played(database: str) -> None:
    """web/tables/played.py: the median of the finished games with the default options where a
    person played; none before `ENOUGH`; a game of other options, of computers alone or
    longer than `LONGEST` is not counted; read again only after `FRESH` seconds."""
    store = WebStore(database)
    now = [0.0]
    played = PlayedTimes(store.engine, clock=lambda: now[0])
    defaults = dict(games.load("kalah").options)
    try:
        with Session(store.engine) as session, session.begin():
            for number, minutes in enumerate([12, 9, 30, 14]):
                finished(session, number, minutes, defaults)
            finished(session, 10, 3, defaults | {"seeds": 3})  # other options
            finished(session, 11, 3, defaults, kinds=(AGENT, AGENT))  # computers alone
            finished(session, 12, LONGEST / 60 + 1, defaults)  # left open for hours
        assert asyncio.run(played.figures())["kalah"] is None  # four games: not enough
        with Session(store.engine) as session, session.begin():
            finished(session, 4, 20, defaults)
        assert asyncio.run(played.figures())["kalah"] is None  # still the figures read
        now[0] = FRESH + 1
        assert asyncio.run(played.figures())["kalah"] == {"minutes": 14, "games": 5}
    finally:
        store.close()


def test_the_catalogue_carries_each_games_played_figure(client: TestClient) -> None:
    listing = client.get("/api/games").json()["games"]
    assert all("played" in game for game in listing)
    assert all(game["played"] is None for game in listing)  # a new server: none yet
