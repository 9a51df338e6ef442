"""Issue 36, item 3: shapes the schema fuzzing does not make — an integer of 5,000 digits,
NaN, 1e999 — in the body of every operation that reads one, and data-file uploads of
5,000-digit integers or 60,000 levels of nesting: a 4xx naming the bound, never a 500,
nothing stored. The operations are read from the app's own OpenAPI schema, so a new route
is covered the day it is added."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca import games
from ludoteca.core import DataFile
from ludoteca.web import create_app

HUGE = "9" * 5_000
DEEP = "[" * 60_000 + "]" * 60_000
SHAPES = {"huge": HUGE, "negative": "-" + HUGE, "nan": "NaN", "infinite": "1e999"}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict[str, str]]]:
    """An app with a Toinc table (a person against the computer) and a Duel event: the
    client and the values of every path and query parameter."""
    app = create_app(str(tmp_path_factory.mktemp("shapes") / "web.db"))
    with TestClient(app) as client:
        seats = [{"kind": "human"}, {"kind": "agent", "agent": "random"}]
        options = {"length": "practice", "practice_turns": 2}
        table = client.post(
            "/api/tables", json={"game": "toinc", "options": options, "seats": seats}
        )
        event = client.post("/api/events", json={"name": "cup"}).json()
        values = {
            "table_id": table.json()["id"],
            "token": table.json()["seats"][0]["token"],
            "event_id": event["id"],
            "key": event["key"],
            "name": "toinc",
            "game": "toinc",
        }
        yield client, values


def _operations(client: TestClient) -> list[tuple[str, str, list[str]]]:
    """(method, path, the body's property names) of every operation that reads a body."""
    schema: dict[str, Any] = client.get("/openapi.json").json()
    found = []
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            body = operation.get("requestBody")
            if body is None:
                continue
            content = body.get("content", {}).get("application/json", {}).get("schema", {})
            found.append((method, path, sorted(content.get("properties", {}))))
    return found


def _filled(path: str, values: dict[str, str]) -> list[str]:
    """`path` with its parameters filled; an `{action}` parameter gives every action."""
    actions = ["players", "pair", "results", "drop", "preview", "signups", "import-players"]
    paths = (
        [path.replace("{action}", action) for action in actions] if "{action}" in path else [path]
    )
    return [p.format(**values) for p in paths]


def test_every_body_reading_operation_refuses_numbers_json_should_not_carry(
    live: tuple[TestClient, dict[str, str]],
) -> None:
    client, values = live
    operations = _operations(client)
    assert len(operations) >= 12, operations
    before = client.get("/api/tables").json()["tables"]
    credentials = {"token": values["token"], "key": values["key"]}
    refused = 0
    for method, path, properties in operations:
        for url in _filled(path, values):
            for field in ["x", *properties]:
                for shape, text in SHAPES.items():
                    body = '{"' + field + '": ' + text + "}"
                    answer = client.request(
                        method.upper(), url, params=credentials, content=body,
                        headers={"content-type": "application/json"},
                    )  # fmt: skip
                    assert answer.status_code < 500, (url, field, shape, answer.text)
                    if answer.status_code == 400 and "JSON refused" in answer.text:
                        refused += 1
    assert refused >= len(operations) * len(SHAPES), refused
    assert client.get("/api/tables").json()["tables"] == before


def _uploads() -> list[tuple[str, str]]:
    """(game, option) for every data-file option of every game ludoteca ships (the
    suite's own test games read no file)."""
    return [
        (name, option.name)
        for name in games.names()
        if games.game_class(name).__module__.startswith("ludoteca.games.")
        for option in games.game_class(name).info.options
        if option.kind is DataFile
    ]


@pytest.mark.parametrize("content", ["a = " + HUGE + "\n", "a = " + DEEP + "\n", HUGE, DEEP])
def test_a_data_file_upload_past_the_bounds_is_a_4xx_on_every_route(
    live: tuple[TestClient, dict[str, str]], content: str
) -> None:
    """Tables, a seat list's preview and bot tournaments, for every data-file option."""
    client, _values = live
    uploads = _uploads()
    assert {game for game, _option in uploads} >= {"toinc", "touchdown", "toxicity"}
    for game, option in uploads:
        options = {option: {"name": "mine.toml", "content": content}}
        seats = [{"kind": "human"}, {"kind": "agent", "agent": "random"}]
        requests: list[tuple[str, dict[str, Any]]] = [
            ("/api/tables", {"game": game, "options": options, "seats": seats}),
            (f"/api/games/{game}/seats", options),
            ("/api/events/bots", {"game": game, "options": options, "agents": ["random"] * 2}),
        ]
        for url, body in requests:
            answer = client.post(url, json=body)
            assert 400 <= answer.status_code < 500, (game, option, url, answer.text[:300])


def test_the_bounds_leave_ordinary_numbers_alone(tmp_path: Path) -> None:
    """The largest seed (19 digits) and negative numbers still reach the checks behind."""
    with TestClient(create_app(str(tmp_path / "web.db"))) as client:
        body = {"game": "toinc", "seats": [{"kind": "human"}, {"kind": "agent"}], "seed": 2**63 - 1}
        assert client.post("/api/tables", json=body).status_code == 201
        body["seed"] = -1
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 422 and "'seed'" in answer.text


@pytest.mark.every_database  # integers and NULs reach PostgreSQL apart
@pytest.mark.parametrize(
    "path",
    ["/api/events?before=%00", "/api/tables/ab%00cd/view", "/api/events/ab%00cd",
     "/api/studies/ab%00", "/api/tables?ids=a%00b"],
)  # fmt: skip
def test_a_nul_in_a_path_or_query_is_a_400_on_every_database(client: TestClient, path: str) -> None:
    """PostgreSQL refuses NUL in any text: such ids were a 500 there before."""
    answer = client.get(path)
    assert answer.status_code == 400 and "NUL" in answer.json()["error"], answer.text
