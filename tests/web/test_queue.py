"""Quick pairing (issue 44, item 4): two waiting accounts who want the same game and clock
are seated at a new rated table with a clock, when their ratings are close enough for how
long they have waited; the computer is offered after the wait a player chose; a player's
seat is taken on their own device; no one is paired twice."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from sqlalchemy.orm import Session

from ludoteca.web.accounts import queue
from ludoteca.web.shared.db import QueueRow, RatingRow
from tests.patience import eventually
from tests.web.conftest import is_sqlite
from tests.web.helpers import another_browser, view
from tests.web.test_accounts import sign_up


def players(apps: list[TestClient], *names: str) -> list[tuple[TestClient, str]]:
    """Each name signed in on a browser of its own (the first process: tables live there)."""
    out = []
    for name in names:
        client = another_browser(apps[0])
        out.append((client, sign_up(client, name)["csrf"]))
    return out


def enter(player: tuple[TestClient, str], **body: Any) -> Any:
    client, csrf = player
    return client.post("/api/queue", json={"game": "toinc", **body}, headers={"X-CSRF-Token": csrf})


def centred_window(place: dict[str, Any], rating: float) -> bool:
    """True if the place's range is `rating` +- the window for the wait it reports: 100
    points, 10 more a second (its `waited` is rounded, and a slow machine may take a second
    between joining and answering)."""
    low, high = place["range"]
    spread = (high - low) / 2
    most = queue.window(place["waited"] + 0.5)
    return abs((low + high) / 2 - rating) <= 0.5 and 100 - 0.5 <= spread <= most + 0.5


def engine_of(apps: list[TestClient]) -> Any:
    return apps[0].app.state.queue.engine  # type: ignore[attr-defined]


def waited(apps: list[TestClient], seconds: float, **where: Any) -> None:
    """Make the queue's players (all, or those `where` says) have joined `seconds` ago."""
    moment = datetime.now(UTC) - timedelta(seconds=seconds)
    with Session(engine_of(apps)) as session, session.begin():
        session.execute(update(QueueRow).filter_by(**where).values(joined_at=moment))


def test_two_waiting_players_are_seated_at_a_rated_table_with_a_clock(
    apps: list[TestClient],
) -> None:
    rosa, tito = players(apps, "Rosa", "Tito")
    first = enter(rosa)
    assert first.status_code == 200, first.text
    assert first.json()["table"] is None and centred_window(first.json(), 1500)
    paired = enter(tito).json()
    table, seat = paired["table"], paired["seat"]
    assert table is not None
    mine = rosa[0].get("/api/queue").json()
    assert mine["table"] == table and {mine["seat"], seat} == {0, 1}
    tokens = {}
    for (client, csrf), at in ((rosa, mine["seat"]), (tito, seat)):
        taken = client.post(f"/api/account/seats/{table}/{at}/here", headers={"X-CSRF-Token": csrf})
        assert taken.status_code == 200, taken.text
        tokens[at] = taken.json()["token"]
        assert client.delete("/api/queue", headers={"X-CSRF-Token": csrf}).status_code == 204
    line = rosa[0].get("/api/tables", params={"ids": table}).json()["tables"][0]
    assert line["rated"] and (line["clock"]["minutes"], line["clock"]["increment"]) == (10, 5)
    assert {s["name"] for s in line["seats"]} == {"Rosa", "Tito"}
    assert view(rosa[0], table, tokens[0])["seat"] == 0  # each token is its seat's
    games = rosa[0].get("/api/account/games").json()["seats"]
    assert {"table": table, "seat": mine["seat"]} in games
    assert rosa[0].get("/api/queue").status_code == 404


def test_ratings_far_apart_are_paired_only_once_both_have_waited(apps: list[TestClient]) -> None:
    rosa, tito = players(apps, "Rosa", "Tito")
    enter(rosa)
    ids = {row.account_id for row in _rows(apps)}
    with Session(engine_of(apps)) as session, session.begin():
        session.execute(update(QueueRow).values(rating=2100.0))  # Rosa plays far better
    assert enter(tito).json()["table"] is None  # 600 apart: neither window reaches
    waited(apps, 45)
    assert rosa[0].get("/api/queue").json()["table"] is None  # 550 each: not yet
    waited(apps, 60)
    assert rosa[0].get("/api/queue").json()["table"] is not None  # 700 each
    assert len(ids) == 1


def test_different_clocks_or_a_closed_page_are_not_paired(apps: list[TestClient]) -> None:
    rosa, tito, vera = players(apps, "Rosa", "Tito", "Vera")
    enter(rosa, clock={"minutes": 3, "increment": 2})
    assert enter(tito).json()["table"] is None
    gone = datetime.now(UTC) - timedelta(seconds=queue.GONE_SECONDS + 1)
    with Session(engine_of(apps)) as session, session.begin():
        session.execute(update(QueueRow).values(seen_at=gone))
    assert enter(vera).json()["table"] is None  # Tito's page is gone
    assert tito[0].get("/api/queue").json()["table"] is not None  # back: paired with Vera


