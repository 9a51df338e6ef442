"""Events played on the site (issue 45, items 1 and 3): registration with a cap and a
deadline, withdrawal, check-in (no-shows dropped at round 1's pairing with a journal line),
a table here for each pairing between accounts, the result recorded from the table's end
(the organizer's typed result first wins), and the hostile requests refused."""

from __future__ import annotations

import random
import threading
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient

from tests.web.helpers import another_browser, play_random
from tests.web.test_accounts import sign_up
from tests.web.test_tournament_duel import new_event, organizer, post

PRACTICE = {"length": "practice", "practice_turns": 2}
Player = tuple[TestClient, str]


def players(apps: list[TestClient], *names: str) -> list[Player]:
    out = []
    for name in names:
        client = another_browser(apps[0])
        out.append((client, sign_up(client, name)["csrf"]))
    return out


def host(client: TestClient, event: str, key: str, **body: Any) -> Any:
    return client.put(f"/api/events/{event}/hosting", json=body, headers=organizer(key))


def call(player: Player, method: str, path: str) -> Any:
    client, csrf = player
    return client.request(method, path, headers={"X-CSRF-Token": csrf})


def hosted_event(apps: list[TestClient], **body: Any) -> tuple[str, str]:
    client = apps[0]
    event, key = new_event(client)
    settings = {"game": "toinc", "options": PRACTICE, "registering": True, **body}
    answer = host(client, event, key, **settings)
    assert answer.status_code == 200, answer.text
    return event, key


def paired_event(
    apps: list[TestClient], names: tuple[str, ...] = ("Ana", "Bia"), **hosting: Any
) -> tuple[str, str, list[Player]]:
    """A hosted Toinc event with `names` registered and round 1 paired."""
    event, key = hosted_event(apps, **hosting)
    people = players(apps, *names)
    for person in people:
        call(person, "POST", f"/api/events/{event}/entries")
    post(apps[0], event, key, "rounds", {})
    return event, key, people


def test_accounts_register_check_in_play_their_tables_and_results_flow_back(
    apps: list[TestClient],
) -> None:
    client = apps[0]
    event, key = hosted_event(apps, cap=5)
    people = players(apps, "Ana", "Bia", "Caio", "Davi", "Eva", "Fabi")
    for person in people[:5]:
        assert call(person, "POST", f"/api/events/{event}/entries").status_code == 201
    full = call(people[5], "POST", f"/api/events/{event}/entries")
    assert full.status_code == 409 and "full" in full.json()["error"]
    assert client.get(f"/api/events/{event}/hosting").json()["registered"] == 5
    early = call(people[0], "POST", f"/api/events/{event}/check-in")
    assert early.status_code == 409  # check-in is not open yet
    assert host(client, event, key, checking_in=True).status_code == 200
    for person in people[:4]:  # Eva does not come
        assert call(person, "POST", f"/api/events/{event}/check-in").status_code == 204

    view = post(client, event, key, "rounds", {})
    eva = next(p for p in view["players"] if p["name"] == "Eva")
    assert eva["dropped"]
    journal = client.get(f"/api/events/{event}/organizer", headers=organizer(key)).json()
    drops = [line for line in journal["journal"] if line["operation"] == "drop"]
    assert [line["arguments"]["reason"] for line in drops] == ["no-show"]
    assert len(view["rounds"][0]["tables"]) == 2  # four players, no bye

    tokens: dict[str, dict[int, str]] = {}
    for person in people[:4]:
        mine = call(person, "GET", f"/api/events/{event}/me").json()
        table = mine["table"]
        assert table is not None and table["round"] == 1
        taken = call(person, "POST", f"/api/account/seats/{table['id']}/{table['seat']}/here")
        assert taken.status_code == 200, taken.text
        tokens.setdefault(table["id"], {})[table["seat"]] = taken.json()["token"]
    assert len(tokens) == 2 and all(set(seats) == {0, 1} for seats in tokens.values())
    for table, seats in tokens.items():
        play_random(client, table, [seats[0], seats[1]], random.Random(9))
    sheet = client.get(f"/api/events/{event}").json()["rounds"][0]
    assert sheet["complete"]
    assert all(t["result"] is not None for t in sheet["tables"])


