"""Several server processes on one PostgreSQL database (issue 24): a change made through
one is heard by the others through LISTEN/NOTIFY (`web.fanout`), which catch the table
up from the database. Two apps in one test process stand for two server processes: each
has its own engine, its own live tables and its own listening connection."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from ludoteca.web.app import create_app
from ludoteca.web.shared.fanout import Notice, conninfo, parse
from ludoteca.web.shared.notices import PAYLOAD_MAX, moves_payloads, new_origin
from ludoteca.web.shared.records import Announced, Move
from tests.patience import eventually
from tests.web.conftest import is_sqlite
from tests.web.helpers import create, play_first, view, wait_for_turn


def test_a_table_made_on_one_process_is_played_on_both(
    pair: tuple[TestClient, TestClient],
) -> None:
    """The table appears on B; moves made on A and on B, alternately, are seen by the
    other in order, and both hold the same views at the end."""
    a, b = pair
    created = create(a, "toinc", ["human", "human"])
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    eventually(lambda: b.get(f"/api/tables/{table}/view").status_code == 200, "B seeing the table")
    rng = random.Random(3)
    for move in range(12):
        here, there = (a, b) if move % 2 == 0 else (b, a)
        seat = view(here, table, None)["observation"]["current_player"]
        current = view(here, table, tokens[seat])
        assert current["index"] == move
        action = rng.choice(current["actions"])["action"]
        answer = here.post(
            f"/api/tables/{table}/actions",
            params={"token": tokens[seat]},
            json={"index": move, "action": action},
        )
        assert answer.status_code == 200, answer.text
        heard = lambda other=there, moves=move + 1: view(other, table, None)["index"] == moves  # noqa: E731
        eventually(heard, "the move not heard")
    for token in [None, *tokens]:
        assert view(a, table, token) == view(b, table, token)


def test_the_same_index_from_two_processes_is_stored_once(
    pair: tuple[TestClient, TestClient],
) -> None:
    """The database decides: B, deaf for the moment, offers a move at the index A has
    just taken; it is refused (409) and B catches up at once from the database."""
    a, b = pair
    created = create(a, "toinc", ["human", "human"])
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    eventually(lambda: b.get(f"/api/tables/{table}/view").status_code == 200, "B seeing the table")
    seat = view(a, table, None)["observation"]["current_player"]
    actions = [x["action"] for x in view(a, table, tokens[seat])["actions"]]
    listener = b.app.state.listener  # type: ignore[attr-defined]
    # B listens to the table's moves, and has read it again since (it reads a table anew
    # once it listens: moves stored before were not heard); then B goes deaf.
    eventually(lambda: listener.listens_to(table), "B listening to the table's moves")
    assert view(b, table, None)["index"] == 0
    b.portal.call(listener.stop)  # type: ignore[union-attr]
    first = a.post(
        f"/api/tables/{table}/actions",
        params={"token": tokens[seat]},
        json={"index": 0, "action": actions[0]},
    )
    assert first.status_code == 200, first.text
    assert view(b, table, None)["index"] == 0  # B heard nothing
    second = b.post(
        f"/api/tables/{table}/actions",
        params={"token": tokens[seat]},
        json={"index": 0, "action": actions[-1]},
    )
    assert second.status_code == 409, second.text
    assert view(b, table, None)["index"] == 1
    assert view(b, table, None)["log"] == view(a, table, None)["log"]


def test_a_table_nobody_watches_here_is_replayed_only_when_next_used(
    pair: tuple[TestClient, TestClient],
) -> None:
    """B has no connection to the table and it has no computer seat or clock: A's moves
    are not replayed on B as they are heard (each process replays the tables it serves),
    but B's next answer about the table is the stored one."""
    a, b = pair
    created = create(a, "toinc", ["human", "human"])
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    eventually(lambda: b.get(f"/api/tables/{table}/view").status_code == 200, "B seeing the table")
    held = b.app.state.service.tables  # type: ignore[attr-defined]
    listener = b.app.state.listener  # type: ignore[attr-defined]
    # B listens to the table's moves and has read it since (a table listened to anew is
    # read again: moves stored before were not heard), so it is not behind.
    eventually(lambda: listener.listens_to(table), "B listening to the table's moves")
    assert view(b, table, None)["index"] == 0 and not held[table].behind
    seat = view(a, table, None)["observation"]["current_player"]
    _move(a, table, tokens[seat])
    # B's copy as it stands when the move is heard (B may have loaded the table twice: for
    # the request and for A's announcement of it, the later copy kept).
    eventually(lambda: held[table].behind, "B hearing the move")
    kept = held[table]
    assert kept.index == 0  # heard, not replayed
    assert view(b, table, None)["index"] == 1
    assert not kept.behind and kept.index == 1
    assert view(b, table, None)["log"] == view(a, table, None)["log"]


