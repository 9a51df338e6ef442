"""The web app's database: tables, seats and the append-only action log (SQLAlchemy 2).

SQLite (WAL, synchronous=FULL) by default; any SQLAlchemy URL through
`LUDOTECA_DATABASE_URL`. The schema is created and upgraded by Alembic
(`ludoteca/web/migrations`), never by `create_all`.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    false,
    true,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

DEFAULT_DATABASE = "ludoteca-web.db"
MIGRATIONS = Path(__file__).parent.parent / "migrations"


class Base(DeclarativeBase):
    """Declarative base of the web app's tables."""


class TableRow(Base):
    """One game table: which game, its options and seed (`seeded`: chosen by its creator,
    not drawn by the server); `hotseat`: its people share one screen; `device_hash`: the
    browser a seeded hot-seat table is bound to (`web.devices`); `listed` in the lobby, or
    reached by its link only;
    `chat_hidden`: its people keep the chat to themselves; `clock`: its move clock
    (`web.clock`, None: none); `rematch_id`: the table of its rematch, once made;
    `rated`: its people are accounts and its result moves their ratings (its open seats
    are taken by signed-in players only); `finished_at` once over."""

    __tablename__ = "web_tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    seeded: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    hotseat: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    device_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    listed: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    chat_hidden: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SeatRow(Base):
    """One seat: `human` (with the hash of its secret token, the name its person gave, if
    any, and when they took it if the seat was open when the table was made), `open` or
    `agent`."""

    __tablename__ = "web_seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    agent: Mapped[str | None] = mapped_column(String(200), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    joined_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ActionRow(Base):
    """One move, in order; the key (table, index) refuses a second move at one index.
    `timeout`: the computer made it because the seat's clock ran out."""

    __tablename__ = "web_actions"
    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    timeout: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class ChatRow(Base):
    """One chat line of a table, in order: the seat that wrote it, its person's name then,
    and the text (plain text, shown as text only)."""

    __tablename__ = "web_chat"
    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    text: Mapped[str] = mapped_column(String(1200))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class EventRow(Base):
    """A tournament event: its `ludoteca.tournament` snapshot, revision and the hashes of its
    organizer key and of the co-organizer key it has handed out (None: none, or revoked).

    `snapshot` is `ludoteca.tournament.store.Tournament.to_dict()`: the library's own
    plain data, the one source of truth. `clock_paused` is the seconds already run
    while the round clock is paused; `bots` the bot run's settings (bot events only).
    """

    __tablename__ = "web_events"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(16))
    key_hash: Mapped[str] = mapped_column(String(64))
    co_key_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    revision: Mapped[int] = mapped_column(Integer)
    snapshot: Mapped[dict[str, Any]] = mapped_column(JSON)
    clock_paused: Mapped[float | None] = mapped_column(Float, nullable=True)
    bots: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    bots_played: Mapped[int | None] = mapped_column(Integer, nullable=True)  # games so far
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class EventOperationRow(Base):
    """One change to an event, in order (append-only): the operation and its arguments."""

    __tablename__ = "web_event_operations"
    event_id: Mapped[str] = mapped_column(ForeignKey("web_events.id"), primary_key=True)
    revision: Mapped[int] = mapped_column(Integer, primary_key=True)
    operation: Mapped[str] = mapped_column(String(64))
    arguments: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class StudyRow(Base):
    """A designer's balance study run by the server: what was asked (`settings`), how far
    it got, and, once done, its self-contained HTML report."""

    __tablename__ = "web_studies"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    game: Mapped[str] = mapped_column(String(64))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16))
    done: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    error: Mapped[str | None] = mapped_column(String(500), nullable=True)
    language: Mapped[str | None] = mapped_column(String(16), nullable=True)  # its report's
    summary: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    report: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class LeaseRow(Base):
    """Which server process plays a table's computer seats and clock time-outs, until
    when (several processes on one PostgreSQL database; `web.lease`)."""

    __tablename__ = "web_leases"
    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner: Mapped[str] = mapped_column(String(32))
    until: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountRow(Base):
    """A player's account (issue 44): `login`, the name signed in with, casefolded and
    unique; the name shown; the Argon2id hash of its password (`web.accounts.passwords`);
    the language, theme and privacy kept with it."""

    __tablename__ = "web_accounts"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    login: Mapped[str] = mapped_column(String(64), unique=True)
    display_name: Mapped[str] = mapped_column(String(64))
    password_hash: Mapped[str | None] = mapped_column(Text, nullable=True)
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)
    theme: Mapped[str | None] = mapped_column(String(8), nullable=True)
    private: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountSessionRow(Base):
    """A signed-in browser: the SHA-256 of its session cookie, whose account, until when."""

    __tablename__ = "web_account_sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("web_accounts.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PasskeyRow(Base):
    """A passkey of an account (WebAuthn): its credential id (base64url), public key
    (COSE) and signature counter, as `web.accounts.passkeys` verified them."""

    __tablename__ = "web_passkeys"
    credential_id: Mapped[str] = mapped_column(String(1400), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("web_accounts.id"), index=True)
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChallengeRow(Base):
    """A WebAuthn challenge given to a browser, good once until `expires_at`: to make an
    account named `name` (with the id it will have), to add a passkey to `account_id`, or
    to sign in (neither)."""

    __tablename__ = "web_challenges"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    challenge: Mapped[str] = mapped_column(String(128))
    purpose: Mapped[str] = mapped_column(String(16))
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    account_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class AccountSeatRow(Base):
    """A seat an account sat at: claimed with the seat's token by a browser signed in to
    the account (`web.accounts.games`); the table's own seat row is unchanged."""

    __tablename__ = "web_account_seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("web_accounts.id"), index=True)
    claimed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingRow(Base):
    """An account's rating on one ladder (`web.accounts.ratings`): its value, deviation,
    Glicko-2 volatility, rated games and when it last changed."""

    __tablename__ = "web_ratings"
    __table_args__ = (Index("ix_web_ratings_ladder_value", "ladder", "value"),)
    account_id: Mapped[str] = mapped_column(ForeignKey("web_accounts.id"), primary_key=True)
    ladder: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    rated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingChangeRow(Base):
    """What one seat's rating was and became at a rated table's end: the account's
    (None: a computer level, or an account since deleted) or a computer's fixed one."""

    __tablename__ = "web_rating_changes"
    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[str | None] = mapped_column(
        ForeignKey("web_accounts.id"), nullable=True, index=True
    )
    ladder: Mapped[str] = mapped_column(String(64))
    computer: Mapped[bool] = mapped_column(Boolean)
    before: Mapped[float] = mapped_column(Float)
    after: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    rated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class QueueRow(Base):
    """An account waiting to be paired (`web.accounts.queue`): what it wants (`key`: the
    game, its options and clock, as one canonical text), its rating then, when it joined
    and was last seen (a browser gone stops being paired), after how many seconds it is
    offered the computer (None: never), and, once paired, its table and seat
    (`table_id` `PENDING` while the table is being made, since `paired_at`)."""

    __tablename__ = "web_queue"
    account_id: Mapped[str] = mapped_column(ForeignKey("web_accounts.id"), primary_key=True)
    key: Mapped[str] = mapped_column(String(512), index=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    rating: Mapped[float] = mapped_column(Float)
    wait: Mapped[int | None] = mapped_column(Integer, nullable=True)
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    paired_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class HostingRow(Base):
    """How an event is run on the site (issue 45, `web.hosted`): the ludoteca `game` its
    rounds are played at here, with its `options` (None: over the board), and its
    registration: `registering` (players may register), at most `cap` players, until
    `deadline`; `checking_in` (players may check in) and `checked` (check-in was held:
    who did not check in is dropped at round 1's pairing); `decks`: players submit deck
    lists, checked against the event deck rules with the `restricted` list, private until
    `decks_public`."""

    __tablename__ = "web_hosting"
    event_id: Mapped[str] = mapped_column(ForeignKey("web_events.id"), primary_key=True)
    game: Mapped[str | None] = mapped_column(String(64), nullable=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    registering: Mapped[bool] = mapped_column(Boolean)
    cap: Mapped[int | None] = mapped_column(Integer, nullable=True)
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    checking_in: Mapped[bool] = mapped_column(Boolean)
    checked: Mapped[bool] = mapped_column(Boolean)
    decks: Mapped[bool] = mapped_column(Boolean)
    restricted: Mapped[list[str]] = mapped_column(JSON)
    decks_public: Mapped[bool] = mapped_column(Boolean)


class EntryRow(Base):
    """An account registered for an event: its player id there, whether it checked in,
    its deck list as submitted (checked), and when it registered."""

    __tablename__ = "web_entries"
    event_id: Mapped[str] = mapped_column(ForeignKey("web_events.id"), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("web_accounts.id"), primary_key=True)
    player_id: Mapped[str] = mapped_column(String(120))
    checked_in: Mapped[bool] = mapped_column(Boolean)
    deck: Mapped[str | None] = mapped_column(Text, nullable=True)
    registered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class WithdrawalRow(Base):
    """The player an account was in an event it withdrew from (its registration is gone):
    deleting the account takes the name out of that player too."""

    __tablename__ = "web_withdrawals"
    event_id: Mapped[str] = mapped_column(ForeignKey("web_events.id"), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        ForeignKey("web_accounts.id"), primary_key=True, index=True
    )
    player_id: Mapped[str] = mapped_column(String(120), primary_key=True)


class EventTableRow(Base):
    """The ludoteca table a match of an event is played at: its round and table number
    there, the seat of the match's first-named player, and whether its result was
    recorded in the event."""

    __tablename__ = "web_event_tables"
    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id"), primary_key=True)
    event_id: Mapped[str] = mapped_column(ForeignKey("web_events.id"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    number: Mapped[int] = mapped_column(Integer)
    first_seat: Mapped[int] = mapped_column(Integer)
    recorded: Mapped[bool] = mapped_column(Boolean)


class ReportRow(Base):
    """A Duel result a player reported from over the board (issue 45): the match (round,
    table), who reported it, the result seen from the match's first-named player, and
    whether the opponent disputed it (else it waits for their confirmation)."""

    __tablename__ = "web_reports"
    event_id: Mapped[str] = mapped_column(ForeignKey("web_events.id"), primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("web_accounts.id"))
    result: Mapped[str] = mapped_column(String(16))
    disputed: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class WebhookRow(Base):
    """An event's webhook (`web.hosted.webhooks`): where it posts, and its signing secret."""

    __tablename__ = "web_webhooks"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[str] = mapped_column(ForeignKey("web_events.id"), index=True)
    url: Mapped[str] = mapped_column(String(2000))
    secret: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class DeliveryRow(Base):
    """One thing told to a webhook: its kind and body, pending (due at `next_at`),
    delivered or failed, after how many attempts, and the last error."""

    __tablename__ = "web_deliveries"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    webhook_id: Mapped[int] = mapped_column(ForeignKey("web_webhooks.id"), index=True)
    kind: Mapped[str] = mapped_column(String(32))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16))
    attempts: Mapped[int] = mapped_column(Integer)
    next_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    error: Mapped[str | None] = mapped_column(String(200), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AttemptRow(Base):
    """One refused sign-in or one sign-up, counted against a rate limit: `key` is what it
    counts against (`address:...`, `login:...`, `signup:...`; `web.accounts.limits`)."""

    __tablename__ = "web_attempts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(96), index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


def database_url(location: str | None = None) -> str:
    """The URL to use: `location`, else `$LUDOTECA_DATABASE_URL`, else a SQLite file here.

    A plain path (no `://`) means a SQLite file.
    """
    chosen = location or os.environ.get("LUDOTECA_DATABASE_URL") or DEFAULT_DATABASE
    return chosen if "://" in chosen else f"sqlite:///{chosen}"


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (creates it on a new database)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