def test_the_organizers_typed_result_comes_first(apps: list[TestClient]) -> None:
    client = apps[0]
    event, key, people = paired_event(apps)
    view = client.get(f"/api/events/{event}").json()
    post(client, event, key, "results", {"round": 1, "table": 1, "result": "draw"})
    table = call(people[0], "GET", f"/api/events/{event}/me").json()["table"]
    other = call(people[1], "GET", f"/api/events/{event}/me").json()["table"]
    tokens = {}
    for person, at in ((people[0], table), (people[1], other)):
        taken = call(person, "POST", f"/api/account/seats/{at['id']}/{at['seat']}/here")
        tokens[at["seat"]] = taken.json()["token"]
    play_random(client, table["id"], [tokens[0], tokens[1]], random.Random(2))
    result = client.get(f"/api/events/{event}").json()["rounds"][0]["tables"][0]["result"]
    assert view["rounds"][0]["tables"][0]["result"] is None
    assert result is not None and "draw" in str(result).lower()


def test_registration_refuses_what_it_must(apps: list[TestClient]) -> None:
    client = apps[0]
    event, key = hosted_event(apps, registering=False)
    (ana, bia) = players(apps, "Ana", "Bia")
    assert call(ana, "POST", f"/api/events/{event}/entries").status_code == 409  # closed
    past = (datetime.now(UTC) - timedelta(minutes=1)).isoformat()
    host(client, event, key, registering=True, deadline=past)
    late = call(ana, "POST", f"/api/events/{event}/entries")
    assert late.status_code == 409 and "deadline" in late.json()["error"]
    host(client, event, key, deadline=None)
    assert call(ana, "POST", f"/api/events/{event}/entries").status_code == 201
    assert call(ana, "POST", f"/api/events/{event}/entries").status_code == 409  # twice
    assert call(bia, "DELETE", f"/api/events/{event}/entries").status_code == 404
    assert call(bia, "GET", f"/api/events/{event}/me").status_code == 404
    assert ana[0].delete(f"/api/events/{event}/entries").status_code == 403  # no CSRF token
    anonymous = another_browser(client)
    assert anonymous.post(f"/api/events/{event}/entries").status_code == 401
    assert call(ana, "DELETE", f"/api/events/{event}/entries").status_code == 204
    view = client.get(f"/api/events/{event}").json()
    assert [p["dropped"] for p in view["players"]] == [True]
    assert call(ana, "POST", "/api/events/nope/entries").status_code == 404


def test_hosting_is_the_organizers_and_checks_its_fields(apps: list[TestClient]) -> None:
    client = apps[0]
    event, key = new_event(client)
    assert client.put(f"/api/events/{event}/hosting", json={"registering": True}).status_code == 403
    assert host(client, event, "wrong", registering=True).status_code == 403
    for body, status in (
        ({"game": "toxicity"}, 422),  # not a two-player game
        ({"game": "nope"}, 422),
        ({"game": "toinc", "options": {"length": "endless"}}, 422),
        ({"cap": 1}, 400),
        ({"cap": 10_000}, 400),
        ({"deadline": "soon"}, 400),
        ({"registering": "yes"}, 400),
        ({"teleport": True}, 400),
    ):
        assert host(client, event, key, **body).status_code == status, body
    assert client.get(f"/api/events/{event}/hosting").status_code == 404  # nothing set
    melee, melee_key = new_event(client, kind="melee")
    assert host(client, melee, melee_key, game="toinc").status_code == 422  # for two
    assert host(client, melee, melee_key, game="toxicity", registering=True).status_code == 200


