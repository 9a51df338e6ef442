"""Which server process owns a table (issue 43): the routing rule of `serve --workers N`.

A table belongs to one of the N processes (its slot, 0..N-1), chosen by rendezvous
hashing of its id: each slot scores the id (`blake2b` of id and slot) and the highest
live slot wins. Every request and WebSocket naming a table (`/tables/<id>...`,
`/api/tables/<id>...`, `/ws/tables/<id>`) goes to its owner, so one process holds the
table in memory and applies its moves; the others never load it. When a slot's
process dies, its tables go to the next-highest slot until it is back; every other
table stays where it was. A process making a table draws ids until one is its own.

Ownership is routing, not safety: any process may still serve any table correctly
(the database orders the moves; `web.fanout` tells the others), so a connection that
reaches a non-owner (a kept-alive connection reused for another table) is served there.
The same rule routes between hosts behind a proxy (docs/deploy.md).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable

TABLE_ID = "[A-Za-z0-9_-]{1,64}"
"""A table id the store could hold (ids are 12 characters of `secrets.token_urlsafe`)."""
TABLE_PATH = re.compile(rf"^[A-Z]{{3,7}} /(?:api/|ws/)?tables/({TABLE_ID})(?=[/?# ])".encode())
"""A request line naming a table: its id."""


def table_of(head: bytes) -> str | None:
    """The table a request's first line names (`GET /ws/tables/abc HTTP/1.1`), or None."""
    found = TABLE_PATH.match(head)
    return found[1].decode("ascii") if found else None


def score(table_id: str, slot: int) -> bytes:
    """Slot `slot`'s claim on table `table_id`: the highest claim owns it."""
    return hashlib.blake2b(f"{table_id}\0{slot}".encode(), digest_size=8).digest()


def owner(table_id: str, slots: Iterable[int]) -> int:
    """The slot among `slots` (the live ones; at least one) that owns `table_id`."""
    return max(slots, key=lambda slot: score(table_id, slot))


def owns(table_id: str, slot: int, count: int) -> bool:
    """True if slot `slot` of `count` owns `table_id` while all `count` are live."""
    return owner(table_id, range(count)) == slot
