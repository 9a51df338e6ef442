"""Issue 36, item 9: `GET /api/events` lists a page at a time (it listed every event:
0.7 MB at 3,000), newest first, and the pages put together are every event once."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from ludoteca.web.events.api import MAX_PAGE


def test_the_pages_together_are_every_event_once_newest_first(client: TestClient) -> None:
    made = []
    for number in range(7):
        answer = client.post("/api/events", json={"kind": "duel", "name": f"Cup {number}"})
        assert answer.status_code == 201, answer.text
        made.append(answer.json()["id"])
    seen: list[str] = []
    before = None
    while True:
        params = {"limit": 3} | ({"before": before} if before else {})
        page = client.get("/api/events", params=params).json()
        assert len(page["events"]) <= 3
        seen += [event["id"] for event in page["events"]]
        before = page["next"]
        if before is None:
            break
    assert seen == made[::-1]
    first = client.get("/api/events").json()
    assert [e["id"] for e in first["events"]] == made[::-1] and first["next"] is None


@pytest.mark.every_database  # integers and NULs reach PostgreSQL apart
@pytest.mark.parametrize(
    "query", ["limit=0", f"limit={MAX_PAGE + 1}", "limit=x", "before=" + "a" * 65]
)
def test_a_page_out_of_bounds_is_refused(client: TestClient, query: str) -> None:
    answer = client.get(f"/api/events?{query}")
    assert 400 <= answer.status_code < 500 and answer.json()["type"] == "error"


def test_a_page_before_an_unknown_event_is_empty(client: TestClient) -> None:
    client.post("/api/events", json={"kind": "duel", "name": "Cup"})
    page = client.get("/api/events", params={"before": "no-such-event"}).json()
    assert page == {"events": [], "next": None}
