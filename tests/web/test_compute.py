"""Issue 15, part 4: computer-player work is bounded. Computer moves and bot games queue
for the worker processes; while the queue is full, new computer work is refused with one
message (503) and people's moves are still answered at once. Issue 36, item 2: a move's
search is capped whatever its spec, and clocks run out apart from the computers' queue.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from ludoteca import games
from ludoteca.agents import ISMCTSAgent, SeatView
from ludoteca.agents.base import move_cap, set_move_cap
from ludoteca.core import OptionError
from ludoteca.web import create_app
from ludoteca.web.events import bots as event_bots
from ludoteca.web.shared.compute import MAX_BOT_RUNS, ComputeQueue
from ludoteca.web.shared.errors import WebError
from ludoteca.web.tables import service as service_module
from ludoteca.web.tables.ai import MAX_SECONDS, WORKER_NICENESS, agent_pool, check_agent
from ludoteca.web.tables.clock import ClockRule
from tests.patience import PATIENCE
from tests.ports import free_port
from tests.web.helpers import short_options, view
from tests.web.test_serve import _start

BUSY = "the computer players are busy"
HARD_TABLE = {
    "game": "toinc",
    "seats": [{"kind": "agent", "agent": "hard"}, {"kind": "agent", "agent": "hard"}],
}


def test_the_queue_refuses_new_work_while_full_and_frees_its_places() -> None:
    """`limit` jobs in the workers: `admit` says busy; once they end it admits again."""
    gate = threading.Event()
    with ThreadPoolExecutor(2) as pool:
        queue = ComputeQueue(pool, limit=3)
        futures = [queue.submit(gate.wait, 10) for _ in range(3)]
        assert queue.waiting == 3
        with pytest.raises(WebError) as refused:
            queue.admit("a bot tournament")
        assert refused.value.status == 503 and BUSY in refused.value.message
        assert "a bot tournament cannot start now" in refused.value.message
        gate.set()
        for future in futures:
            assert future.result() is True
    assert queue.waiting == 0
    queue.admit("a table with computer seats")


@pytest.fixture
def crowded(tmp_path: Path) -> Iterator[tuple[TestClient, threading.Event]]:
    """An app whose queue (limit 2) is full of jobs waiting for a gate."""
    gate = threading.Event()
    with (
        ThreadPoolExecutor(2) as pool,
        TestClient(create_app(str(tmp_path / "web.db"), pool=pool, compute_limit=2)) as client,
    ):
        compute: ComputeQueue = client.app.state.service.compute  # type: ignore[attr-defined]
        for _ in range(2):
            compute.submit(gate.wait, 30)
        yield client, gate
        gate.set()


def test_a_full_queue_sheds_computer_work_and_keeps_people_playing(
    crowded: tuple[TestClient, threading.Event],
) -> None:
    """A table with a computer seat gets 503 and is not created; a table of people is
    created and its moves are answered."""
    client, gate = crowded
    seats = [{"kind": "human"}, {"kind": "agent", "agent": "random"}]
    body = {"game": "toinc", "options": short_options("toinc"), "seats": seats}
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 503 and BUSY in refused.json()["error"]
    assert "a table with computer seats cannot start now" in refused.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []
    people = {"game": "toinc", "seats": [{"kind": "human"}, {"kind": "human"}]}
    created = client.post("/api/tables", json=people).json()
    token = created["seats"][0]["token"]
    view = client.get(f"/api/tables/{created['id']}/view", params={"token": token}).json()
    move = {"index": 0, "action": view["actions"][0]["action"]}
    answer = client.post(f"/api/tables/{created['id']}/actions", params={"token": token}, json=move)
    assert answer.status_code == 200, answer.text
    gate.set()
    deadline = time.monotonic() + PATIENCE
    while client.post("/api/tables", json=body).status_code != 201:
        assert time.monotonic() < deadline, "the queue never freed its places"
        time.sleep(0.02)


def test_bot_tournaments_playing_at_once_are_bounded(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`MAX_BOT_RUNS` runs play at once; the next is refused with 503 until one ends."""
    gate = threading.Event()
    real = event_bots.play_step

    def held(*args: Any) -> bool:
        gate.wait(30)
        return real(*args)

    monkeypatch.setattr(event_bots, "play_step", held)
    bots = {"game": "futebol", "options": short_options("futebol"), "agents": ["random"] * 2}
    for _ in range(MAX_BOT_RUNS):
        assert client.post("/api/events/bots", json=bots).status_code == 201
    refused = client.post("/api/events/bots", json=bots)
    assert refused.status_code == 503
    assert f"{MAX_BOT_RUNS} bot tournaments are playing" in refused.json()["error"]
    assert len(client.get("/api/events").json()["events"]) == MAX_BOT_RUNS
    gate.set()
    deadline = time.monotonic() + PATIENCE
    while client.post("/api/events/bots", json=bots).status_code != 201:
        assert time.monotonic() < deadline, "no bot run ever ended"
        time.sleep(0.05)


def play_moves(base: str, count: int) -> int:
    """`count` moves at people's tables (two seats each, one screen), each answered: the
    moves made."""
    body = {"game": "toinc", "seats": [{"kind": "human"}, {"kind": "human"}]}
    made = 0
    with httpx.Client(base_url=base, timeout=PATIENCE) as client:
        while made < count:
            created = client.post("/api/tables", json=body).json()
            table, tokens = created["id"], [s["token"] for s in created["seats"]]
            view = client.get(f"/api/tables/{table}/view").json()
            while not view["table"]["finished"] and made < count:
                seat = view["observation"]["current_player"]
                mine = client.get(f"/api/tables/{table}/view", params={"token": tokens[seat]})
                move = {
                    "index": mine.json()["index"],
                    "action": mine.json()["actions"][0]["action"],
                }
                answer = client.post(
                    f"/api/tables/{table}/actions", params={"token": tokens[seat]}, json=move
                )
                assert answer.status_code == 200, answer.text
                made += 1
                view = client.get(f"/api/tables/{table}/view").json()
    return made


