"""The routing rule of `serve --workers N` (`web.shared.routing`): which request lines
name a table, and rendezvous hashing's promises: every live slot gets its share, and a
slot that dies moves only its own tables."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from ludoteca.web.shared.routing import owner, owns, table_of

IDS = st.text(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-", min_size=1, max_size=64
)


def test_the_lines_that_name_a_table() -> None:
    assert table_of(b"GET /ws/tables/Ab_9-x HTTP/1.1\r\n") == "Ab_9-x"
    assert table_of(b"POST /api/tables/abc/actions?token=t HTTP/1.1\r\n") == "abc"
    assert table_of(b"GET /tables/abc/replay HTTP/1.1") == "abc"
    assert table_of(b"GET /tables/abc?x=1 HTTP/1.1") == "abc"
    for line in (
        b"GET /api/tables HTTP/1.1\r\n",  # the lobby's list, no table
        b"POST /api/tables HTTP/1.1\r\n",  # a new table: any worker makes it
        b"GET /tables/../etc/passwd HTTP/1.1\r\n",
        b"GET /tables/" + b"a" * 65 + b" HTTP/1.1\r\n",  # longer than any id
        b"get /tables/abc HTTP/1.1\r\n",
        b"GET /static/tables/abc HTTP/1.1\r\n",
        b"\x16\x03\x01\x02\x00",  # a TLS hello
        b"",
    ):
        assert table_of(line) is None, line


@given(IDS, st.integers(1, 8))
def test_an_owner_is_a_live_slot_and_owns_agrees(table_id: str, count: int) -> None:
    slot = owner(table_id, range(count))
    assert 0 <= slot < count
    assert owns(table_id, slot, count)
    assert not any(owns(table_id, other, count) for other in range(count) if other != slot)


@given(st.lists(IDS, min_size=1, max_size=40, unique=True), st.integers(2, 6), st.data())
def test_a_dead_slot_moves_only_its_own_tables(
    ids: list[str], count: int, data: st.DataObject
) -> None:
    dead = data.draw(st.integers(0, count - 1))
    live = [slot for slot in range(count) if slot != dead]
    for table_id in ids:
        before = owner(table_id, range(count))
        after = owner(table_id, live)
        assert after == before or before == dead


def test_every_slot_gets_its_share() -> None:
    shares = Counter(owner(f"table-{n}", range(4)) for n in range(4000))
    assert set(shares) == {0, 1, 2, 3}
    assert all(900 <= share <= 1100 for share in shares.values()), shares
