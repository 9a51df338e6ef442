"""A table's moves are announced on its own channel (issue 43, item 4): only the server
processes holding the table hear them, so a move wakes its owner, not every process; a
table newly held is caught up once its channel is heard, for the moves stored before."""

from __future__ import annotations

from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.web.shared.notices import TABLE_CHANNEL, table_channel
from ludoteca.web.shared.routing import TABLE_ID
from tests.patience import eventually
from tests.web.helpers import create, play_on, view


@given(st.from_regex(TABLE_ID, fullmatch=True))
def test_a_tables_channel_is_a_short_fixed_name_of_its_id(table_id: str) -> None:
    """PostgreSQL takes channel names of 63 bytes at most; an id may have 64 characters."""
    channel = table_channel(table_id)
    assert channel.startswith(TABLE_CHANNEL) and len(channel) == len(TABLE_CHANNEL) + 16
    assert channel == table_channel(table_id) and channel.isascii()


def test_two_tables_have_two_channels() -> None:
    assert table_channel("AbC-12_x") != table_channel("AbC-12_y")


def test_a_process_hears_the_moves_of_the_tables_it_holds_only(
    pair: tuple[TestClient, TestClient],
) -> None:
    """B holds the second table and has let the first go: of A's moves on both, B hears
    the second's only. Announcements reach a listener in commit order, so once B has heard
    the later move, it would have heard the earlier one."""
    a, b = pair
    tables = [create(a, "toinc", ["human", "human"]) for _ in range(2)]
    (first, second), tokens = (
        [t["id"] for t in tables],
        [[s["token"] for s in t["seats"]] for t in tables],
    )
    for table in (first, second):
        eventually(lambda t=table: b.get(f"/api/tables/{t}/view").status_code == 200, "B seeing it")
    replica = b.app.state.service.replica  # type: ignore[attr-defined]
    listener = b.app.state.listener  # type: ignore[attr-defined]
    # Let go only once its LISTEN is done: one let go while it is under way is listened to
    # until the next wake-up (then dropped), and its moves could still be heard meanwhile.
    eventually(lambda: listener.listens_to(first), "B listening to the first")
    b.portal.call(lambda: replica._let_go(replica.tables[first]))  # type: ignore[union-attr]
    eventually(lambda: not listener.listens_to(first), "B no longer listening to the first")
    eventually(lambda: listener.listens_to(second), "B listening to the second")
    heard: list[tuple[str, int | None]] = []
    real = listener.heard

    async def noting(table_id: str, moves: int | None, move: object = None) -> None:
        heard.append((table_id, moves))
        await real(table_id, moves, move)

    listener.heard = noting
    play_on(a, first, tokens[0])
    play_on(a, second, tokens[1])
    eventually(lambda: (second, 1) in heard, "B hearing the second table's move")
    assert [t for t, moves in heard if moves is not None] == [second]
    assert first not in replica.tables  # not loaded again by a move it did not hear
    assert view(b, first, None)["index"] == 1  # asked for, it is read from the database


def test_a_table_held_anew_is_caught_up_once_its_moves_are_heard(
    pair: tuple[TestClient, TestClient],
) -> None:
    """B, deaf, loads A's table; A moves it; once B listens to the table's channel, a
    socket B serves is sent the move, though B never heard it announced."""
    a, b = pair
    listener = b.app.state.listener  # type: ignore[attr-defined]
    created = create(a, "toinc", ["human", "human"])
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    eventually(lambda: b.get(f"/api/tables/{table}/view").status_code == 200, "B seeing the table")
    eventually(lambda: listener.listens_to(table), "B listening to the table's moves")
    b.portal.call(listener.stop)  # type: ignore[union-attr]
    with b.websocket_connect(f"/ws/tables/{table}") as live:
        assert live.receive_json()["index"] == 0
        play_on(a, table, tokens)
        b.portal.call(listener.start)  # type: ignore[union-attr]
        pushed = live.receive_json()
        assert pushed["type"] == "view" and pushed["index"] == 1


def test_the_tables_held_are_listened_to_and_dropped_when_let_go(
    pair: tuple[TestClient, TestClient],
) -> None:
    """B listens to every table it holds, and stops when it lets them go."""
    a, b = pair
    listener = b.app.state.listener  # type: ignore[attr-defined]
    made = [create(a, "toinc", ["human", "human"])["id"] for _ in range(3)]
    for table in made:
        eventually(lambda t=table: listener.listens_to(t), "B listening to a table")
    replica = b.app.state.service.replica  # type: ignore[attr-defined]
    for table in made:
        b.portal.call(lambda t=table: replica._let_go(replica.tables[t]))  # type: ignore[union-attr]
    for table in made:
        eventually(lambda t=table: not listener.listens_to(t), "B dropping a table")
