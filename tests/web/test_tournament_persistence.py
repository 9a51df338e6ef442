"""Events survive a restart; bot tournaments run off the event loop and report progress.

Issue 8, "Tournaments" (a bot tournament started from the page, its progress shown
live) and "Trust" (a restart loses nothing acknowledged). The bot run plays the
tournament rules of `ludoteca.tournament.bots` (*sistema Suíço*, *mata-mata*).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import inspect

from ludoteca.database import open_engine
from ludoteca.web.events import bots as event_bots
from ludoteca.web.shared.compute import ComputeQueue
from ludoteca.web.shared.db import MIGRATIONS, database_url
from ludoteca.web.tables.ai import play_match
from tests.patience import eventually
from tests.web.conftest import ClientFactory
from tests.web.helpers import create
from tests.web.test_tournament_duel import lower_number_wins, new_event, organizer, post

FUTEBOL = {"mode": "goal-limit", "goals": 1, "turn_limit": 12}
BOTS = {
    "game": "futebol",
    "options": FUTEBOL,
    "agents": ["random", "random", "random", "random"],
    "rounds": 2,
    "top_cut": 2,
    "seed": 3,
}


def wait_for(client: TestClient, event: str, done: Callable[[dict[str, Any]], bool]) -> Any:
    """Poll the progress endpoint until `done(progress)` (at most 30 s)."""

    def reached() -> Any:
        progress = client.get(f"/api/events/{event}/progress").json()
        return progress if done(progress) else None

    return eventually(reached, f"event {event}'s progress", every=0.02)


def gated(monkeypatch: pytest.MonkeyPatch) -> threading.Semaphore:
    """Make each step of a bot run wait for a release (or for the server to stop)."""
    gate = threading.Semaphore(0)
    real = event_bots.play_step

    def step(store: Any, event_id: str, stop: threading.Event, on_match: Any, compute: Any) -> bool:
        while not gate.acquire(timeout=0.02):
            if stop.is_set():
                raise event_bots.Stopped
        return real(store, event_id, stop, on_match, compute)

    monkeypatch.setattr(event_bots, "play_step", step)
    return gate


def test_a_first_schema_database_is_upgraded_for_events(
    database: str, make_client: ClientFactory
) -> None:
    """A database made before events (migration v0001) gets v0002 and keeps its tables."""
    engine = open_engine(database_url(database))
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "v0001")
    assert "web_events" not in inspect(engine).get_table_names()
    engine.dispose()
    with make_client() as client:
        table = create(client, "toinc", ["human", "human"])["id"]
        event, key = new_event(client)
        post(client, event, key, "players", {"name": "Ana"})
    with make_client() as client:
        assert client.get(f"/api/tables/{table}/view").status_code == 200
        assert client.get(f"/api/events/{event}").json()["players"][0]["name"] == "Ana"


def test_an_event_survives_a_restart(make_client: ClientFactory) -> None:
    """Players, rounds, results, the paused clock and the key are all there after a restart."""
    with make_client() as client:
        event, key = new_event(client)
        for name in ("Ana", "Bruno", "Carla"):
            post(client, event, key, "players", {"name": name})
        view = lower_number_wins(client, event, key, post(client, event, key, "rounds", {}))
        post(client, event, key, "clock", {"action": "start"})
        view = post(client, event, key, "clock", {"action": "pause"})
    with make_client() as client:
        again = client.get(f"/api/events/{event}/organizer", headers=organizer(key)).json()
        for part in ("players", "rounds", "standings", "clock", "revision"):
            assert again[part] == view[part], part
        assert again["journal"] == view["journal"]
        assert client.get(f"/events/{event}").status_code == 200
        resumed = post(client, event, key, "clock", {"action": "resume"})
        assert resumed["clock"]["state"] == "running"
        assert post(client, event, key, "rounds", {})["rounds"][1]["number"] == 2


def test_a_bot_tournaments_cut_is_played_as_playoff_games(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Toinc's *Jogo de Playoff* ("não permite empates"): the Swiss rounds' games are
    played under the event's options, the cut's with `overtime=playoff`."""
    played: list[dict[str, Any]] = []  # each game's options, in the order handed out
    real = ComputeQueue.submit

    def submit(self: ComputeQueue, function: Callable[..., Any], *args: Any) -> Any:
        if function is play_match:
            played.append(dict(args[1]))
        return real(self, function, *args)

    monkeypatch.setattr(ComputeQueue, "submit", submit)
    practice = {"length": "practice", "practice_turns": 2}
    answer = client.post("/api/events/bots", json={**BOTS, "game": "toinc", "options": practice})
    assert answer.status_code == 201, answer.text
    progress = wait_for(client, answer.json()["id"], lambda p: p["status"] != "running")
    assert progress["status"] == "done"
    swiss, cut = played[:4], played[4:]  # two rounds of two games, then the final's
    assert [game["overtime"] for game in swiss] == ["regular-season"] * 4
    assert cut and [game["overtime"] for game in cut] == ["playoff"] * len(cut)
    assert all(game["practice_turns"] == 2 for game in played)  # the event's own, kept


