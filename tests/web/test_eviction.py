"""Tables leave memory when nobody needs them (issue 36, item 9): a server up for months
holds the tables in use, not every table ever made; one let go comes back from its log,
the same as it was."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.web.tables import replica
from ludoteca.web.tables.replica import FINISHED_IDLE, FRESH, IDLE, Replica
from ludoteca.web.tables.service import TableService
from ludoteca.web.tables.table import rebuild
from tests.patience import PATIENCE
from tests.web.conftest import ClientFactory
from tests.web.helpers import create, view
from tests.web.test_rematch import _finish, _rematch


def _replica(client: TestClient) -> Replica:
    held: Replica = client.app.state.service.replica  # type: ignore[attr-defined]
    return held


def _later(seconds: float) -> float:
    return time.monotonic() + seconds + 1


def _sweep(held: Replica, seconds: float) -> int:
    """How many tables `held.sweep()` lets go as if `seconds` had passed, swept again until
    three sweeps in a row find no table busy and let none go: on PostgreSQL this process
    catches a table up once it listens to its channel, under the table's lock, and a sweep
    leaves a locked table alone (it may then let go fewer, the rest at the next)."""
    deadline = time.monotonic() + PATIENCE
    gone = calm = 0
    while calm < 3 and time.monotonic() < deadline:
        went = held.sweep(_later(seconds))
        busy = any(table.lock.locked() for table in held.tables.values())
        gone += went
        calm = calm + 1 if not went and not busy else 0
        time.sleep(0.01)
    return gone


def _let_go(held: Replica, *tables: str) -> None:
    """Sweep until `tables` stay out of memory. On PostgreSQL this process also hears its
    own announcements (a new table, a rematch): one heard after a sweep reads the table
    back, so the sweep is repeated until they have been heard and it stays gone."""
    gone = 0
    for _ in range(400):
        held.sweep(_later(IDLE))
        gone = gone + 1 if not any(t in held.tables for t in tables) else 0
        if gone >= 10:
            return
        time.sleep(0.01)


def _finished(client: TestClient, listed: bool = True) -> tuple[str, dict[int, str]]:
    created = create(client, "kalah", ["human", "human"], {"seeds": 1}, listed=listed)
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    _finish(client, created["id"], tokens)
    return created["id"], tokens


def test_a_finished_table_nobody_asks_for_leaves_memory_and_comes_back_the_same(
    client: TestClient,
) -> None:
    table, tokens = _finished(client)
    before = {seat: view(client, table, token) for seat, token in tokens.items()}
    replay = client.get(f"/api/tables/{table}/replay").json()
    lobby = client.get("/api/tables").json()["tables"]
    held = _replica(client)
    assert held.sweep(_later(FINISHED_IDLE - 2)) == 0  # not idle long enough yet
    assert _sweep(held, FINISHED_IDLE) == 1
    assert table not in held.tables
    assert client.get("/api/tables").json()["tables"] == lobby  # its lobby line is kept
    assert client.get(f"/api/tables?ids={table}").json()["tables"] == lobby
    assert table not in held.tables  # the kept line answered: nothing rebuilt
    assert client.get(f"/api/tables/{table}/replay").json() == replay
    assert {seat: view(client, table, token) for seat, token in tokens.items()} == before
    assert table in held.tables


def test_an_unfinished_table_leaves_after_idle_unless_watched(client: TestClient) -> None:
    created = create(client, "kalah", ["human", "human"], {"seeds": 1})
    table, token = created["id"], created["seats"][0]["token"]
    held = _replica(client)
    assert held.sweep(_later(FINISHED_IDLE)) == 0  # a game on waits longer
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as live:
        assert live.receive_json()["type"] == "view"
        assert held.sweep(_later(IDLE)) == 0  # a connection watches it
    deadline = time.monotonic() + PATIENCE
    live_table = held.tables[table]
    # the server sees the socket go, and its goodbye (under the table's lock) ends
    while held.held(live_table) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert _sweep(held, IDLE) == 1
    assert view(client, table, token)["index"] == 0


def test_a_table_whose_computer_or_clock_may_move_stays(client: TestClient) -> None:
    clocked = client.post(
        "/api/tables",
        json={
            "game": "kalah",
            "options": {"seeds": 1},
            "seats": [{"kind": "human"}, {"kind": "open"}],
            "clock": {"minutes": 1, "increment": 0},
        },
    ).json()["id"]
    held = _replica(client)
    client.post(f"/api/tables/{clocked}/join", json={"seat": 1})
    assert held.tables[clocked].clock_running() is not None
    assert held.sweep(_later(IDLE)) == 0


def test_at_most_kept_idle_tables_the_least_recently_used_leave_first(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(replica, "KEPT", 3)
    made = [create(client, "kalah", ["human", "human"], {"seeds": 1})["id"] for _ in range(5)]
    held = _replica(client)
    view(client, made[0], None)  # the first is used again: it stays
    assert held.sweep() == 0  # just used: a request may still hold them
    assert _sweep(held, FRESH) == 2
    assert set(made) & set(held.tables) == {made[0], made[3], made[4]}


def test_a_rematch_asked_after_it_left_memory_is_the_same_table(client: TestClient) -> None:
    """Asked again, a rematch is the table made the first time, in memory or not (it was
    made a second time when the first had left memory)."""
    table, tokens = _finished(client)
    made = _rematch(client, table, list(tokens.values())).json()["id"]
    held = _replica(client)
    _let_go(held, made, table)
    assert made not in held.tables
    again = _rematch(client, table, list(tokens.values()))
    assert again.status_code == 200 and again.json()["id"] == made


def test_a_restart_loads_only_the_tables_it_must_hold(
    make_client: ClientFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Unfinished tables with a computer seat or a clock, the newest listed ones and
    those in use lately are loaded at the start; the others when asked for."""
    with make_client() as client:
        hidden = create(client, "kalah", ["human", "human"], {"seeds": 1}, listed=False)["id"]
        shown = create(client, "kalah", ["human", "human"], {"seeds": 1}, listed=True)["id"]
        computer = create(client, "kalah", ["random", "human"], {"seeds": 1})["id"]
        over, _tokens = _finished(client, listed=True)
        kept = {t: view(client, t, None)["observation"] for t in (hidden, shown, over)}
    with make_client() as client:  # the hidden table was made just now: in use
        assert set(_replica(client).tables) == {hidden, shown, computer}
    monkeypatch.setattr(replica, "IDLE", 0.0)  # nothing was used lately
    with make_client() as client:
        held = _replica(client)
        assert set(held.tables) == {shown, computer}
        assert {t: view(client, t, None)["observation"] for t in kept} == kept  # loaded back
        assert set(held.tables) == {hidden, shown, computer, over}
        assert client.get("/api/tables/nothere12345/view").status_code == 404


