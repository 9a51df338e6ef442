"""A whole Duel event run from the web: registration to top cut and champion (issue 8).

Rules under test come from `ludoteca.tournament` (*Regras Oficiais: Duelo*): Swiss
rounds (*sistema Suíço*), points and tiebreaks (*Pontuação*, *Desempate*), byes
(*Número Ímpar de Jogadores*) and the single-elimination top cut (*mata-mata*).
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

NAMES = ["Ana", "Bruno", "Carla", "Davi", "Elisa", "Fabio"]


def organizer(key: str) -> dict[str, str]:
    """The header carrying an event's organizer key."""
    return {"Authorization": f"Bearer {key}"}


def new_event(client: TestClient, kind: str = "duel", name: str = "Sunday Duel") -> tuple[str, str]:
    """Create an event; returns (id, organizer key)."""
    answer = client.post("/api/events", json={"kind": kind, "name": name, "seed": 11})
    assert answer.status_code == 201, answer.text
    return answer.json()["id"], answer.json()["key"]


def post(client: TestClient, event: str, key: str, action: str, body: dict[str, Any]) -> Any:
    """An organizer change that must succeed; returns the event's organizer view."""
    answer = client.post(f"/api/events/{event}/{action}", json=body, headers=organizer(key))
    assert answer.status_code == 200, answer.text
    return answer.json()["event"]


def lower_number_wins(client: TestClient, event: str, key: str, view: dict[str, Any]) -> Any:
    """Type in every open table of the current round: the lower player number wins."""
    sheet = view["rounds"][-1]
    for table in sheet["tables"]:
        if table["bye"]:
            continue
        first, second = table["seats"]
        result = "win" if first["number"] < second["number"] else "loss"
        body = {"round": sheet["number"], "table": table["table"], "result": result}
        view = post(client, event, key, "results", body)
    return view


def test_a_duel_event_runs_from_registration_to_its_champion(client: TestClient) -> None:
    """*sistema Suíço* rounds, a fix, a drop, standings with *Desempate*, top 4 *mata-mata*."""
    event, key = new_event(client)
    for name in NAMES:
        view = post(client, event, key, "players", {"name": name})
    assert [p["name"] for p in view["players"]] == NAMES
    assert [p["number"] for p in view["players"]] == [1, 2, 3, 4, 5, 6]

    view = post(client, event, key, "rounds", {})
    assert len(view["rounds"][0]["tables"]) == 3  # six players: three tables, no bye
    view = lower_number_wins(client, event, key, view)
    assert view["rounds"][0]["complete"]

    # Fix a result: table 1 is reversed, and the standings follow.
    table = view["rounds"][0]["tables"][0]
    before = {row["id"]: row["points"] for row in view["standings"]}
    flipped = "loss" if table["result"] == "win" else "win"
    view = post(client, event, key, "fix", {"round": 1, "table": 1, "result": flipped})
    after = {row["id"]: row["points"] for row in view["standings"]}
    a, b = (seat["id"] for seat in table["seats"])
    assert (after[a], after[b]) == (before[b], before[a])  # *Pontuação*: 5 for a win, 0 for a loss
    view = post(client, event, key, "fix", {"round": 1, "table": 1, "result": table["result"]})

    # Drop Fabio: five players left, so round 2 has a bye (*Número Ímpar de Jogadores*).
    # A player is named by id, name or number (6: JSON's integer as well as its text).
    view = post(client, event, key, "drop", {"player": 6})
    assert next(p for p in view["players"] if p["id"] == "fabio")["dropped"]
    view = post(client, event, key, "reinstate", {"player": "FABIO"})
    view = post(client, event, key, "drop", {"player": "fabio"})
    view = post(client, event, key, "rounds", {})
    round2 = view["rounds"][1]["tables"]
    assert sum(t["bye"] for t in round2) == 1
    assert "fabio" not in {s["id"] for t in round2 for s in t["seats"]}
    view = lower_number_wins(client, event, key, view)
    view = post(client, event, key, "rounds", {})
    view = lower_number_wins(client, event, key, view)

    standings = view["standings"]
    assert standings[0]["player"] == "Ana" and standings[0]["points"] == 15
    assert [row["points"] for row in standings] == sorted(
        (row["points"] for row in standings), reverse=True
    )
    for row in standings:  # *Pontuação*: win 5, draw 2, loss 0, a bye is a win
        assert row["points"] == 5 * (row["wins"] + row["byes"]) + 2 * row["draws"]
    fabio = next(row for row in standings if row["id"] == "fabio")
    assert fabio["dropped"] and fabio["wins"] + fabio["losses"] == 1
    points = {row["id"]: row["points"] for row in standings}
    for row in standings:  # *Desempate*: strength = the points of every opponent met
        met = [
            s["id"]
            for sheet in view["rounds"]
            for t in sheet["tables"]
            if not t["bye"] and row["id"] in {s["id"] for s in t["seats"]}
            for s in t["seats"]
            if s["id"] != row["id"]
        ]
        assert row["strength"] == sum(points[p] for p in met)

    # Top 4 (*mata-mata*): seeds 1 v 4 and 2 v 3 from the Swiss standings.
    seeds = [row["id"] for row in standings if not row["dropped"]][:4]
    view = post(client, event, key, "cut", {"size": 4})
    cut = view["rounds"][-1]
    assert cut["kind"] == "cut" and cut["number"] == 4
    pairs = [[s["id"] for s in t["seats"]] for t in cut["tables"]]
    assert pairs == [[seeds[0], seeds[3]], [seeds[1], seeds[2]]]
    draw = {"round": 4, "table": 1, "result": "draw"}
    refused = client.post(f"/api/events/{event}/results", json=draw, headers=organizer(key))
    assert refused.status_code == 422 and "draw" in refused.json()["error"]
    view = lower_number_wins(client, event, key, view)
    view = post(client, event, key, "cut-advance", {})
    assert view["rounds"][-1]["label"] == "Top cut: final"
    assert view["champion"] is None
    view = lower_number_wins(client, event, key, view)

    assert view["top_cut"]["finished"]
    assert view["champion"] == "Ana"
    assert view["final_ranking"][0] == "Ana" and len(view["final_ranking"]) == 6
    public = client.get(f"/api/events/{event}").json()
    assert public["champion"] == "Ana" and "journal" not in public
    operations = [line["operation"] for line in view["journal"]]
    assert operations[0] == "create" and operations.count("fix") == 2
    assert operations[-1] == "report"