def test_a_bot_tournament_completes_and_reports_its_progress(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two Swiss rounds of 4 agents (2 games each) and a top 2 (1 game): 5 games in all."""
    gate = gated(monkeypatch)
    answer = client.post("/api/events/bots", json=BOTS)
    assert answer.status_code == 201, answer.text
    event, key = answer.json()["id"], answer.json()["key"]
    progress = client.get(f"/api/events/{event}/progress").json()
    assert progress["status"] == "running" and progress["played"] == 0 and progress["total"] == 5
    busy = client.post(f"/api/events/{event}/rounds", json={}, headers=organizer(key))
    assert busy.status_code == 409 and "bots are playing" in busy.json()["error"]
    for played in (2, 4, 5):  # one step per round: Swiss 1, Swiss 2, the cut's final
        gate.release()
        wait_for(client, event, lambda p, n=played: p["played"] == n)
    gate.release()
    progress = wait_for(client, event, lambda p: p["status"] != "running")
    assert progress == {
        **progress,
        "status": "done",
        "played": 5,
        "total": 5,
        "error": None,
    }
    view = client.get(f"/api/events/{event}").json()
    assert view["bots"]["status"] == "done" and len(view["rounds"]) == 3
    assert view["champion"] is not None and len(view["final_ranking"]) == 4
    assert [
        line["operation"]
        for line in client.get(f"/api/events/{event}/organizer", headers=organizer(key)).json()[
            "journal"
        ]
    ] == ["create", "bot-round", "bot-round", "bot-top-cut", "bot-done"]


def test_a_bot_tournament_interrupted_by_a_restart_goes_on(
    make_client: ClientFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The round in play when the server stops is replayed after the restart; nothing lost."""
    gate = gated(monkeypatch)
    with make_client() as client:
        event = client.post("/api/events/bots", json=BOTS).json()["id"]
        gate.release()
        wait_for(client, event, lambda p: p["played"] == 2)
    monkeypatch.undo()
    with make_client() as client:
        progress = wait_for(client, event, lambda p: p["status"] != "running")
        assert progress["status"] == "done" and progress["played"] == 5
        assert client.get(f"/api/events/{event}").json()["champion"] is not None


def test_a_bot_tournament_refuses_bad_settings(client: TestClient) -> None:
    """A Duel needs a two-seat game, two agents or more, a top cut of a power of two."""
    cases = [
        ({"game": "toxicity", "options": {"players": 3}}, "two-seat"),
        ({"agents": ["random"]}, "2 to 32 agents"),
        ({"agents": ["random", "telepath"]}, "telepath"),
        ({"top_cut": 3}, "power of two"),
        ({"rounds": 0}, "'rounds'"),
        ({"game": "chess"}, "chess"),
    ]
    for change, message in cases:
        answer = client.post("/api/events/bots", json={**BOTS, **change})
        assert answer.status_code == 422, (change, answer.text)
        assert message in answer.json()["error"], (change, answer.json())
    assert client.get("/api/events").json()["events"] == []
    event, _key = new_event(client)
    assert client.get(f"/api/events/{event}/progress").status_code == 409


def test_a_change_based_on_an_old_revision_is_refused(database: str) -> None:
    """Two writers (two server processes) load revision 1: the second save is a 409."""
    from ludoteca.tournament.duel import DuelEvent
    from ludoteca.tournament.event_rules import EventStaff, Tier
    from ludoteca.tournament.store import Tournament
    from ludoteca.web.events.store import EventStore
    from ludoteca.web.shared.errors import WebError
    from ludoteca.web.tables.store import WebStore

    web = WebStore(database)
    store = EventStore(web.engine)
    created = store.create(Tournament("duel", DuelEvent("Race"), EventStaff(Tier.LOCAL)), "h")
    first, second = store.load(created.id), store.load(created.id)
    assert isinstance(first.record.event, DuelEvent)
    assert isinstance(second.record.event, DuelEvent)
    first.record.event.add_player("ana", "Ana")
    store.save(first, "add-player", {"name": "Ana"})
    second.record.event.add_player("bruno", "Bruno")
    with pytest.raises(WebError) as refused:
        store.save(second, "add-player", {"name": "Bruno"})
    assert refused.value.status == 409
    stored = store.load(created.id)
    assert stored.revision == 2 and isinstance(stored.record.event, DuelEvent)
    assert list(stored.record.event.players) == ["ana"]
    assert [line["operation"] for line in store.journal(created.id)] == ["create", "add-player"]
    web.close()
