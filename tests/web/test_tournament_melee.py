"""A Melee event from the web, and the overall champion of a Duel plus a Melee (issue 8).

Rules come from `ludoteca.tournament` (*Regras Oficiais: Luta pelo Poder*): table
sizes (*Disposição de Lugares*), power to points (*Pontuação*), the final table
(*Mesa Final*) and the overall champion (*Pontuação para Campeão Geral*).
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.test_tournament_duel import lower_number_wins, new_event, organizer, post

NAMES = ["Ana", "Bruno", "Carla", "Davi", "Elisa", "Fabio", "Gil"]


def power_by_number(client: TestClient, event: str, key: str, view: dict[str, Any]) -> Any:
    """Type in the current round: player n ends with 16 - 2n power (1 beats everyone)."""
    sheet = view["rounds"][-1]
    for table in sheet["tables"]:
        power = [max(0, 16 - 2 * seat["number"]) for seat in table["seats"]]
        body = {"round": sheet["number"], "table": table["table"], "power": power}
        view = post(client, event, key, "results", body)
    return view


def melee_to_final(client: TestClient) -> tuple[str, str, Any]:
    """Seven players, two preliminary rounds, the final table seated."""
    event, key = new_event(client, "melee", "Sunday Melee")
    for name in NAMES:
        post(client, event, key, "players", {"name": name})
    for _ in range(2):
        power_by_number(client, event, key, post(client, event, key, "rounds", {}))
    return event, key, post(client, event, key, "final", {})


def test_a_melee_round_is_seated_reported_fixed_and_ranked(client: TestClient) -> None:
    """*Disposição de Lugares*: 7 players sit at a 4 and a 3; *Pontuação* ranks them."""
    event, key = new_event(client, "melee", "Melee night")
    for name in NAMES:
        post(client, event, key, "players", {"name": name})
    view = post(client, event, key, "rounds", {})
    sheet = view["rounds"][0]
    assert sheet["kind"] == "melee"
    assert sorted(len(t["seats"]) for t in sheet["tables"]) == [3, 4]
    seated = sorted(s["number"] for t in sheet["tables"] for s in t["seats"])
    assert seated == list(range(1, 8))
    early = client.post(f"/api/events/{event}/rounds", json={}, headers=organizer(key))
    assert early.status_code == 422 and "no result yet" in early.json()["error"]

    view = power_by_number(client, event, key, view)
    winners = {min(s["number"] for s in t["seats"]) for t in sheet["tables"]}
    top = {row["number"] for row in view["standings"][:2]}
    assert top == winners  # each table's winner (closest to 15 power) leads

    first = view["rounds"][0]["tables"][0]
    size = len(first["seats"])
    again = {"round": 1, "table": 1, "power": [1] * size}
    refused = client.post(f"/api/events/{event}/results", json=again, headers=organizer(key))
    assert refused.status_code == 409 and "use fix" in refused.json()["error"]
    short = {"round": 1, "table": 1, "power": [1] * (size - 1)}
    wrong = client.post(f"/api/events/{event}/fix", json=short, headers=organizer(key))
    assert wrong.status_code == 400 and f"{size} seats" in wrong.json()["error"]
    reversed_power = list(reversed(first["power"]))
    view = post(client, event, key, "fix", {"round": 1, "table": 1, "power": reversed_power})
    assert view["rounds"][0]["tables"][0]["power"] == reversed_power
    new_winner = first["seats"][-1]["number"]
    assert new_winner in {row["number"] for row in view["standings"][:2]}

    named = view["players"][6]["name"]
    view = post(client, event, key, "drop", {"player": named.upper()})  # a name, any case
    assert view["players"][6]["dropped"]
    view = post(client, event, key, "rounds", {})
    assert 7 not in {s["number"] for t in view["rounds"][1]["tables"] for s in t["seats"]}


def test_the_final_table_decides_the_melee_champion(client: TestClient) -> None:
    """*Mesa Final*: 11 players or fewer send the best 3; its winner is the champion."""
    event, key, view = melee_to_final(client)
    final = view["rounds"][-1]
    assert final["kind"] == "final" and final["number"] == 3
    best = [row["number"] for row in view["standings"][:3]]
    assert [s["number"] for s in final["tables"][0]["seats"]] == best
    power = [5, 15, 10]  # seat 2 (the second best) wins the final table
    view = post(client, event, key, "results", {"round": 3, "table": 1, "power": power})
    champion = final["tables"][0]["seats"][1]["name"]
    assert view["champion"] == champion
    assert view["final_ranking"][:3] == [final["tables"][0]["seats"][i]["name"] for i in (1, 2, 0)]
    # the standings, the feed and the exports rank by final place once it is decided
    assert [(row["place"], row["player"]) for row in view["standings"][:3]] == [
        (place, name) for place, name in enumerate(view["final_ranking"][:3], start=1)
    ]
    feed = client.get(f"/api/events/{event}/feed").json()
    assert feed["standings"][0]["place"] == 1 and feed["standings"][0]["player"] == champion
    page = client.get(f"/events/{event}/print").text
    assert "Final table" in page and champion in page


def test_the_overall_champion_adds_both_events_places(client: TestClient) -> None:
    """*Pontuação para Campeão Geral*: 48 for 1st, 42 for 2nd, 37 for 3rd, in each event."""
    melee, melee_key, _ = melee_to_final(client)
    post(client, melee, melee_key, "results", {"round": 3, "table": 1, "power": [5, 15, 10]})
    duel, key = new_event(client, "duel", "Sunday Duel")
    for name in NAMES[:4]:
        post(client, duel, key, "players", {"name": name})
    view = lower_number_wins(client, duel, key, post(client, duel, key, "rounds", {}))
    view = lower_number_wins(client, duel, key, post(client, duel, key, "cut", {"size": 2}))
    assert view["champion"] == "Ana"
    early = client.get("/api/champion", params={"duel": melee, "melee": duel})
    assert early.status_code == 422
    answer = client.get("/api/champion", params={"duel": duel, "melee": melee})
    assert answer.status_code == 200, answer.text
    ranking = answer.json()["ranking"]
    assert len(ranking) == 4  # only the players of both events
    assert ranking[0]["player"] == "Bruno" and ranking[0]["points"] == 42 + 48
    assert ranking[1]["player"] == "Ana" and ranking[1]["points"] == 48 + 37
