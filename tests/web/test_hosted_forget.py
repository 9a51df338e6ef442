"""A deleted account's name leaves the events it played (`web/events/forget.py`): its
player stays, renamed `#<number>` (a Duel player's id `p<number>`, the id made from the
name), so the pairings, the standings and the others' tiebreaks are unchanged; nothing
the event shows or journals names the account any more."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from ludoteca.web.events.forget import Swaps, forget_in_arguments, forget_in_payload, forget_player
from ludoteca.web.shared.db import DeliveryRow
from tests.web.helpers import another_browser
from tests.web.test_hosted import hosted_event
from tests.web.test_tournament_duel import new_event, organizer, post
from tests.web.test_webhooks import add


def guest(client: TestClient, event: str, name: str) -> tuple[TestClient, str]:
    """A name-only account registered for `event`: its browser and CSRF token."""
    browser = another_browser(client)
    made = browser.post(f"/api/events/{event}/guests", json={"name": name})
    assert made.status_code == 201, made.text
    return browser, made.json()["csrf"]


def everything(client: TestClient, event: str, key: str) -> str:
    """All the event says, to its organizer and to anyone, as one text."""
    seen = client.get(f"/api/events/{event}/organizer", headers=organizer(key)).json()
    return json.dumps([seen, client.get(f"/api/events/{event}").json()], ensure_ascii=False)


def ranked(view: dict[str, Any]) -> list[tuple[int, float, float]]:
    """The standings as (player number, points, strength), best first."""
    number = {player["id"]: player["number"] for player in view["players"]}
    return [(number[row["id"]], row["points"], row["strength"]) for row in view["standings"]]


def test_a_deleted_accounts_player_keeps_its_place_under_its_number(
    apps: list[TestClient],
) -> None:
    client = apps[0]
    event, key = hosted_event(apps)
    hooks = client.app.state.webhooks  # type: ignore[attr-defined]
    hooks.allow_private = True  # deliveries kept (refused: nothing listens on port 9)
    assert add(client, event, key, "http://127.0.0.1:9/hook").status_code == 201
    people = {name: guest(client, event, name) for name in ("Zeca Rocha", "Lia", "Noa", "Bia")}
    view = post(client, event, key, "rounds", {})
    for table in (1, 2):
        view = post(client, event, key, "results", {"round": 1, "table": table, "result": "win"})
    before = ranked(view)
    assert "Zeca Rocha" in everything(client, event, key)
    browser, csrf = people["Zeca Rocha"]
    gone = browser.request("DELETE", "/api/account", json={}, headers={"X-CSRF-Token": csrf})
    assert gone.status_code == 204, gone.text

    shown = everything(client, event, key)
    assert "Zeca" not in shown and "zeca" not in shown
    with Session(hooks.engine) as session:
        sent = json.dumps(session.scalars(select(DeliveryRow.payload)).all())
    assert "standings" in sent and "Zeca" not in sent and "zeca" not in sent
    view = client.get(f"/api/events/{event}").json()
    assert ranked(view) == before  # places, points and tiebreaks as they were
    (zeca,) = [p for p in view["players"] if p["name"].startswith("#")]
    assert zeca["name"] == f"#{zeca['number']}" and zeca["id"] == f"p{zeca['number']}"
    assert zeca["name"] in json.dumps(view["rounds"][0], ensure_ascii=False)
    lia, _csrf = people["Lia"]
    assert lia.get(f"/api/events/{event}/me").json()["player"] == "lia"  # the others as they were
    post(client, event, key, "rounds", {})  # and the event goes on
    journal = client.get(f"/api/events/{event}/organizer", headers=organizer(key)).json()
    assert journal["journal"][-2]["operation"] == "forget-player"


def test_an_account_that_withdrew_is_forgotten_in_that_event_too(
    apps: list[TestClient],
) -> None:
    """Withdrawing ends the registration, not the link to the player it was: deleting
    the account afterwards takes the name out of the event as for a player still in."""
    client = apps[0]
    event, key = hosted_event(apps)
    people = {name: guest(client, event, name) for name in ("Zeca Rocha", "Lia", "Noa", "Bia")}
    view = post(client, event, key, "rounds", {})
    for table in (1, 2):
        view = post(client, event, key, "results", {"round": 1, "table": table, "result": "win"})
    browser, csrf = people["Zeca Rocha"]
    left = browser.delete(f"/api/events/{event}/entries", headers={"X-CSRF-Token": csrf})
    assert left.status_code == 204, left.text
    assert browser.get(f"/api/events/{event}/me").status_code == 404  # no longer registered
    before = ranked(client.get(f"/api/events/{event}").json())
    assert "Zeca Rocha" in everything(client, event, key)  # a dropped player keeps a place
    gone = browser.request("DELETE", "/api/account", json={}, headers={"X-CSRF-Token": csrf})
    assert gone.status_code == 204, gone.text
    shown = everything(client, event, key)
    assert "Zeca" not in shown and "zeca" not in shown
    view = client.get(f"/api/events/{event}").json()
    assert ranked(view) == before
    assert [p["name"] for p in view["players"] if p["name"].startswith("#")] == ["#1"]


def test_a_melee_players_name_is_forgotten_and_its_number_kept(apps: list[TestClient]) -> None:
    client = apps[0]
    event, key = new_event(client, kind="melee")
    settings = {"game": "toxicity", "registering": True}
    answer = client.put(f"/api/events/{event}/hosting", json=settings, headers=organizer(key))
    assert answer.status_code == 200, answer.text
    people = [guest(client, event, name) for name in ("Zeca Rocha", "Lia", "Noa")]
    browser, csrf = people[0]
    gone = browser.request("DELETE", "/api/account", json={}, headers={"X-CSRF-Token": csrf})
    assert gone.status_code == 204, gone.text
    assert "Zeca" not in everything(client, event, key)
    names = [p["name"] for p in client.get(f"/api/events/{event}").json()["players"]]
    assert names == ["#1", "Lia", "Noa"]


def duel_snapshot() -> dict[str, Any]:
    match = {"table": 1, "a": "win", "b": "ana", "result": "win"}
    return {
        "event": {
            "players": [
                {"id": "win", "name": "Win", "number": 1},
                {"id": "ana", "name": "Ana", "number": 2},
                {"id": "p1", "name": "P1", "number": 3},
            ],
            "rounds": [{"number": 1, "matches": [match], "warnings": ["rematch: win vs ana"]}],
            "top_cut": {"seeds": ["ana", "win"], "rounds": [[dict(match)]]},
        },
        "staff": {"players": ["Win", "Ana", "P1"]},
    }


def test_only_the_fields_that_name_the_player_change() -> None:
    """A player called `Win` (id `win`) is renamed where a player is named, never in a
    result `win`; its new id does not take another player's."""
    snapshot = duel_snapshot()
    swaps = forget_player(snapshot, "win")
    assert swaps == Swaps({"win": "p1-2"}, {"Win": "#1"})
    event = snapshot["event"]
    assert [p["id"] for p in event["players"]] == ["p1-2", "ana", "p1"]
    played = {"table": 1, "a": "p1-2", "b": "ana", "result": "win"}
    assert event["rounds"][0]["matches"][0] == played
    assert event["rounds"][0]["warnings"] == ["rematch: p1-2 vs ana"]
    assert event["top_cut"]["seeds"] == ["ana", "p1-2"]
    assert event["top_cut"]["rounds"][0][0]["a"] == "p1-2"
    assert snapshot["staff"]["players"] == ["#1", "Ana", "P1"]
    line = {"round": 1, "table": 1, "result": "win", "player": "win", "name": "Win"}
    assert forget_in_arguments(line, swaps) == line | {"player": "p1-2", "name": "#1"}
    assert forget_in_arguments({"pairs": [["win", "ana"]]}, swaps) == {"pairs": [["p1-2", "ana"]]}
    row = {"player": "Win", "id": "win", "points": 3, "tied_with": ["Win", "Ana"]}
    assert forget_in_payload({"kind": "standings.changed", "standings": [row]}, swaps) == {
        "kind": "standings.changed",
        "standings": [{"player": "#1", "id": "p1-2", "points": 3, "tied_with": ["#1", "Ana"]}],
    }


def test_a_name_that_is_another_players_id_is_not_taken_for_it() -> None:
    """`ana` (lower case, id `ana-2`) may register beside `Ana`, whose id is `ana`:
    forgetting the first leaves the second's id alone wherever an id is meant."""
    snapshot = duel_snapshot()
    snapshot["event"]["players"].append({"id": "ana-2", "name": "ana", "number": 4})
    swaps = forget_player(snapshot, "ana-2")
    assert swaps == Swaps({"ana-2": "p4"}, {"ana": "#4"})
    assert forget_in_arguments({"player": "ana"}, swaps) == {"player": "ana"}
    assert [p["name"] for p in snapshot["event"]["players"]] == ["Win", "Ana", "P1", "#4"]


@pytest.mark.parametrize("player", ["nobody", ""])
def test_an_unknown_player_changes_nothing(player: str) -> None:
    snapshot = duel_snapshot()
    assert not forget_player(snapshot, player) and snapshot == duel_snapshot()