def test_a_watched_table_is_replayed_as_soon_as_heard(
    pair: tuple[TestClient, TestClient],
) -> None:
    """A connection on B watches the table: A's move is replayed on B and pushed to it,
    from the announcement alone (B reads nothing back from the database)."""
    a, b = pair
    listener = b.app.state.listener  # type: ignore[attr-defined]
    heard: list[str] = []
    real_heard = listener.heard

    async def noting(table_id: str, moves: int | None, move: object = None) -> None:
        await real_heard(table_id, moves, move)
        heard.append(table_id)

    listener.heard = noting
    created = create(a, "toinc", ["human", "human"])
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    # B has heard of the new table (else hearing it later would read it again) and has
    # caught up with what it heard.
    eventually(lambda: table in heard, "B hearing of the table")
    eventually(lambda: b.get(f"/api/tables/{table}/view").status_code == 200, "B seeing the table")
    # B hears the table's moves once it listens to its channel, and reads it again then
    # (moves stored before were not heard), when it is next used.
    eventually(lambda: listener.listens_to(table), "B listening to the table's moves")
    assert view(b, table, None)["index"] == 0
    store = b.app.state.service.store  # type: ignore[attr-defined]
    reads: list[str] = []
    real = store.load_table
    store.load_table = lambda *args: reads.append(args[0]) or real(*args)
    seat = view(a, table, None)["observation"]["current_player"]
    with b.websocket_connect(f"/ws/tables/{table}") as live:
        assert live.receive_json()["index"] == 0
        for move in range(1, 4):
            seat = view(a, table, None)["observation"]["current_player"]
            _move(a, table, tokens[seat])
            pushed = live.receive_json()
            assert pushed["type"] == "view" and pushed["index"] == move
    assert not b.app.state.service.tables[table].behind  # type: ignore[attr-defined]
    assert reads == []
    for token in [None, *tokens]:
        assert view(a, table, token) == view(b, table, token)


def test_a_table_made_on_one_process_is_found_at_once_on_the_other(
    pair: tuple[TestClient, TestClient],
) -> None:
    """B has not heard of A's new table yet (deaf): asked for it, B reads it from the
    database rather than answering 404. An id no table has is still a 404."""
    a, b = pair
    listener = b.app.state.listener  # type: ignore[attr-defined]
    b.portal.call(listener.stop)  # type: ignore[union-attr]
    created = create(a, "toinc", ["human", "human"])
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    assert view(b, table, tokens[0]) == view(a, table, tokens[0])
    assert b.get("/api/tables/no-such-table/view").status_code == 404
    assert b.get(f"/api/tables/{'x' * 5000}/view").status_code == 404


def test_an_announcement_names_its_origin_the_table_and_its_moves() -> None:
    assert parse("0a1b2c3d AbC-12_x 7") == Notice("AbC-12_x", 7, origin="0a1b2c3d")
    assert parse("o AbC-12_x *") == Notice("AbC-12_x", None, origin="o")
    assert parse("o AbC-12_x chat") == Notice("AbC-12_x", chat=True, origin="o")
    at = datetime(2026, 11, 26, 18, 30, 1, 250007, tzinfo=UTC)
    move = Move("AbC-12_x", 6, 1, "play 3 [b]", timeout=True)
    (whole,) = moves_payloads([move], at)
    said = Announced(1, True, at, "play 3 [b]")
    assert parse(f"o {whole}") == Notice("AbC-12_x", 7, move=said, origin="o")
    two = moves_payloads([move, Move("AbC-12_x", 7, 0, "pass"), Move("other", 0, 0, "x")], at)
    assert [parse(f"o {p}") for p in two] == [
        Notice("AbC-12_x", 8, origin="o"),  # two moves of one table: read them from the store
        Notice("other", 1, move=Announced(0, False, at, "x"), origin="o"),
    ]
    assert parse("o AbC-12_x 7 1 1 not-a-time pass") == Notice("AbC-12_x", 7, origin="o")
    assert moves_payloads([Move("t", 0, 0, "x" * PAYLOAD_MAX)], at) == ["t 1"]
    assert len({new_origin() for _ in range(100)}) == 100
    assert all(len(o) == 8 and int(o, 16) >= 0 for o in {new_origin() for _ in range(10)})
    url = "postgresql+psycopg://user:secret@127.0.0.1:5433/ludoteca"
    assert conninfo(url) == "postgresql://user:secret@127.0.0.1:5433/ludoteca"


