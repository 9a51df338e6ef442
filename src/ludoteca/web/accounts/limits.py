"""Rate limits on signing in and up, shared by every server process through the database:
each refused sign-in counts against the address it came from and the name it tried (so a
name is locked alike whether an account has it or not), each sign-up against its address."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from ludoteca.web.shared.db import AttemptRow
from ludoteca.web.shared.records import as_utc


@dataclass(frozen=True)
class Limit:
    """At most `count` attempts counted against one key within `window`."""

    prefix: str
    count: int
    window: timedelta

    def key(self, what: str) -> str:
        """The key counting attempts against `what` (an address or a name), bounded."""
        return f"{self.prefix}:{what}"[:96]


ADDRESS = Limit("address", 50, timedelta(minutes=15))
"""Refused sign-ins from one address (a club's players may share one network's)."""
LOGIN = Limit("login", 5, timedelta(minutes=15))
"""Refused sign-ins with one name, from anywhere."""
SIGNUP = Limit("signup", 20, timedelta(hours=1))
"""Accounts made from one address (a tournament's players may sign up at once, on the
venue's network)."""
KEPT = max(ADDRESS.window, LOGIN.window, SIGNUP.window)
"""Attempts older than this count for nothing and are deleted."""


def wait_left(session: Session, limit: Limit, what: str, now: datetime) -> timedelta | None:
    """How long until `what` may try again under `limit` (None: it may now)."""
    since = now - limit.window
    key = limit.key(what)
    count, first = session.execute(
        select(func.count(), func.min(AttemptRow.at)).where(
            AttemptRow.key == key, AttemptRow.at > since
        )
    ).one()
    if count < limit.count:
        return None
    return max(as_utc(first) + limit.window - now, timedelta(seconds=1))


def count(session: Session, limit: Limit, what: str, now: datetime) -> None:
    """Count one attempt against `what`, and forget attempts too old to count."""
    session.execute(delete(AttemptRow).where(AttemptRow.at <= now - KEPT))
    session.add(AttemptRow(key=limit.key(what), at=now))
