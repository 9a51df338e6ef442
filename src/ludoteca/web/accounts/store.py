"""Accounts and their sessions in the web app's database (`db.AccountRow`,
`db.AccountSessionRow`). A session is a random token in the browser's cookie; only its
SHA-256 is stored, as for seat tokens."""

from __future__ import annotations

import secrets
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ludoteca.web.shared.db import (
    AccountRow,
    AccountSeatRow,
    AccountSessionRow,
    EntryRow,
    PasskeyRow,
    QueueRow,
    RatingChangeRow,
    RatingRow,
    ReportRow,
    WithdrawalRow,
)
from ludoteca.web.shared.records import as_utc, token_hash

SESSION_DAYS = 30
"""A session lasts this long from signing in."""
MAX_SESSIONS = 50
"""Browsers signed in to one account at once: a new sign-in ends the oldest beyond."""
THEMES = ("light", "dark")


GUEST = "~guest-"
"""The start of a name-only account's login (`create_guest`)."""


def login_of(name: str) -> str:
    """The form of a name accounts are told apart by: NFKC, casefolded (`Ana` is `ana`)."""
    return unicodedata.normalize("NFKC", name).casefold()


@dataclass(frozen=True)
class Account:
    """An account as the server reads it."""

    id: str
    login: str
    display_name: str
    has_password: bool
    language: str | None
    theme: str | None
    private: bool
    created_at: datetime

    def to_json(self) -> dict[str, Any]:
        """What its owner is shown of it."""
        return {
            "id": self.id,
            "name": self.display_name,
            "login": self.login,
            "password": self.has_password,
            "name_only": self.login.startswith(GUEST) and not self.has_password,
            "language": self.language,
            "theme": self.theme,
            "private": self.private,
            "created_at": self.created_at.isoformat(),
        }


def _account(row: AccountRow) -> Account:
    return Account(
        row.id,
        row.login,
        row.display_name,
        row.password_hash is not None,
        row.language,
        row.theme,
        row.private,
        as_utc(row.created_at),
    )


def new_account_id() -> str:
    """A new account's id (96 random bits)."""
    return secrets.token_urlsafe(12)


def account_row(
    account_id: str, name: str, password_hash: str | None, language: str | None
) -> AccountRow:
    """A new account's row: named `name`, public, made now."""
    return AccountRow(
        id=account_id,
        login=login_of(name),
        display_name=name,
        password_hash=password_hash,
        language=language,
        private=False,
        created_at=datetime.now(UTC),
    )


