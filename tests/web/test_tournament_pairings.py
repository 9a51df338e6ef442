"""The open round's pairings edited by hand from the web (issue 22, part 3): rematches and
second byes warned of and kept with the round, bad bodies refused with nothing changed,
and the edit in the event's journal."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.test_tournament_duel import new_event, organizer, post


def event_after_round_one(client: TestClient) -> tuple[str, str, dict[str, Any]]:
    """Five players, round 1 played (the first named wins), round 2 paired."""
    event, key = new_event(client)
    for name in ("Ana", "Bia", "Caio", "Duda", "Eva"):
        view = post(client, event, key, "players", {"name": name})
    view = post(client, event, key, "rounds", {})
    for table in view["rounds"][0]["tables"]:
        if not table["bye"]:
            body = {"round": 1, "table": table["table"], "result": "win"}
            view = post(client, event, key, "results", body)
    view = post(client, event, key, "rounds", {})
    return event, key, view


def pairs_of(sheet: dict[str, Any]) -> list[list[str | None]]:
    return [
        [t["seats"][0]["id"], t["seats"][1]["id"] if len(t["seats"]) > 1 else None]
        for t in sheet["tables"]
    ]


def test_a_hand_edit_that_makes_a_rematch_and_a_second_bye_is_warned_of(
    client: TestClient,
) -> None:
    event, key, view = event_after_round_one(client)
    first = pairs_of(view["rounds"][0])
    (a, b), bye = first[0], next(p[0] for p in first if p[1] is None)
    others = sorted({p for pair in pairs_of(view["rounds"][1]) for p in pair if p} - {a, b, bye})
    pairs = [[a, b], [others[0], others[1]], [bye, None]]
    answer = client.post(
        f"/api/events/{event}/pairings", json={"pairs": pairs}, headers=organizer(key)
    )
    assert answer.status_code == 200, answer.text
    warnings = answer.json()["done"]["warnings"]
    assert f"rematch: {a} vs {b} (table 1)" in warnings
    assert f"second bye: {bye} gets a bye while others have fewer" in warnings
    sheet = answer.json()["event"]["rounds"][1]
    assert pairs_of(sheet) == pairs and sheet["warnings"] == warnings
    journal = client.get(f"/api/events/{event}/organizer", headers=organizer(key)).json()
    assert "edit-pairings" in [line["operation"] for line in journal["journal"]]


@pytest.mark.parametrize(
    ("pairs", "status", "message"),
    [
        ("ana:bia", 400, "field 'pairs' must be a list"),
        ([], 400, "field 'pairs' must be a list"),
        ([["ana"]], 400, "each table in 'pairs'"),
        ([["ana", 3]], 400, "each table in 'pairs'"),
        ([["x" * 101, None]], 400, "each table in 'pairs'"),
        ([["ana", "nobody"]], 422, "no player with the id, name or number 'nobody'"),
        ([["ana", "bia"], ["bia", None]], 422, "paired twice"),
    ],
)
def test_a_bad_edit_is_refused_and_changes_nothing(
    client: TestClient, pairs: Any, status: int, message: str
) -> None:
    event, key, view = event_after_round_one(client)
    answer = client.post(
        f"/api/events/{event}/pairings", json={"pairs": pairs}, headers=organizer(key)
    )
    assert answer.status_code == status and message in answer.json()["error"]
    after = client.get(f"/api/events/{event}/organizer", headers=organizer(key)).json()
    assert after["rounds"] == view["rounds"]


def test_no_edit_once_the_round_has_a_result_or_without_the_key(client: TestClient) -> None:
    event, key, view = event_after_round_one(client)
    pairs = pairs_of(view["rounds"][1])
    assert client.post(f"/api/events/{event}/pairings", json={"pairs": pairs}).status_code == 403
    played = next(t for t in view["rounds"][1]["tables"] if not t["bye"])
    post(client, event, key, "results", {"round": 2, "table": played["table"], "result": "win"})
    answer = client.post(
        f"/api/events/{event}/pairings", json={"pairs": pairs}, headers=organizer(key)
    )
    assert answer.status_code == 422 and "already has results" in answer.json()["error"]