def test_the_computer_is_offered_after_the_chosen_wait(apps: list[TestClient]) -> None:
    (rosa,) = players(apps, "Rosa")
    client, csrf = rosa
    assert enter(rosa, wait=30).json()["computer"] is False
    early = client.post("/api/queue/computer", json={}, headers={"X-CSRF-Token": csrf})
    assert early.status_code == 201  # asked for at once, it is given all the same
    made = early.json()
    assert made["level"] == "medium"  # 1666 is the nearest published Toinc rating to 1500
    line = client.get("/api/tables", params={"ids": made["id"]}).json()["tables"][0]
    assert line["rated"] and line["seats"][1]["level"] == "medium"
    assert client.get("/api/queue").status_code == 404
    enter(rosa, wait=30)
    waited(apps, 31)
    assert client.get("/api/queue").json()["computer"] is True
    enter(rosa, wait=None)
    waited(apps, 3600)
    assert client.get("/api/queue").json()["computer"] is False


def test_no_one_is_paired_twice_when_everyone_asks_at_once(apps: list[TestClient]) -> None:
    people = players(apps, "Ana", "Bia", "Caio", "Davi", "Eva")
    for person in people:
        enter(person)
    with Session(engine_of(apps)) as session, session.begin():
        session.execute(update(QueueRow).values(table_id=None, seat=None, paired_at=None))
    answers: list[dict[str, Any]] = []
    threads = [
        threading.Thread(target=lambda c=client: answers.append(c.get("/api/queue").json()))
        for client, _csrf in people
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    rows = _rows(apps)
    tables: dict[str, set[int]] = {}
    for row in rows:
        if row.table_id not in (None, queue.PENDING):
            tables.setdefault(row.table_id, set()).add(row.seat)
    assert all(seats == {0, 1} for seats in tables.values())
    assert sum(len(seats) for seats in tables.values()) in (2, 4)


def test_hostile_queue_requests_change_nothing(apps: list[TestClient]) -> None:
    rosa, tito = players(apps, "Rosa", "Tito")
    client, csrf = rosa
    for body, status in (
        ({"game": "toxicity"}, 422),
        ({"game": "nope"}, 422),
        ({"game": "toinc", "wait": 7}, 400),
        ({"game": "toinc", "clock": {"minutes": 0}}, 400),
        ({"game": "toinc", "clock": "fast"}, 400),
    ):
        assert (
            client.post("/api/queue", json=body, headers={"X-CSRF-Token": csrf}).status_code
            == status
        )
    assert client.post("/api/queue", json={"game": "toinc"}).status_code == 403  # no CSRF token
    anonymous = another_browser(apps[0])
    assert anonymous.get("/api/queue").status_code == 401
    assert _rows(apps) == []
    enter(rosa)
    table = enter(tito).json()["table"]
    seat = rosa[0].get("/api/queue").json()["seat"]
    other = 1 - seat
    refused = client.post(
        f"/api/account/seats/{table}/{other}/here", headers={"X-CSRF-Token": csrf}
    )
    assert refused.status_code == 404  # Tito's seat
    assert (
        client.post("/api/account/seats/nope/0/here", headers={"X-CSRF-Token": csrf}).status_code
        == 404
    )


def test_a_rating_gives_the_players_place_in_the_queue(apps: list[TestClient]) -> None:
    (rosa,) = players(apps, "Rosa")
    store = apps[0].app.state.accounts.store  # type: ignore[attr-defined]
    with Session(engine_of(apps)) as session, session.begin():
        session.add(RatingRow(
            account_id=store.by_name("rosa").id, ladder="toinc/duel", value=1800.0,
            deviation=80.0, volatility=0.06, games=20, rated_at=datetime.now(UTC),
        ))  # fmt: skip
    assert centred_window(enter(rosa).json(), 1800)


def _rows(apps: list[TestClient]) -> list[QueueRow]:
    with Session(engine_of(apps)) as session:
        return list(session.query(QueueRow).all())


def test_players_on_two_server_processes_are_paired(apps: list[TestClient], database: str) -> None:
    """PostgreSQL: Rosa waits on one process, Tito asks on the other; both find the table
    and take their seats on their own process, and Rosa's move is heard by Tito's."""
    if is_sqlite(database):
        pytest.skip("SQLite is one server process")
    rosa = (apps[0], sign_up(apps[0], "Rosa")["csrf"])
    tito = (apps[1], sign_up(apps[1], "Tito")["csrf"])
    enter(rosa)
    paired = enter(tito).json()
    table = paired["table"]
    mine = rosa[0].get("/api/queue").json()
    assert table is not None and mine["table"] == table
    tokens = {}
    for (client, csrf), at in ((rosa, mine["seat"]), (tito, paired["seat"])):
        taken = client.post(f"/api/account/seats/{table}/{at}/here", headers={"X-CSRF-Token": csrf})
        assert taken.status_code == 200, taken.text
        tokens[at] = (client, taken.json()["token"])
    first = view(apps[0], table, None)["observation"]["current_player"]
    client, token = tokens[first]
    now = view(client, table, token)
    move = {"index": now["index"], "action": now["actions"][0]["action"]}
    reply = client.post(f"/api/tables/{table}/actions", params={"token": token}, json=move)
    assert reply.status_code == 200, reply.text
    other = tokens[1 - first][0]
    eventually(lambda: view(other, table, None)["index"] == now["index"] + 1, "the move heard")