def test_a_melee_round_is_played_at_toxicity_tables_and_placed_by_score(
    apps: list[TestClient],
) -> None:
    """Six players registered: round 1 seats two Toxicity tables of three here; each
    table's final scores are its players' power, and the event places them by it."""
    client = apps[0]
    event, key = new_event(client, kind="melee")
    assert host(client, event, key, game="toxicity", registering=True).status_code == 200
    people = players(apps, "Ana", "Bia", "Caio", "Davi", "Eva", "Fabi")
    for person in people:
        assert call(person, "POST", f"/api/events/{event}/entries").status_code == 201
    view = post(client, event, key, "rounds", {})
    sizes = sorted(len(t["seats"]) for t in view["rounds"][0]["tables"])
    assert sizes == [3, 3]
    tokens: dict[str, dict[int, str]] = {}
    for person in people:
        table = call(person, "GET", f"/api/events/{event}/me").json()["table"]
        taken = call(person, "POST", f"/api/account/seats/{table['id']}/{table['seat']}/here")
        tokens.setdefault(table["id"], {})[table["seat"]] = taken.json()["token"]
    scores = []
    for table, seats in tokens.items():
        line = client.get("/api/tables", params={"ids": table}).json()["tables"][0]
        assert line["game"] == "toxicity" and len(line["seats"]) == 3
        end = play_random(client, table, [seats[0], seats[1], seats[2]], random.Random(4))
        scores.append([int(score) for score in end["observation"]["scores"]])
    rounds = client.get(f"/api/events/{event}").json()["rounds"][0]
    assert all(t["done"] for t in rounds["tables"]), rounds
    assert sorted(t["power"] for t in rounds["tables"]) == sorted(scores)


def otb_event(apps: list[TestClient]) -> tuple[str, str, list[Player]]:
    """A Duel over the board (no game here) with Ana and Bia registered and paired."""
    client = apps[0]
    event, key = new_event(client)
    assert host(client, event, key, registering=True).status_code == 200
    people = players(apps, "Ana", "Bia")
    for person in people:
        call(person, "POST", f"/api/events/{event}/entries")
    post(client, event, key, "rounds", {})
    return event, key, people


def report(player: Player, event: str, result: str) -> Any:
    client, csrf = player
    return client.post(
        f"/api/events/{event}/report", json={"result": result}, headers={"X-CSRF-Token": csrf}
    )


def test_a_result_reported_over_the_board_is_confirmed_by_the_opponent(
    apps: list[TestClient],
) -> None:
    client = apps[0]
    event, _key, (ana, bia) = otb_event(apps)
    mine = call(ana, "GET", f"/api/events/{event}/me").json()
    assert mine["table"] is None and mine["reportable"] and mine["report"] is None
    assert report(ana, event, "win").status_code == 204
    assert report(bia, event, "win").status_code == 409  # one report a match
    assert call(ana, "GET", f"/api/events/{event}/me").json()["report"] == {
        "result": "win", "mine": True, "disputed": False
    }  # fmt: skip
    assert call(bia, "GET", f"/api/events/{event}/me").json()["report"]["result"] == "loss"
    assert call(ana, "POST", f"/api/events/{event}/confirm").status_code == 403  # not hers
    assert call(bia, "POST", f"/api/events/{event}/confirm").status_code == 204
    assert client.get(f"/api/events/{event}").json()["rounds"][0]["complete"]
    standings = client.get(f"/api/events/{event}").json()["standings"]
    assert standings[0]["player"] == "Ana" and standings[0]["points"] > standings[1]["points"]
    assert call(bia, "GET", f"/api/events/{event}/me").json()["reportable"] is False


def test_a_disputed_report_goes_to_the_organizer_first(apps: list[TestClient]) -> None:
    client = apps[0]
    event, key, (ana, bia) = otb_event(apps)
    assert report(ana, event, "bogus").status_code == 400
    assert report(ana, event, "timed_win").status_code == 400  # the round clock's, not hers
    assert report(ana, event, "draw").status_code == 204
    assert call(bia, "POST", f"/api/events/{event}/dispute").status_code == 204
    assert client.get(f"/api/events/{event}/reports").status_code == 403
    listed = client.get(f"/api/events/{event}/reports", headers=organizer(key)).json()
    assert [(r["result"], r["disputed"]) for r in listed["reports"]] == [("draw", True)]
    post(client, event, key, "results", {"round": 1, "table": 1, "result": "win"})
    assert client.get(f"/api/events/{event}/reports", headers=organizer(key)).json() == {
        "reports": []
    }  # the organizer's result makes the report moot
    (outsider,) = players(apps, "Zé")
    assert report(outsider, event, "win").status_code == 404
    assert call(outsider, "POST", f"/api/events/{event}/confirm").status_code == 404


