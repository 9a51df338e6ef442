"""Issue 15, part 3: the whole HTTP API fuzzed from its own OpenAPI schema (schemathesis).

Every operation gets generated requests, valid and invalid against the schema, with the
ids of a real table and event and their real credentials, so the generated bodies reach
the game and tournament code behind the checks. No answer may be a 5xx, an undocumented
status, or a body that breaks the schema. The budget is small (`EXAMPLES` an operation);
raise it locally with `LUDOTECA_FUZZ_EXAMPLES` for a longer hunt.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from ludoteca.web import create_app
from tests.web.helpers import short_options

EXAMPLES = int(os.environ.get("LUDOTECA_FUZZ_EXAMPLES", "15"))
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


# The schema is read from an app built at import (schemathesis's lazy fixture loader does
# not run under pytest 9); its database is a file of a fresh folder, started by `live`.
FOLDER = Path(tempfile.mkdtemp(prefix="ludoteca-fuzz-"))
atexit.register(shutil.rmtree, FOLDER, ignore_errors=True)  # every process that imports this
APP = create_app(str(FOLDER / "fuzz.db"))
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@pytest.fixture(scope="module")
def live() -> Iterator[dict[str, Any]]:
    """The app running, with a Toinc table (a person against the computer) and a Duel
    event of four players: their ids and credentials. A worker may set this up again
    after tearing it down (pytest-xdist hands a module's tests out in pieces): the folder
    is made afresh each time."""
    FOLDER.mkdir(parents=True, exist_ok=True)
    with TestClient(APP) as client:
        seats = [{"kind": "human"}, {"kind": "agent", "agent": "random"}]
        body = {"game": "toinc", "options": short_options("toinc"), "seats": seats}
        table = client.post("/api/tables", json=body).json()
        event = client.post("/api/events", json={"name": "fuzz cup"}).json()
        for name in ("Ana", "Bia", "Caio", "Duda"):
            added = client.post(
                f"/api/events/{event['id']}/players",
                params={"key": event["key"]},
                json={"name": name},
            )
            assert added.status_code == 200, added.text
        yield {
            "table_id": table["id"],
            "token": table["seats"][0]["token"],
            "event_id": event["id"],
            "key": event["key"],
        }
    shutil.rmtree(FOLDER, ignore_errors=True)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_answers_within_its_schema(case: Any, live: dict[str, Any]) -> None:
    """No 5xx, only documented statuses, and bodies that match the schema."""
    for name in ("table_id", "event_id"):
        if case.path_parameters and name in case.path_parameters:
            case.path_parameters[name] = live[name]
    if case.query is not None:
        for name in ("token", "key"):
            if name in case.query:
                case.query[name] = live[name]
    case.call_and_validate(checks=CHECKS)
