"""The web app's records: a table, its seats and its moves as stored, and seat tokens.

Seat tokens are random (`secrets.token_urlsafe`) and only their SHA-256 is stored.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

HUMAN, OPEN, AGENT = "human", "open", "agent"
SEAT_KINDS = (HUMAN, OPEN, AGENT)


def new_token() -> str:
    """A fresh secret seat token (192 random bits)."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What is stored for a token: its SHA-256, hex."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Move:
    """One move to append to the log (or, announced, one another process stored)."""

    table_id: str
    index: int
    seat: int
    action: str
    timeout: bool = False  # the computer's move for a person whose clock ran out


@dataclass(frozen=True)
class Announced:
    """A move another server process stored, as its announcement carries it."""

    seat: int
    timeout: bool
    at: datetime
    action: str


@dataclass
class StoredSeat:
    """A seat as stored: kind, agent spec (agents), token hash (claimed human seats), the
    name its person gave (None: none yet) and when its person took it, if that was after
    the table was made (None: seated from the start, or open)."""

    seat: int
    kind: str
    agent: str | None = None
    token_hash: str | None = None
    name: str | None = None
    joined_at: datetime | None = None


@dataclass
class StoredTable:
    """A table as stored, with its whole action log in order."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    created_at: datetime
    seats: list[StoredSeat]
    actions: list[str] = field(default_factory=list)
    seeded: bool = False  # the creator chose the seed (shown to all; see `TableService`)
    hotseat: bool = False  # its people share one screen (no names)
    device_hash: str | None = None  # the browser it is bound to (`web.devices`)
    listed: bool = True  # shown in the lobby (else reached by its link only)
    clock: dict[str, Any] | None = None  # the move clock's rule (`web.clock`)
    times: list[datetime] = field(default_factory=list)  # when each move was stored
    movers: list[int] = field(default_factory=list)  # the seat of each move
    timeouts: list[int] = field(default_factory=list)  # moves the clock made the computer's
    rematch: str | None = None  # the id of this finished table's rematch, once made
    rated: bool = False  # its people are accounts; its result moves their ratings


def as_utc(moment: datetime) -> datetime:
    """SQLite returns naive datetimes; every stored time is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
