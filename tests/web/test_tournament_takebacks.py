"""Issue 16: an organizer's previews and take-backs over the API — what a result would
store (a timed Duel result from the two powers, a melee table's places), a result taken
back while its round is in play, a drop undone before the next pairing."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.test_tournament_duel import new_event, organizer, post


def test_a_preview_derives_the_result_and_stores_nothing(client: TestClient) -> None:
    """Rulebook example (*Desempate*): 10 against 12 power is a timed loss for the first
    player; the journal is unchanged; without the key it is 403."""
    event, key = new_event(client)
    for name in ("Ana", "Bia"):
        post(client, event, key, "players", {"name": name})
    view = post(client, event, key, "rounds", {})
    body = {"round": 1, "table": 1, "power": [10, 12]}
    answer = client.post(f"/api/events/{event}/preview", json=body, headers=organizer(key))
    assert answer.status_code == 200 and answer.json() == {"result": "timed_loss"}
    again = client.get(f"/api/events/{event}/organizer", headers=organizer(key)).json()
    assert again["journal"] == view["journal"]
    assert client.post(f"/api/events/{event}/preview", json=body).status_code == 403


def test_a_melee_preview_gives_each_seat_its_place_and_points(client: TestClient) -> None:
    """Places by distance to 15 power, ties sharing the better place (*Pontuação*)."""
    event, key = new_event(client, kind="melee", name="Melee night")
    for name in ("Ana", "Bia", "Caio", "Duda"):
        post(client, event, key, "players", {"name": name})
    view = post(client, event, key, "rounds", {})
    table = view["rounds"][0]["tables"][0]
    powers = [15, 9, 9, 3][: len(table["seats"])]
    body = {"round": 1, "table": table["table"], "power": powers}
    answer = client.post(f"/api/events/{event}/preview", json=body, headers=organizer(key))
    assert answer.status_code == 200, answer.text
    places = [row["place"] for row in answer.json()["places"]]
    assert places == [1, 2, 2, 4][: len(powers)]
    assert answer.json()["places"][0]["points"] == 15


def test_a_result_is_taken_back_and_a_drop_undone(client: TestClient) -> None:
    """Undo empties the table (and is refused once the next round is paired); a dropped
    player reinstated before the pairing is paired again."""
    event, key = new_event(client)
    for name in ("Ana", "Bia", "Caio", "Duda"):
        post(client, event, key, "players", {"name": name})
    post(client, event, key, "rounds", {})
    view = post(client, event, key, "results", {"round": 1, "table": 1, "result": "win"})
    assert view["rounds"][0]["tables"][0]["result"] == "win"
    view = post(client, event, key, "undo", {"round": 1, "table": 1})
    assert view["rounds"][0]["tables"][0]["result"] is None
    for table in (1, 2):
        post(client, event, key, "results", {"round": 1, "table": table, "result": "win"})
    ana = view["players"][0]["id"]
    post(client, event, key, "drop", {"player": ana})
    view = post(client, event, key, "reinstate", {"player": ana})
    assert not view["players"][0]["dropped"]
    view = post(client, event, key, "rounds", {})
    assert ana in [seat["id"] for t in view["rounds"][1]["tables"] for seat in t["seats"]]
    refused = client.post(
        f"/api/events/{event}/undo", json={"round": 1, "table": 1}, headers=organizer(key)
    )
    assert refused.status_code == 422 and "not the round in play" in refused.json()["error"]


def test_a_blank_player_name_is_refused(client: TestClient) -> None:
    """Spaces are no name: 400, and nobody is registered."""
    event, key = new_event(client)
    answer = client.post(
        f"/api/events/{event}/players", json={"name": "   "}, headers=organizer(key)
    )
    assert answer.status_code == 400 and "must not be blank" in answer.json()["error"]
    assert client.get(f"/api/events/{event}").json()["players"] == []


def test_a_co_organizer_key_runs_the_event_until_revoked(client: TestClient) -> None:
    """The organizer hands out a co-organizer key: it can change the event (and is told it
    is a co-organizer) but not hand out keys; revoked, it is refused at once. The key is
    in no journal line."""
    event, key = new_event(client)
    made = client.post(f"/api/events/{event}/co-organizer", headers=organizer(key))
    assert made.status_code == 200
    co = made.json()["co_key"]
    view = post(client, event, co, "players", {"name": "Ana"})
    assert view["role"] == "co-organizer" and view["co_organizer"] is True
    assert co not in str(view["journal"])
    refused = client.post(f"/api/events/{event}/co-organizer", headers=organizer(co))
    assert refused.status_code == 403
    own = client.get(f"/api/events/{event}/organizer", headers=organizer(key)).json()
    assert own["role"] == "organizer"
    assert client.delete(f"/api/events/{event}/co-organizer", headers=organizer(key)).is_success
    gone = client.post(f"/api/events/{event}/players", json={"name": "Bia"}, headers=organizer(co))
    assert gone.status_code == 403
    again = client.post(f"/api/events/{event}/co-organizer", headers=organizer(key)).json()
    assert again["co_key"] != co


def test_a_power_beyond_reason_is_refused(client: TestClient) -> None:
    """A power of 10**15 is a slip, not a result: 422 on preview and record, nothing kept;
    one of 10**40 is refused as the body is read (longer than any number a request needs)."""
    event, key = new_event(client, kind="melee", name="Melee night")
    for name in ("Ana", "Bia", "Caio", "Duda"):
        post(client, event, key, "players", {"name": name})
    post(client, event, key, "rounds", {})
    for power, status, said in ((10**15, 422, "at most 999"), (10**40, 400, "20 digits")):
        body = {"round": 1, "table": 1, "power": [power, 1, 2, 3]}
        for action in ("preview", "results"):
            answer = client.post(f"/api/events/{event}/{action}", json=body, headers=organizer(key))
            assert answer.status_code == status and said in answer.json()["error"], action
    view = client.get(f"/api/events/{event}").json()
    assert view["rounds"][0]["tables"][0]["power"] is None