def children(pid: int) -> set[int]:
    """The processes `pid` started (Linux's /proc)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(child) for child in (task / "children").read_text().split()}
    return found


def test_a_flood_of_computer_work_keeps_human_moves_answered(tmp_path: Path) -> None:
    """A real server: bot tournaments of `hard` agents and computer-only tables until the
    server says it is busy; people's moves meanwhile are all answered. That they never
    wait behind the computers' work is tested with the workers held (`test_a_full_queue_
    sheds_computer_work_and_keeps_people_playing`); how fast they are answered is the web
    benchmark's `--flood` (README). Killed with SIGKILL, the server leaves no worker
    thinking on."""
    port = free_port()
    server = _start(port, tmp_path / "web.db", None, "--computer-queue", "6")
    base = f"http://127.0.0.1:{port}"
    try:
        play_moves(base, 20)
        hard_bots = {"game": "toinc", "agents": ["hard"] * 4, "rounds": 3}
        for _ in range(MAX_BOT_RUNS):
            assert httpx.post(f"{base}/api/events/bots", json=hard_bots).status_code == 201
        assert httpx.post(f"{base}/api/events/bots", json=hard_bots).status_code == 503
        answers = [httpx.post(f"{base}/api/tables", json=HARD_TABLE) for _ in range(12)]
        statuses = [answer.status_code for answer in answers]
        assert 201 in statuses and 503 in statuses, statuses
        assert BUSY in answers[statuses.index(503)].json()["error"]
        assert play_moves(base, 200) == 200
        workers = children(server.pid)
        assert len(workers) >= 2  # the tables' worker and the bots' (and a resource tracker)
        server.kill()
        server.wait(timeout=30)
        deadline = time.monotonic() + PATIENCE
        while alive := {
            pid
            for pid in workers
            if Path(f"/proc/{pid}/stat").exists()
            and Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
        }:
            assert time.monotonic() < deadline, f"workers {alive} outlived their server"
            time.sleep(0.1)
    finally:
        if server.poll() is None:
            server.terminate()
            server.wait(timeout=30)


def test_a_clock_runs_out_on_time_while_the_computers_are_all_busy(
    crowded: tuple[TestClient, threading.Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 36, item 2: with every computer worker held, a person whose time has run out
    cannot move late (409); the computer makes that move for them all the same, marked a
    time-out (it is chosen apart from the computer seats' queue)."""
    client, _gate = crowded
    chosen = threading.Event()
    real = service_module.time_out_move

    def held(state: Any, seat: int, seed: int) -> str:  # the time-out move waits for us
        chosen.wait(PATIENCE)
        return real(state, seat, seed)

    monkeypatch.setattr(service_module, "time_out_move", held)
    service = client.app.state.service  # type: ignore[attr-defined]
    seats = [{"kind": "human"}, {"kind": "human"}]

    async def make() -> Any:
        return await service.create("kalah", {}, seats, None, clock=ClockRule(0, 0))

    assert client.portal is not None
    table, tokens = client.portal.call(make)
    current = view(client, table.id, tokens[0])
    seat = current["observation"]["current_player"]
    mine = view(client, table.id, tokens[seat])
    late = {"index": mine["index"], "action": mine["actions"][0]["action"]}
    answer = client.post(
        f"/api/tables/{table.id}/actions", params={"token": tokens[seat]}, json=late
    )
    assert answer.status_code == 409 and "your time ran out" in answer.json()["error"]
    chosen.set()
    deadline = time.monotonic() + PATIENCE
    while not (shown := client.get(f"/api/tables/{table.id}/clock").json())["timeouts"]:
        assert time.monotonic() < deadline, "the time-out move was never made"
        time.sleep(0.02)
    assert shown["timeouts"][0] == {"index": 0, "seat": seat}


def test_every_search_in_a_worker_is_capped_whatever_its_spec() -> None:
    """Issue 36, item 2: the workers cap a move's search (`MAX_SECONDS`); a spec asking
    for a billion iterations still answers, having stopped at the cap."""
    pool = agent_pool(1)
    try:
        assert pool.submit(move_cap).result() == MAX_SECONDS
        if hasattr(os, "nice"):  # and below the server in CPU priority, people's moves first
            assert pool.submit(os.nice, 0).result() == os.nice(0) + WORKER_NICENESS
    finally:
        pool.shutdown()
    set_move_cap(0.05)
    try:
        agent = ISMCTSAgent(seed=1, iterations=10**9, rollout_depth=200)
        state = games.load("toinc", length="practice").new_game(3)
        assert agent.act(SeatView(state, state.current_player or 0)) in state.legal_actions()
        assert 0 < agent.last_iterations < 10**9
    finally:
        set_move_cap(None)


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:iterations=20000,depth=1000000000,rollout=heuristic",
        "ismcts:iterations=100,reply=100000",
        "ismcts:seconds=11",
    ],
)
def test_a_spec_asking_for_unbounded_work_is_refused(spec: str) -> None:
    with pytest.raises(OptionError, match="on this server"):
        check_agent(spec, "toinc")
