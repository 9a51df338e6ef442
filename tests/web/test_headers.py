"""Issue 36, item 10: every answer says what a browser may load and run and that no other
site may frame it; a forged `Host` header never reaches a page's HTML (a shared cache
would keep that page, with scripts from the forger's host, for everyone)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from ludoteca.web.shared.headers import POLICY
from tests.web.helpers import create


def _pages(client: TestClient) -> list[str]:
    created = create(client, "toinc", ["human", "random"])
    event = client.post("/api/events", json={"name": "cup"}).json()
    return [
        "/",
        f"/tables/{created['id']}",
        "/events",
        f"/events/{event['id']}",
        f"/events/{event['id']}/organize",
        "/designer",
        "/api/games",
        "/static/play.js",
        "/boards/toinc/board.js",
    ]


def test_every_answer_forbids_framing_and_foreign_scripts(client: TestClient) -> None:
    assert "frame-ancestors 'none'" in POLICY and "script-src 'self'" in POLICY
    for path in _pages(client):
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert answer.headers["content-security-policy"] == POLICY, path
        assert answer.headers["x-frame-options"] == "DENY", path
        assert answer.headers["x-content-type-options"] == "nosniff", path
    refused = client.get("/api/tables/nope/view")
    assert refused.status_code == 404 and refused.headers["x-frame-options"] == "DENY"


def test_a_forged_host_is_not_reflected_in_pages(client: TestClient) -> None:
    for path in _pages(client)[:6]:
        page = client.get(path, headers={"host": "evil.example"}).text
        assert "evil.example" not in page, path