class AccountStore:
    """The accounts' and sessions' rows."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, name: str, password_hash: str, language: str | None) -> Account | None:
        """A new account named `name` (None if an account has that name)."""
        row = account_row(new_account_id(), name, password_hash, language)
        account = _account(row)
        try:
            with Session(self.engine) as session, session.begin():
                session.add(row)
        except IntegrityError:
            return None
        return account

    def create_guest(self, name: str, language: str | None) -> Account:
        """A new account with no password or passkey, shown as `name`, private: a player
        who registered for an event with a name only (`GUEST` and a random login, which no
        one signs in with: sign-in needs a password)."""
        row = account_row(new_account_id(), name, None, language)
        row.login, row.private = GUEST + secrets.token_urlsafe(12), True
        account = _account(row)
        with Session(self.engine) as session, session.begin():
            session.add(row)
        return account

    def password_of(self, name: str) -> tuple[str | None, str | None]:
        """The id and password hash of the account named `name` (None, None if none)."""
        with Session(self.engine) as session:
            found = session.execute(
                select(AccountRow.id, AccountRow.password_hash).where(
                    AccountRow.login == login_of(name)
                )
            ).first()
        return (None, None) if found is None else (found[0], found[1])

    def by_id(self, account_id: str) -> Account | None:
        """The account of this id, if any."""
        with Session(self.engine) as session:
            row = session.get(AccountRow, account_id)
            return None if row is None else _account(row)

    def by_name(self, name: str) -> Account | None:
        """The account whose name is `name` in its login form (`login_of`), if any."""
        with Session(self.engine) as session:
            row = session.scalars(
                select(AccountRow).where(AccountRow.login == login_of(name))
            ).first()
            return None if row is None else _account(row)

    def hash_of(self, account_id: str) -> str | None:
        """The password hash of an account (None: none, or no such account)."""
        with Session(self.engine) as session:
            row = session.get(AccountRow, account_id)
            return None if row is None else row.password_hash

    def start_session(self, account_id: str) -> str:
        """A new session of `account_id`: its secret token (the cookie's value). The
        account's expired sessions are forgotten, and its oldest beyond `MAX_SESSIONS`."""
        token = secrets.token_urlsafe(32)
        now = datetime.now(UTC)
        mine = AccountSessionRow.account_id == account_id
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(AccountSessionRow).where(mine, AccountSessionRow.expires_at <= now)
            )
            kept = (
                session.execute(
                    select(AccountSessionRow.token_hash)
                    .where(mine)
                    .order_by(AccountSessionRow.created_at.desc())
                    .offset(MAX_SESSIONS - 1)
                )
                .scalars()
                .all()
            )
            if kept:
                session.execute(
                    delete(AccountSessionRow).where(AccountSessionRow.token_hash.in_(kept))
                )
            session.add(
                AccountSessionRow(
                    token_hash=token_hash(token),
                    account_id=account_id,
                    created_at=now,
                    expires_at=now + timedelta(days=SESSION_DAYS),
                )
            )
        return token

    def account_of(self, token: str) -> Account | None:
        """The account whose unexpired session `token` is (None if none)."""
        with Session(self.engine) as session:
            found = session.execute(
                select(AccountRow, AccountSessionRow.expires_at)
                .join(AccountSessionRow, AccountSessionRow.account_id == AccountRow.id)
                .where(AccountSessionRow.token_hash == token_hash(token))
            ).first()
            if found is None:
                return None
            row, expires = found
            return _account(row) if as_utc(expires) > datetime.now(UTC) else None

    def end_session(self, token: str) -> None:
        """Sign one browser out: its session is forgotten."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(AccountSessionRow).where(AccountSessionRow.token_hash == token_hash(token))
            )

    def end_sessions(self, account_id: str) -> None:
        """Sign out everywhere: every session of the account is forgotten."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(AccountSessionRow).where(AccountSessionRow.account_id == account_id)
            )

    def update(self, account_id: str, changes: dict[str, Any]) -> Account | None:
        """Set some of `display_name`, `language`, `theme`, `private` (checked by the caller)."""
        with Session(self.engine) as session, session.begin():
            row = session.get(AccountRow, account_id)
            if row is None:
                return None
            for field, value in changes.items():
                setattr(row, field, value)
            return _account(row)

    def delete(self, account_id: str) -> None:
        """Delete an account, its sessions, passkeys, ratings, registrations and
        withdrawals, and unlink its games and rating changes (they stay, no longer
        anyone's; `RatedTables.anonymise` and `HostedEvents.forget` clear its names
        first)."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(AccountSeatRow).where(AccountSeatRow.account_id == account_id))
            session.execute(delete(RatingRow).where(RatingRow.account_id == account_id))
            session.execute(delete(QueueRow).where(QueueRow.account_id == account_id))
            session.execute(delete(EntryRow).where(EntryRow.account_id == account_id))
            session.execute(delete(WithdrawalRow).where(WithdrawalRow.account_id == account_id))
            session.execute(delete(ReportRow).where(ReportRow.account_id == account_id))
            session.execute(
                update(RatingChangeRow)
                .where(RatingChangeRow.account_id == account_id)
                .values(account_id=None)
            )
            session.execute(
                delete(AccountSessionRow).where(AccountSessionRow.account_id == account_id)
            )
            session.execute(delete(PasskeyRow).where(PasskeyRow.account_id == account_id))
            session.execute(delete(AccountRow).where(AccountRow.id == account_id))
