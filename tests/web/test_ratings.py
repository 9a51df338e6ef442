"""Rated tables and ratings (issue 44, item 3): made and joined by accounts only, rated
once at their end on every server process's database (Glicko-2 for two people, OpenSkill
for teams and tables of three or more), leaderboards, profiles and their privacy."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.web.accounts.ladders import Ladders, Seat
from ludoteca.web.accounts.ratings import NEW_DEVIATION
from tests.web.helpers import another_browser, play_random
from tests.web.test_accounts import PASSWORD, sign_up

PRACTICE = {"length": "practice", "practice_turns": 3}
"""Toinc in about a hundred moves."""


def rated_table(client: TestClient, csrf: str, **extra: Any) -> dict[str, Any]:
    body = {
        "game": "toinc",
        "options": PRACTICE,
        "seats": [{"kind": "human"}, {"kind": "open"}],
        **extra,
    }
    reply = client.post("/api/rated-tables", json=body, headers={"X-CSRF-Token": csrf})
    assert reply.status_code == 201, reply.text
    made: dict[str, Any] = reply.json()
    return made


def join(client: TestClient, csrf: str, table: str, seat: int = 1) -> Any:
    return client.post(
        f"/api/rated-tables/{table}/join", json={"seat": seat}, headers={"X-CSRF-Token": csrf}
    )


def two_players(apps: list[TestClient]) -> tuple[TestClient, str, TestClient, str]:
    """Rosa and Tito, signed in on two browsers of the first server process (a table
    lives in one process's memory; on SQLite there is one)."""
    rosa = apps[0]
    tito = another_browser(rosa)
    return rosa, sign_up(rosa, "Rosa")["csrf"], tito, sign_up(tito, "Tito")["csrf"]


def test_a_rated_game_between_two_accounts_moves_both_ratings(apps: list[TestClient]) -> None:
    """Rosa makes a rated table, Tito takes its open seat; at the end the winner's rating
    rose and the loser's fell (a draw, as most random practice games are: both the same),
    both settled a little (smaller deviations), on the table's ratings, the profiles and
    the leaderboard (read on the other server process). The rated-once test below has a
    decided game."""
    rosa, rosa_csrf, tito, tito_csrf = two_players(apps)
    made = rated_table(rosa, rosa_csrf)
    table = made["id"]
    assert made["table"]["rated"] is True and made["seat"] == 0
    joined = join(tito, tito_csrf, table)
    assert joined.status_code == 200, joined.text
    end = play_random(rosa, table, [made["token"], joined.json()["token"]], random.Random(44))
    winner = end["observation"]["winner"]
    second = apps[1]
    ratings = rosa.get(f"/api/tables/{table}/ratings").json()
    assert ratings["rated"] and ratings["ladder"] == "toinc/duel"
    changes = {c["seat"]: c for c in ratings["changes"]}
    assert set(changes) == {0, 1} and not any(c["computer"] for c in changes.values())
    if winner is None:
        assert changes[0]["change"] == changes[1]["change"]
    else:
        assert changes[winner]["change"] > 0 > changes[1 - winner]["change"]
    assert all(c["deviation"] < NEW_DEVIATION for c in changes.values())
    profile = second.get("/api/players/tito").json()
    assert profile["name"] == "Tito" and profile["ratings"][0]["ladder"] == "toinc/duel"
    assert profile["ratings"][0]["rating"] == changes[1]["after"]
    assert profile["games"][0]["table"] == table
    board = second.get("/api/ladders/toinc/duel").json()
    assert {row["name"] for row in board["leaders"]} == {"Rosa", "Tito"}


def test_a_rated_seat_is_for_a_signed_in_account_once(apps: list[TestClient]) -> None:
    """The plain join is refused (403), the same account cannot take a second seat (409),
    an anonymous browser cannot make or join one (401), and a chosen seed or hot-seat
    is not a rated table's (422 or 400)."""
    first, rosa, second, _tito = two_players(apps)
    table = rated_table(first, rosa)["id"]
    plain = second.post(f"/api/tables/{table}/join", json={"seat": 1})
    assert plain.status_code == 403 and "sign in" in plain.json()["error"]
    assert join(first, rosa, table).status_code == 409
    anonymous = another_browser(first)
    assert anonymous.post(f"/api/rated-tables/{table}/join", json={"seat": 1}).status_code == 401
    body = {"game": "toinc", "seats": [{"kind": "human"}, {"kind": "open"}]}
    assert anonymous.post("/api/rated-tables", json=body).status_code == 401
    two = {"game": "toinc", "seats": [{"kind": "human"}, {"kind": "human"}]}
    reply = first.post("/api/rated-tables", json=two, headers={"X-CSRF-Token": rosa})
    assert reply.status_code == 422
    alone = {
        "game": "toinc",
        "seats": [{"kind": "human"}, {"kind": "agent", "agent": "ismcts:iterations=7"}],
    }
    reply = first.post("/api/rated-tables", json=alone, headers={"X-CSRF-Token": rosa})
    assert reply.status_code == 422 and "published rating" in reply.json()["error"]
    assert second.get(f"/api/tables/{table}/ratings").json()["changes"] == []


def test_a_table_is_rated_once_and_tables_ending_at_once_both_count(
    apps: list[TestClient],
) -> None:
    """A decided game: the winner rises as much as the loser falls (two newcomers).
    Rating a table again changes nothing; two tables of one account rated at the same
    moment on two threads both count (neither write is lost)."""
    first, rosa, _second, _tito = two_players(apps)
    engine = first.app.state.rated.ladders.engine  # type: ignore[attr-defined]
    ladders = Ladders(engine)
    ids = {
        name: first.app.state.accounts.store.by_name(name).id  # type: ignore[attr-defined]
        for name in ("rosa", "tito")
    }
    tables = [rated_table(first, rosa)["id"] for _ in range(3)]
    sides = [[Seat(0, ids["rosa"])], [Seat(1, ids["tito"])]]
    assert ladders.rate(tables[0], "toinc/duel", sides, [1.0, 0.0])
    won, lost = ladders.changes(tables[0])
    assert won["change"] > 0 > lost["change"] and won["change"] == -lost["change"]
    assert not ladders.rate(tables[0], "toinc/duel", sides, [1.0, 0.0])
    assert ladders.changes(tables[0]) == [won, lost]
    threads = [
        threading.Thread(target=ladders.rate, args=(t, "toinc/duel", sides, [0.0, 1.0]))
        for t in tables[1:]
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    held = ladders.of_account(ids["rosa"])["toinc/duel"]
    assert held.games == 3
    assert [g["table"] for g in first.get("/api/players/rosa").json()["games"]].count(
        tables[0]
    ) == 1


def test_a_private_account_shows_its_name_only_and_is_on_no_leaderboard(
    apps: list[TestClient],
) -> None:
    first, rosa, second, tito = two_players(apps)
    ladders = Ladders(first.app.state.rated.ladders.engine)  # type: ignore[attr-defined]
    store = first.app.state.accounts.store  # type: ignore[attr-defined]
    table = rated_table(first, rosa)["id"]
    sides = [[Seat(0, store.by_name("rosa").id)], [Seat(1, store.by_name("tito").id)]]
    ladders.rate(table, "toinc/duel", sides, [1.0, 0.0])
    reply = second.patch("/api/account", json={"private": True}, headers={"X-CSRF-Token": tito})
    assert reply.status_code == 200
    assert first.get("/api/players/Tito").json() == {
        "name": "Tito",
        "login": "tito",
        "private": True,
    }
    leaders = first.get("/api/ladders/toinc/duel").json()["leaders"]
    assert [row["name"] for row in leaders] == ["Rosa"]
    assert first.get("/api/players/nobody").status_code == 404


@pytest.mark.parametrize(
    "path", ["/api/ladders/toinc/nope", "/api/ladders/x/duel", "/api/ladders/..%2F/duel"]
)
def test_an_unknown_ladder_is_a_404(apps: list[TestClient], path: str) -> None:
    assert apps[0].get(path).status_code == 404


def test_the_ladders_list_every_games_kinds_with_the_computers_ratings(
    apps: list[TestClient],
) -> None:
    listed = {line["ladder"]: line for line in apps[0].get("/api/ladders").json()["ladders"]}
    assert {
        "toinc/duel",
        "touchdown/duel",
        "futebol/duel",
        "futebol/teams",
        "toxicity/table",
    } <= set(listed)
    computers = listed["toinc/duel"]["computers"]
    assert computers["random"] < computers["medium"]


def test_deleting_an_account_anonymises_its_games_and_ratings(apps: list[TestClient]) -> None:
    """Tito's table stays, its seat no longer named; his rating change stays as no one's;
    his profile, leaderboard line and ratings are gone."""
    rosa, rosa_csrf, tito, tito_csrf = two_players(apps)
    made = rated_table(rosa, rosa_csrf)
    table = made["id"]
    assert join(tito, tito_csrf, table).status_code == 200
    store = rosa.app.state.accounts.store  # type: ignore[attr-defined]
    sides = [[Seat(0, store.by_name("rosa").id)], [Seat(1, store.by_name("tito").id)]]
    Ladders(store.engine).rate(table, "toinc/duel", sides, [0.0, 1.0])
    gone = tito.request(
        "DELETE", "/api/account", json={"password": PASSWORD}, headers={"X-CSRF-Token": tito_csrf}
    )
    assert gone.status_code == 204, gone.text
    line = rosa.get("/api/tables", params={"ids": table}).json()["tables"][0]
    assert [seat["name"] for seat in line["seats"]] == ["Rosa", None]
    changes = rosa.get(f"/api/tables/{table}/ratings").json()["changes"]
    assert [c["computer"] for c in changes] == [False, False] and changes[1]["change"] > 0
    assert rosa.get("/api/players/tito").status_code == 404
    assert [r["name"] for r in rosa.get("/api/ladders/toinc/duel").json()["leaders"]] == ["Rosa"]


def test_a_rated_tables_rematch_is_rated_with_its_accounts_swapped(apps: list[TestClient]) -> None:
    rosa, rosa_csrf, tito, tito_csrf = two_players(apps)
    made = rated_table(rosa, rosa_csrf)
    joined = join(tito, tito_csrf, made["id"]).json()
    play_random(rosa, made["id"], [made["token"], joined["token"]], random.Random(3))
    again = tito.post(f"/api/tables/{made['id']}/rematch", json={"tokens": [joined["token"]]})
    assert again.status_code == 201, again.text
    rematch = again.json()["id"]
    assert again.json()["table"]["rated"] is True
    seats = {s["table"]: s["seat"] for s in tito.get("/api/account/games").json()["seats"]}
    assert seats == {made["id"]: 1, rematch: 0}  # Tito's seat moved one place on
