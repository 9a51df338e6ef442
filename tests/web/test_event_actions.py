"""Issue 39, item 7: each organizer action has its own typed route in the OpenAPI schema
(its body's fields, its summary, one answer shape); the URLs are the ones clients
already post to, and an unknown action is still one 422 naming the actions."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

import ludoteca.web
from ludoteca.web.events.actions import ACTIONS
from tests.web.test_tournament_duel import organizer


def test_every_action_is_a_typed_route_of_the_schema(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert "/api/events/{event_id}/{action}" not in paths  # the generic form is not documented
    for action, spec in ACTIONS.items():
        route = paths[f"/api/events/{{event_id}}/{action}"]["post"]
        assert route["operationId"] == f"event_{action.replace('-', '_')}"
        assert route["summary"] == spec.summary
        body = route["requestBody"]["content"]["application/json"]["schema"]
        assert body["type"] == "object"
        answer = route["responses"]["200"]["content"]["application/json"]["schema"]
        assert answer["required"] == ["type", "done", "event"]
    results = paths["/api/events/{event_id}/results"]["post"]["requestBody"]
    fields = results["content"]["application/json"]["schema"]
    assert fields["required"] == ["round", "table"] and {"result", "power"} <= set(
        fields["properties"]
    )
    cut = paths["/api/events/{event_id}/cut"]["post"]["requestBody"]["content"]
    assert cut["application/json"]["schema"]["properties"]["games"]["enum"] == [1, 3, 5, 7]


def test_a_typed_route_changes_the_event_and_an_unknown_action_is_named(
    client: TestClient,
) -> None:
    made = client.post("/api/events", json={"name": "Cup"}).json()
    event, key = made["id"], made["key"]
    answer = client.post(
        f"/api/events/{event}/players", json={"name": "Ana"}, headers=organizer(key)
    )
    assert answer.status_code == 200 and answer.json()["type"] == "changed"
    assert answer.json()["event"]["players"][0]["name"] == "Ana"
    unknown = client.post(f"/api/events/{event}/teleport", json={}, headers=organizer(key))
    assert (
        unknown.status_code == 422
        and "'teleport'; one of players, signups" in unknown.json()["error"]
    )
    refused = client.post(f"/api/events/{event}/players", json={"name": "Bia"})
    assert refused.status_code == 403
    assert len(client.get(f"/api/events/{event}").json()["players"]) == 1


STATIC = Path(ludoteca.web.__file__).parent / "static"
CHANGE = re.compile(r"""change\(\s*"([a-z-]+)\"""")
REPORT = re.compile(r"""\bpost\(\s*"([a-z-]+)\"""")
ENTRY = re.compile(r"""act\(\s*"(POST|PUT|DELETE)",\s*"([a-z-]+)\"""")


def test_the_pages_post_the_typed_routes(client: TestClient) -> None:
    """Issue 45, item 5: the organizer's page and the player's entry use the typed write
    API themselves: every change they send is a route of the schema, not the generic
    action route kept for old clients."""
    paths = client.get("/openapi.json").json()["paths"]
    sent = {
        ("post", f"/api/events/{{event_id}}/{action}")
        for name in ("organize.js", "pairing_editor.js", "result_entry.js")
        for action in CHANGE.findall((STATIC / name).read_text(encoding="utf-8"))
    }
    # result_entry.js names these two by a variable: a result recorded, or fixed
    sent |= {("post", f"/api/events/{{event_id}}/{action}") for action in ("results", "fix")}
    entry = (STATIC / "event_entry.js").read_text(encoding="utf-8")
    sent |= {("post", f"/api/events/{{event_id}}/{path}") for path in REPORT.findall(entry)}
    sent |= {
        (method.lower(), f"/api/events/{{event_id}}/{path}")
        for method, path in ENTRY.findall(entry)
    }
    assert len(sent) >= 20, sorted(sent)  # the pattern still finds what the pages send
    missing = sorted((method, path) for method, path in sent if method not in paths.get(path, {}))
    assert missing == []
    assert all(paths[path][method].get("operationId") for method, path in sent)
