"""A Duel event under another rule set from the web (issue 22, part 1): the new-event
form's choice, scores typed in and previewed, the rule set's tiebreaks in the standings."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.test_tournament_duel import organizer, post


def new_event(client: TestClient, rules: str, kind: str = "duel") -> tuple[str, str]:
    answer = client.post(
        "/api/events", json={"kind": kind, "name": "Friday", "seed": 5, "rules": rules}
    )
    assert answer.status_code == 201, answer.text
    return answer.json()["id"], answer.json()["key"]


def test_a_magic_event_takes_games_and_ranks_by_the_mtr(client: TestClient) -> None:
    event, key = new_event(client, "mtg")
    for name in ("Ana", "Bia", "Caio", "Duda"):
        view = post(client, event, key, "players", {"name": name})
    view = post(client, event, key, "rounds", {})
    assert view["rules"]["name"] == "mtg" and view["rounds"][0]["report"] == "games"
    preview = client.post(
        f"/api/events/{event}/preview",
        json={"round": 1, "table": 1, "result": "2-0-1"},
        headers=organizer(key),
    )
    assert preview.status_code == 200 and preview.json()["result"] == "2-0-1"
    view = post(client, event, key, "results", {"round": 1, "table": 1, "result": "2-0-1"})
    view = post(client, event, key, "results", {"round": 1, "table": 2, "result": "1-1-1"})
    first = view["standings"][0]
    assert first["points"] == 3 and {"omw", "gw", "ogw"} <= set(first)
    assert "strength" not in first and first["gw"] == pytest.approx(100 * 7 / 9, abs=0.01)
    public = client.get(f"/api/events/{event}").json()
    assert public["rounds"][0]["tables"][0]["result"] == "2-0-1"


@pytest.mark.parametrize(
    ("rules", "result", "status", "message"),
    [
        ("mtg", "3-0", 400, "not a result under mtg"),
        ("mtg", "win", 400, "not a result under mtg"),
        ("cobra", "7-0", 400, "not a result under cobra"),
        ("agot", "2-1", 400, "field 'result' must be one of"),
    ],
)
def test_a_result_the_rule_set_cannot_give_is_refused(
    client: TestClient, rules: str, result: str, status: int, message: str
) -> None:
    event, key = new_event(client, rules)
    for name in ("Ana", "Bia"):
        post(client, event, key, "players", {"name": name})
    post(client, event, key, "rounds", {})
    answer = client.post(
        f"/api/events/{event}/results",
        json={"round": 1, "table": 1, "result": result},
        headers=organizer(key),
    )
    assert answer.status_code == status and message in answer.json()["error"]
    view = client.get(f"/api/events/{event}").json()
    assert view["rounds"][0]["tables"][0]["done"] is False  # nothing changed


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"kind": "duel", "name": "x", "rules": "chess"}, "unknown rule set 'chess'"),
        ({"kind": "melee", "name": "x", "rules": "mtg"}, "field 'rules' is for Duel events"),
        ({"kind": "duel", "name": "x", "rules": ["mtg"]}, "rules"),
    ],
)
def test_a_bad_rule_set_is_refused(
    client: TestClient, body: dict[str, object], message: str
) -> None:
    answer = client.post("/api/events", json=body)
    assert 400 <= answer.status_code < 500 and message in answer.text


def test_a_sign_up_sheet_registers_everyone_or_nobody(client: TestClient) -> None:
    event, key = new_event(client, "agot")
    sheet = "name,faction,group\nAna,Stark,Silva\nBia,Lannister,Silva\n"
    answer = client.post(
        f"/api/events/{event}/signups", json={"csv": sheet}, headers=organizer(key)
    )
    assert answer.status_code == 200 and answer.json()["done"] == {"registered": 2}
    assert [p["name"] for p in answer.json()["event"]["players"]] == ["Ana", "Bia"]
    for bad, status, message in (
        ("name\nCaio\nAna\n", 422, "Ana is already registered"),
        ("nome,baralho\nCaio,x\n,y\n", 400, "row 3: the name is empty"),
        ("deck\nx\n", 400, "must name its columns"),
    ):
        refused = client.post(
            f"/api/events/{event}/signups", json={"csv": bad}, headers=organizer(key)
        )
        assert refused.status_code == status and message in refused.json()["error"]
    assert len(client.get(f"/api/events/{event}").json()["players"]) == 2
    assert client.post(f"/api/events/{event}/signups", json={"csv": sheet}).status_code == 403
    # a sheet of 500 names is over the 16 KiB of other bodies, and is taken
    names = "".join(f"Player number {i:04d}\n" for i in range(500))
    big = client.post(
        f"/api/events/{event}/signups", json={"csv": "name\n" + names}, headers=organizer(key)
    )
    assert big.status_code == 200 and big.json()["done"] == {"registered": 500}
    huge = "name\n" + "x" * 600_000
    refused = client.post(
        f"/api/events/{event}/signups", json={"csv": huge}, headers=organizer(key)
    )
    assert refused.status_code == 413


def test_match_slips_a_slip_per_table_byes_left_out(client: TestClient) -> None:
    event, key = new_event(client, "mtg")
    for name in ("Ana", "Bia", "Caio", "Duda", "Edu"):
        post(client, event, key, "players", {"name": name})
    assert client.get(f"/events/{event}/slips").status_code == 404  # no round yet
    post(client, event, key, "rounds", {})
    page = client.get(f"/events/{event}/slips?round=1")
    assert page.status_code == 200
    assert page.text.count('class="slip"') == 2  # five players: two tables and a bye
    assert "Signature" in page.text and key not in page.text  # public facts only
    assert "<th>Games won</th>" in page.text  # mtg reports games
    assert client.get(f"/events/{event}/slips?round=2").status_code == 404


def test_a_netrunner_cut_is_double_elimination_on_the_organizer_page(client: TestClient) -> None:
    """cobra.toml `cut = "double"`: the sizes offered are Cobra's brackets, and the
    second cut round pairs the winners and, in the lower bracket, the losers."""
    event, key = new_event(client, "cobra")
    for name in ("Ana", "Bia", "Caio", "Duda"):
        view = post(client, event, key, "players", {"name": name})
    assert view["rules"]["cut"] == "double" and view["rules"]["cut_sizes"] == [4, 8, 16]
    view = post(client, event, key, "rounds", {})
    for table in (1, 2):
        view = post(client, event, key, "results", {"round": 1, "table": table, "result": "6-0"})
    answer = client.post(f"/api/events/{event}/cut", json={"size": 2}, headers=organizer(key))
    assert answer.status_code == 422 and "top 4, 8, 16, not 2" in answer.json()["error"]
    view = post(client, event, key, "cut", {"size": 4})
    first = view["rounds"][-1]
    assert first["label"] == "Top cut: round 1"
    for table in (1, 2):
        view = post(client, event, key, "results", {"round": 2, "table": table, "result": "3-0"})
    view = post(client, event, key, "cut-advance", {})
    second = view["rounds"][-1]
    assert second["label"] == "Top cut: round 2" and len(second["tables"]) == 2

    def seats(table: dict[str, Any]) -> set[str]:
        return {seat["name"] for seat in table["seats"]}

    won = {table["seats"][0]["name"] for table in first["tables"]}  # 3-0: first named won
    lost = {table["seats"][1]["name"] for table in first["tables"]}
    assert [seats(t) for t in second["tables"]] == [won, lost]


def test_a_magic_final_announced_best_of_five(client: TestClient) -> None:
    """The cut's matches (here the final) may be announced as best of five: `3-2` is then
    a result; a best of that is not one is a 4xx naming the choices."""
    event, key = new_event(client, "mtg")
    for name in ("Ana", "Bia", "Caio", "Duda"):
        post(client, event, key, "players", {"name": name})
    post(client, event, key, "rounds", {})
    for table in (1, 2):
        post(client, event, key, "results", {"round": 1, "table": table, "result": "2-1"})
    for games, status in (("5", 400), (4, 422), (True, 400)):
        answer = client.post(
            f"/api/events/{event}/cut", json={"size": 2, "games": games}, headers=organizer(key)
        )
        assert answer.status_code == status, answer.text
    view = post(client, event, key, "cut", {"size": 2, "games": 5})
    assert view["rules"]["cut_games"] == 5 and view["rounds"][-1]["games"] == 5
    assert view["rounds"][0]["games"] == 3  # the Swiss rounds stay best of three
    view = post(client, event, key, "results", {"round": 2, "table": 1, "result": "3-2"})
    assert view["champion"] is not None