def test_a_match_at_a_table_here_is_not_reported(apps: list[TestClient]) -> None:
    event, _key, people = paired_event(apps)
    refused = report(people[0], event, "win")
    assert refused.status_code == 409 and "table here" in refused.json()["error"]
    assert call(people[0], "GET", f"/api/events/{event}/me").json()["reportable"] is False


def play_round(apps: list[TestClient], event: str, people: list[Player], seed: int) -> None:
    """Every paired player takes their seat here and the tables are played out."""
    tokens: dict[str, dict[int, str]] = {}
    for person in people:
        table = call(person, "GET", f"/api/events/{event}/me").json()["table"]
        if table is None:
            continue  # a bye, or out of the cut
        taken = call(person, "POST", f"/api/account/seats/{table['id']}/{table['seat']}/here")
        tokens.setdefault(table["id"], {})[table["seat"]] = taken.json()["token"]
    for table, seats in tokens.items():
        play_random(apps[0], table, [seats[0], seats[1]], random.Random(seed))


def test_swiss_rounds_and_a_top_cut_are_played_here_to_a_champion(apps: list[TestClient]) -> None:
    """Four accounts: two Swiss rounds, then a top cut of two, every match at a table
    here and recorded from its end (a drawn cut game played again: *mata-mata* needs a
    winner); the event names its champion."""
    client = apps[0]
    event, key = hosted_event(apps, options={"length": "practice", "practice_turns": 4})
    people = players(apps, "Ana", "Bia", "Caio", "Davi")
    for person in people:
        call(person, "POST", f"/api/events/{event}/entries")
    for number in (1, 2):
        post(client, event, key, "rounds", {})
        play_round(apps, event, people, number)
        assert client.get(f"/api/events/{event}").json()["rounds"][number - 1]["complete"]
    view = post(client, event, key, "cut", {"size": 2})
    assert view["champion"] is None
    for attempt in range(30):  # a drawn cut game (about half) is played again at a new table
        play_round(apps, event, people, 3 + attempt)
        final = client.get(f"/api/events/{event}").json()
        if final["champion"] is not None:
            break
    assert final["champion"] in {"Ana", "Bia", "Caio", "Davi"}


def table_options(apps: list[TestClient], event: str, person: Player) -> dict[str, Any]:
    """The options of `person`'s table in the round in play."""
    table = call(person, "GET", f"/api/events/{event}/me").json()["table"]
    view = apps[0].get(f"/api/tables/{table['id']}/view").json()
    options: dict[str, Any] = view["table"]["options"]
    return options


def test_a_top_cut_match_is_a_playoff_game(apps: list[TestClient]) -> None:
    """Toinc's *Jogo de Playoff* ("tipo de duração de jogo que não permite empates"): the
    Swiss rounds' tables keep the event's overtime, a top-cut table plays a tied overtime
    on to the next score (docs/rules/toinc.md, D22)."""
    client = apps[0]
    event, key = hosted_event(apps, options={"length": "short"})
    people = players(apps, "Ana", "Bia")
    for person in people:
        call(person, "POST", f"/api/events/{event}/entries")
    post(client, event, key, "rounds", {})
    swiss = table_options(apps, event, people[0])
    assert swiss["overtime"] == "regular-season" and swiss["length"] == "short"
    post(client, event, key, "results", {"round": 1, "table": 1, "result": "win"})
    post(client, event, key, "cut", {"size": 2})
    cut = table_options(apps, event, people[0])
    assert cut["overtime"] == "playoff" and cut["length"] == "short"
    assert table_options(apps, event, people[1]) == cut  # one table for the match


