"""People, not seats (issue 19): a person names their own seat; everyone at the table sees
the name, as text; nothing else can set it."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import ClientFactory
from tests.web.helpers import create, view


def _seats(client: TestClient, table: str) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = view(client, table, None)["table"]["seats"]
    return seats


def _name(client: TestClient, table: str, token: str | None, name: Any) -> Any:
    params = {"token": token} if token else {}
    return client.post(f"/api/tables/{table}/name", params=params, json={"name": name})


def test_a_person_names_their_seat_and_everyone_sees_it(client: TestClient) -> None:
    created = create(client, "toinc", ["human", "human"])
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    assert [s["name"] for s in _seats(client, table)] == [None, None]
    answer = _name(client, table, tokens[1], "  Bea  ")
    assert answer.status_code == 200 and answer.json() == {"id": table, "seat": 1, "name": "Bea"}
    assert [s["name"] for s in _seats(client, table)] == [None, "Bea"]
    assert view(client, table, tokens[0])["table"]["seats"][1]["name"] == "Bea"  # not cached
    assert _name(client, table, tokens[1], "Beatriz").status_code == 200  # renamed
    assert _seats(client, table)[1]["name"] == "Beatriz"


def test_names_come_with_a_new_table_and_a_joined_seat(client: TestClient) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "open"}]
    made = client.post("/api/tables", json={"game": "toinc", "seats": seats})
    assert made.status_code == 201, made.text
    table = made.json()["id"]
    joined = client.post(f"/api/tables/{table}/join", json={"seat": 1, "name": "Caio"})
    assert joined.status_code == 200, joined.text
    assert [s["name"] for s in _seats(client, table)] == ["Ana", "Caio"]


@pytest.mark.parametrize(
    "bad",
    ["", "   ", "x" * 33, "Ana\nBea", "tab\there", "zero\u200bwidth", 7, None, ["Ana"]],
    ids=["empty", "blank", "too-long", "newline", "tab", "invisible", "number", "null", "list"],
)
def test_a_bad_name_is_refused_with_one_message_and_nothing_changes(
    client: TestClient, bad: Any
) -> None:
    created = create(client, "toinc", ["human", "human"])
    table, token = created["id"], created["seats"][0]["token"]
    answer = _name(client, table, token, bad)
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("field 'name' must be")
    assert _seats(client, table)[0]["name"] is None
    seats = [{"kind": "human", "name": bad}, {"kind": "agent", "agent": "random"}]
    if bad is not None:
        refused = client.post("/api/tables", json={"game": "toinc", "seats": seats})
        assert refused.status_code == 400 and "seat 0: name must be" in refused.json()["error"]


def test_only_a_seats_own_token_names_it(client: TestClient) -> None:
    created = create(client, "toinc", ["human", "random"])
    table = created["id"]
    assert _name(client, table, None, "Eve").status_code == 401  # a spectator
    assert _name(client, table, "not-a-token", "Eve").status_code == 403
    other = create(client, "toinc", ["human", "random"])
    assert _name(client, table, other["seats"][0]["token"], "Eve").status_code == 403
    assert _seats(client, table)[0]["name"] is None


def test_a_name_is_text_kept_across_a_restart(make_client: ClientFactory) -> None:
    with make_client() as client:
        created = create(client, "toinc", ["human", "random"])
        table = created["id"]
        assert _name(client, table, created["seats"][0]["token"], "<b>Ana</b>").status_code == 200
    with make_client() as client:
        assert _seats(client, table)[0]["name"] == "<b>Ana</b>"  # stored as typed, shown as text


def test_a_seat_is_renamed_at_most_five_times_a_minute(client: TestClient) -> None:
    """Issue 36, item 9: each rename is a write and a message to the table: the sixth in a
    minute gets 429 and changes nothing."""
    made = client.post(
        "/api/tables", json={"game": "kalah", "seats": [{"kind": "human"}, {"kind": "agent"}]}
    ).json()
    table, token = made["id"], made["seats"][0]["token"]
    for number in range(5):
        assert _name(client, table, token, f"Ana {number}").status_code == 200
    refused = _name(client, table, token, "Bia")
    assert refused.status_code == 429 and "at most 5 times a minute" in refused.json()["error"]
    assert _seats(client, table)[0]["name"] == "Ana 4"
