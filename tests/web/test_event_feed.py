"""An event's public feed (issue 22, part 2): the documented `EventFeed` schema, rounds,
results and the rule set's tiebreaks, cheap polling by ETag, readable from any site,
public facts only."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.test_tournament_duel import post


def test_a_feed_has_pairings_results_and_standings_and_its_schema(client: TestClient) -> None:
    answer = client.post("/api/events", json={"kind": "duel", "name": "FNM", "rules": "mtg"})
    event, key = answer.json()["id"], answer.json()["key"]
    for name in ("Ana", "Bia", "Caio"):
        post(client, event, key, "players", {"name": name})
    post(client, event, key, "rounds", {})
    view = post(client, event, key, "results", {"round": 1, "table": 1, "result": "2-1"})
    first = client.get(f"/api/events/{event}/feed")
    assert first.status_code == 200
    assert first.headers["access-control-allow-origin"] == "*"
    data = first.json()
    assert (data["format"], data["version"], data["rules"]["name"]) == (
        "ludoteca.event-feed",
        1,
        "mtg",
    )
    tables = data["rounds"][0]["tables"]
    assert tables[0]["result"] == "2-1" and tables[1]["bye"] and len(tables[1]["seats"]) == 1
    assert set(data["standings"][0]["tiebreaks"]) == {"omw", "gw", "ogw"}
    assert data["revision"] == view["revision"] and key not in first.text
    # polling: the same revision is a 304 with no body; a change gives a new one
    tag = first.headers["etag"]
    again = client.get(f"/api/events/{event}/feed", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.content == b""
    post(client, event, key, "players", {"name": "Duda"})
    changed = client.get(f"/api/events/{event}/feed", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["etag"] != tag
    schema = client.get("/openapi.json").json()
    assert "EventFeed" in schema["components"]["schemas"]
    assert "/api/events/{event_id}/feed" in schema["paths"]


def test_a_melee_feed_and_an_unknown_event(client: TestClient) -> None:
    answer = client.post("/api/events", json={"kind": "melee", "name": "Melee night"})
    event, key = answer.json()["id"], answer.json()["key"]
    for name in ("Ana", "Bia", "Caio", "Duda"):
        post(client, event, key, "players", {"name": name})
    post(client, event, key, "rounds", {})
    data = client.get(f"/api/events/{event}/feed").json()
    assert data["kind"] == "melee" and data["rules"] is None
    assert data["rounds"][0]["kind"] == "melee" and data["standings"][0]["number"] is not None
    assert client.get("/api/events/nope/feed").status_code == 404