def test_results_for_a_finished_round_are_refused_and_change_nothing(client: TestClient) -> None:
    """Typing a result into a finished round or a reported table is a 409: use fix."""
    event, key = new_event(client)
    for name in NAMES[:4]:
        post(client, event, key, "players", {"name": name})
    view = lower_number_wins(client, event, key, post(client, event, key, "rounds", {}))
    again = client.post(
        f"/api/events/{event}/results",
        json={"round": 1, "table": 1, "result": "draw"},
        headers=organizer(key),
    )
    assert again.status_code == 409 and "use fix" in again.json()["error"]
    post(client, event, key, "rounds", {})
    revision = client.get(f"/api/events/{event}").json()["revision"]
    late = client.post(
        f"/api/events/{event}/results",
        json={"round": 1, "table": 2, "result": "draw"},
        headers=organizer(key),
    )
    assert late.status_code == 409 and "round 1 is finished" in late.json()["error"]
    now = client.get(f"/api/events/{event}").json()
    assert now["revision"] == revision
    assert now["rounds"][0]["tables"][1]["result"] == view["rounds"][0]["tables"][1]["result"]


def test_the_round_clock_starts_pauses_and_resumes(client: TestClient) -> None:
    """*rodadas de 60 minutos*: the clock shows time left, stops while paused."""
    event, key = new_event(client)
    for name in NAMES[:2]:
        post(client, event, key, "players", {"name": name})
    early = client.post(
        f"/api/events/{event}/clock", json={"action": "start"}, headers=organizer(key)
    )
    assert early.status_code == 409  # no round yet
    view = post(client, event, key, "rounds", {})
    stopped = {"minutes": 60, "state": "stopped", "remaining": 3600.0, "expired": False}
    assert view["clock"] == stopped
    view = post(client, event, key, "clock", {"action": "start"})
    assert view["clock"]["state"] == "running" and 3590 < view["clock"]["remaining"] <= 3600
    view = post(client, event, key, "clock", {"action": "pause"})
    paused = view["clock"]["remaining"]
    assert view["clock"]["state"] == "paused" and 3590 < paused <= 3600
    assert client.get(f"/api/events/{event}").json()["clock"]["remaining"] == paused
    view = post(client, event, key, "clock", {"action": "resume"})
    assert view["clock"]["state"] == "running"
    twice = client.post(
        f"/api/events/{event}/clock", json={"action": "resume"}, headers=organizer(key)
    )
    assert twice.status_code == 409


def test_pages_print_the_pairings_and_drive_the_organizer_shell(client: TestClient) -> None:
    """The printable page lists each table and each player; the organizer page is a shell."""
    event, key = new_event(client)
    for name in NAMES[:5]:
        post(client, event, key, "players", {"name": name})
    view = post(client, event, key, "rounds", {})
    page = client.get(f"/events/{event}/print")
    assert page.status_code == 200 and "Round 1" in page.text
    for name in NAMES[:5]:
        assert name in page.text
    assert "BYE" in page.text  # five players: one bye
    assert client.get(f"/events/{event}/print", params={"round": 3}).status_code == 404
    shell = client.get(f"/events/{event}/organize")
    assert shell.status_code == 200 and key not in shell.text
    for control in ("add-player", "pair-round", "start-cut", "clock-start", "clock-pause"):
        assert f'data-testid="{control}"' in shell.text
    assert client.get("/static/organize.js").status_code == 200
    assert client.get("/events").status_code == 200
    assert view["rounds"][0]["tables"]