def test_a_process_never_hears_its_own_announcements(
    pair: tuple[TestClient, TestClient],
) -> None:
    """What A changes (a table made, a seat named, a move, a chat line) reaches B's
    listener and never A's own: A has applied it already, and hearing it back would
    reload a table A has let go of since. Announcements reach a listener in commit order,
    so once A hears B's later line, it would have heard its own earlier ones."""
    a, b = pair
    heard: dict[str, list[str]] = {"a": [], "b": []}
    for name, client in (("a", a), ("b", b)):
        listener = client.app.state.listener  # type: ignore[attr-defined]

        async def tables(table_id: str, _moves: object, _move: object, name: str = name) -> None:
            heard[name].append(f"{table_id} table")

        async def chats(table_id: str, name: str = name) -> None:
            heard[name].append(f"{table_id} chat")

        listener.heard, listener.chat = tables, chats
    created = create(a, "toinc", ["human", "human"])
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    seat = view(a, table, None)["observation"]["current_player"]
    move = view(a, table, tokens[seat])["actions"][0]["action"]
    moved = a.post(
        f"/api/tables/{table}/actions",
        params={"token": tokens[seat]},
        json={"index": 0, "action": move},
    )
    assert moved.status_code == 200, moved.text
    chat = f"/api/tables/{table}/chat"
    assert a.post(chat, params={"token": tokens[0]}, json={"text": "oi"}).status_code == 200
    said = b.post(chat, params={"token": tokens[1]}, json={"text": "olá"})
    if said.status_code == 409:  # B had not heard A's line yet: it read the chat again
        said = b.post(chat, params={"token": tokens[1]}, json={"text": "olá"})
    assert said.status_code == 200, said.text
    eventually(lambda: f"{table} chat" in heard["a"], "A hearing B's line")
    assert heard["a"] == [f"{table} chat"]
    eventually(lambda: f"{table} chat" in heard["b"], "B hearing A's line")
    assert f"{table} table" in heard["b"]


def test_a_chat_line_written_through_one_process_is_read_and_pushed_by_the_other(
    pair: tuple[TestClient, TestClient],
) -> None:
    """B has read the chat (it is cached there) and holds a live connection: A's line
    reaches both; a hidden chat is hidden on B too."""
    a, b = pair
    created = create(a, "toinc", ["human", "human"])
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    eventually(lambda: b.get(f"/api/tables/{table}/view").status_code == 200, "B seeing the table")
    assert b.get(f"/api/tables/{table}/chat").json()["lines"] == []
    with b.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as live:
        assert live.receive_json()["type"] == "view"
        said = a.post(f"/api/tables/{table}/chat", params={"token": tokens[0]}, json={"text": "oi"})
        assert said.status_code == 200, said.text
        message = live.receive_json()
        while message["type"] != "chat":
            message = live.receive_json()
        assert message["line"]["text"] == "oi" and message["line"]["seat"] == 0
    lines = b.get(f"/api/tables/{table}/chat").json()["lines"]
    assert [line["text"] for line in lines] == ["oi"]
    hidden = a.post(f"/api/tables/{table}/chat/hide", params={"token": tokens[0]})
    assert hidden.status_code == 200
    eventually(lambda: b.get(f"/api/tables/{table}/chat").json()["hidden"], "still shown on B")
    assert b.get(f"/api/tables/{table}/chat").json()["lines"] == []