LEGAL_DECK = (
    "Plot:\n"
    + "".join(f"1x Plot {i}\n" for i in range(1, 8))
    + "Draw:\n"
    + "".join(f"3x Card {i}\n" for i in range(1, 21))
)
"""Seven plots and sixty draw cards, three of each (*Limite de Tamanho dos Decks*)."""


def test_deck_lists_are_checked_and_private_until_published(apps: list[TestClient]) -> None:
    client = apps[0]
    event, key = hosted_event(apps, decks=True, restricted=["Card 1", "Card 21"])
    (ana, bia) = players(apps, "Ana", "Bia")
    for person in (ana, bia):
        call(person, "POST", f"/api/events/{event}/entries")

    def submit(person: Player, text: str) -> Any:
        client_, csrf = person
        return client_.put(
            f"/api/events/{event}/deck", json={"text": text}, headers={"X-CSRF-Token": csrf}
        )

    short = submit(ana, "Plot:\n1x Plot 1\nDraw:\n3x Card 2\n")
    assert short.status_code == 422 and "at least 60" in short.json()["error"]
    two = submit(ana, LEGAL_DECK + "3x Card 21\n")  # *Cartas Restritas*: one restricted card
    assert two.status_code == 422 and "2 restricted cards" in two.json()["error"]
    assert submit(ana, "nonsense line").status_code == 422
    assert submit(bia, LEGAL_DECK).status_code == 204
    assert client.get(f"/api/events/{event}/decks").status_code == 403  # private
    assert bia[0].get(f"/api/events/{event}/decks").status_code == 403  # a player too
    seen = client.get(f"/api/events/{event}/decks", headers=organizer(key)).json()["decks"]
    assert [d["player"] for d in seen] == ["Ana", "Bia"] and seen[1]["deck"] == LEGAL_DECK
    host(client, event, key, decks_public=True)
    assert len(client.get(f"/api/events/{event}/decks").json()["decks"]) == 2
    (outsider,) = players(apps, "Zé")
    assert submit(outsider, LEGAL_DECK).status_code == 404
    host(client, event, key, decks=False)
    assert submit(ana, LEGAL_DECK).status_code == 409
    assert host(client, event, key, restricted="Card 1").status_code == 400


def test_a_round_clock_running_out_gives_the_tables_in_play_the_timed_result(
    apps: list[TestClient],
) -> None:
    """*Desempate*: when the round's time is up, a table still in play here gets the
    timed result from its scores then (0-0 at the start: equally close, a draw); its
    game may go on, and its end records nothing more."""
    client = apps[0]
    event, key, _people = paired_event(apps)
    post(client, event, key, "clock", {"action": "start"})
    sweeper = client.app.state.round_clocks  # type: ignore[attr-defined]
    assert client.portal.call(sweeper.sweep) == 0  # an hour to go
    store = client.app.state.events.store  # type: ignore[attr-defined]
    stored = store.load(event)
    stored.record.round_started_at -= 61 * 60  # the 60-minute round is over
    store.save(stored, "clock", {"action": "test: an hour ago"})
    assert client.portal.call(sweeper.sweep) == 1
    assert client.portal.call(sweeper.sweep) == 0  # once
    table = client.get(f"/api/events/{event}").json()["rounds"][0]["tables"][0]
    assert table["result"] == "draw"


def test_registering_twice_at_once_makes_one_player(apps: list[TestClient]) -> None:
    client = apps[0]
    event, _key = hosted_event(apps)
    (ana,) = players(apps, "Ana")
    answers: list[int] = []
    threads = [
        threading.Thread(
            target=lambda: answers.append(
                call(ana, "POST", f"/api/events/{event}/entries").status_code
            )
        )
        for _ in range(3)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [201, 409, 409]
    assert [p["name"] for p in client.get(f"/api/events/{event}").json()["players"]] == ["Ana"]