def test_too_many_tables_waiting_to_load_is_a_503_and_changes_nothing(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, _tokens = _finished(client)
    held = _replica(client)
    _let_go(held, table)
    monkeypatch.setattr(replica, "LOADING", 0)
    answer = client.get(f"/api/tables/{table}/view")
    assert answer.status_code == 503 and "loaded" in answer.json()["error"]
    assert table not in held.tables
    monkeypatch.setattr(replica, "LOADING", 1)
    assert client.get(f"/api/tables/{table}/view").status_code == 200


def _lines(client: TestClient, ids: list[str]) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = client.get(f"/api/tables?ids={','.join(ids)}").json()["tables"]
    return lines


def test_your_games_come_from_memory_the_shelf_or_the_store(make_client: ClientFactory) -> None:
    """A browser's own tables are listed wherever they are: in memory, let go (its kept
    line), or only in the store after a restart (loaded)."""
    with make_client() as client:
        first, _tokens = _finished(client, listed=False)
        second = create(client, "kalah", ["human", "human"], {"seeds": 1}, listed=False)["id"]
        both = _lines(client, [first, second])
        _replica(client).sweep(_later(FINISHED_IDLE))
        assert _lines(client, [first, second]) == both
    with make_client() as client:
        assert _lines(client, [first, second, "nothere12345"]) == both


def test_a_move_made_on_a_table_let_go_meanwhile_is_not_lost_in_memory(
    client: TestClient,
) -> None:
    """A request holding a table across an await while it leaves memory and is loaded
    again: its move is stored, and the copy held now catches up (never two histories)."""
    created = create(client, "kalah", ["human", "human"], {"seeds": 1})
    table, token = created["id"], created["seats"][0]["token"]
    held = _replica(client)
    seat = held.tables[table].state.current_player
    assert seat is not None
    service: TableService = client.app.state.service  # type: ignore[attr-defined]
    orphan = held.tables[table]
    _let_go(held, table)
    assert view(client, table, token)["index"] == 0  # loaded again: another copy
    assert held.tables[table] is not orphan
    action = orphan.state.legal_actions()[0]
    assert client.portal is not None
    assert client.portal.call(service.submit, orphan, seat, 0, action) == 1
    seen = view(client, table, None)
    assert seen["index"] == 1 and held.tables[table].state.history == [action]


def test_requests_for_one_table_share_its_loading(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Everyone at a table reconnecting at once (after a restart) waits for one rebuild,
    and takes one place of `LOADING`."""
    table, _tokens = _finished(client)
    held = _replica(client)
    _let_go(held, table)
    rebuilt: list[str] = []

    def counted(record: Any) -> Any:
        rebuilt.append(record.id)
        return rebuild(record)

    monkeypatch.setattr(replica, "rebuild", counted)
    monkeypatch.setattr(replica, "LOADING", 1)

    async def together() -> list[Any]:
        return await asyncio.gather(*(held.current(table) for _ in range(6)))

    assert client.portal is not None
    loaded = client.portal.call(together)
    assert rebuilt == [table] and all(one is loaded[0] for one in loaded)


def test_a_made_up_id_that_cannot_be_a_tables_is_not_looked_up(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    held = _replica(client)
    asked: list[str] = []
    load_table = held.store.load_table

    def counted(table_id: str, since: int = 0) -> Any:
        asked.append(table_id)
        return load_table(table_id, since)

    monkeypatch.setattr(held.store, "load_table", counted)
    for made_up in ("x" * 65, "a.b", "é1", "a b"):
        assert client.get(f"/api/tables/{made_up}/view").status_code == 404
    assert asked == []
    assert client.get("/api/tables/nothere12345/view").status_code == 404
    assert asked == ["nothere12345"]


def test_your_games_of_made_up_ids_cost_one_query(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`?ids=` of 64 well-formed ids no table has: one query, nothing loaded."""
    held = _replica(client)
    loads: list[str] = []
    queries: list[list[str]] = []
    existing, load_table = held.store.existing, held.store.load_table

    def counted_existing(ids: list[str]) -> set[str]:
        queries.append(ids)
        return existing(ids)

    def counted_load(table_id: str, since: int = 0) -> Any:
        loads.append(table_id)
        return load_table(table_id, since)

    monkeypatch.setattr(held.store, "existing", counted_existing)
    monkeypatch.setattr(held.store, "load_table", counted_load)
    made_up = [f"nothere{n:05d}" for n in range(64)]
    assert _lines(client, made_up) == []
    assert len(queries) == 1 and loads == []