def test_two_processes_writing_one_line_number_refuse_the_second_and_read_again(
    pair: tuple[TestClient, TestClient],
) -> None:
    """B, deaf for the moment, numbers its line as A's: the database refuses it (409, no
    500), B reads the chat again, and the line sent again is stored after A's."""
    a, b = pair
    created = create(a, "toinc", ["human", "human"])
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    eventually(lambda: b.get(f"/api/tables/{table}/view").status_code == 200, "B seeing the table")
    assert b.get(f"/api/tables/{table}/chat").json()["lines"] == []
    listener = b.app.state.listener  # type: ignore[attr-defined]
    b.portal.call(listener.stop)  # type: ignore[union-attr]
    chat = f"/api/tables/{table}/chat"
    assert a.post(chat, params={"token": tokens[0]}, json={"text": "first"}).status_code == 200
    late = b.post(chat, params={"token": tokens[1]}, json={"text": "second"})
    assert late.status_code == 409, late.text
    again = b.post(chat, params={"token": tokens[1]}, json={"text": "second"})
    assert again.status_code == 200 and again.json()["number"] == 2
    both = ["first", "second"]
    eventually(lambda: [line["text"] for line in a.get(chat).json()["lines"]] == both, "A")


_move = play_first


def _owners(database: str) -> list[str]:
    engine = create_engine(database)
    with engine.connect() as connection:
        owners = [row[0] for row in connection.execute(text("SELECT owner FROM web_leases"))]
    engine.dispose()
    return owners


def test_one_process_plays_a_computer_seat_and_holds_its_lease(
    pair: tuple[TestClient, TestClient], database: str
) -> None:
    """A person plays through both processes against a computer seat: every computer
    move is stored once (no refused move, no error), by the lease's holder."""
    a, b = pair
    created = create(a, "toinc", ["human", "random"])
    table, token = created["id"], created["seats"][0]["token"]
    eventually(lambda: b.get(f"/api/tables/{table}/view").status_code == 200, "B seeing the table")
    index = 0
    for turn in range(8):
        here = (a, b)[turn % 2]
        caught_up = lambda client=here, moves=index: view(client, table, None)["index"] >= moves  # noqa: E731
        eventually(caught_up, "a move not heard")
        if wait_for_turn(here, table, token, 0)["observation"]["terminal"]:
            break
        index = _move(here, table, token)
    assert view(a, table, None)["index"] >= 8
    for client in (a, b):
        assert view(client, table, token)["agent_error"] is None
    owners = {client.app.state.service.leases.owner for client in (a, b)}  # type: ignore[attr-defined]
    assert len(_owners(database)) == 1 and _owners(database)[0] in owners


def test_a_computer_seat_is_played_on_when_its_leaseholder_dies(
    database: str, pool: ProcessPoolExecutor, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A holds the table's lease and dies without giving it up; once the lease runs out,
    B plays the computer's move: the table never stalls."""
    if is_sqlite(database):
        pytest.skip("SQLite is one server process: nothing is leased")
    monkeypatch.setattr("ludoteca.web.tables.lease.LEASE", 1.0)
    monkeypatch.setattr("ludoteca.web.tables.service.LEASE", 1.0)
    with TestClient(create_app(database, pool=pool)) as a:
        created = create(a, "toinc", ["human", "random"])
        table, token = created["id"], created["seats"][0]["token"]
        wait_for_turn(a, table, token, 0)
        _move(a, table, token)
        wait_for_turn(a, table, token, 0)  # A's computer answered: A holds the lease
        owner = a.app.state.service.leases.owner  # type: ignore[attr-defined]
        assert _owners(database) == [owner]

        async def dies() -> None:  # a crash gives nothing up
            return None

        monkeypatch.setattr(a.app.state.service.leases, "release", dies)  # type: ignore[attr-defined]
    with TestClient(create_app(database, pool=pool)) as b:
        assert _owners(database) == [owner]  # still A's, for up to a second
        index = _move(b, table, token)
        eventually(lambda: view(b, table, None)["index"] > index, "the computer moving")
        assert _owners(database) == [b.app.state.service.leases.owner]  # type: ignore[attr-defined]
