"""Passkeys (WebAuthn through py_webauthn): the challenges given to browsers and the
passkeys verified, in the database (`db.ChallengeRow`, `db.PasskeyRow`), so any server
process may finish a ceremony another began. A challenge is good once, for 5 minutes."""

from __future__ import annotations

import ipaddress
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url

from ludoteca.core.i18n import _
from ludoteca.web.accounts.store import account_row, login_of
from ludoteca.web.shared.db import AccountRow, ChallengeRow, PasskeyRow
from ludoteca.web.shared.errors import WebError, unprocessable
from ludoteca.web.shared.records import as_utc

SIGN_UP, ADD, SIGN_IN = "sign-up", "add", "sign-in"
CHALLENGE_LIFE = timedelta(minutes=5)
MAX_CHALLENGES = 10_000
"""Challenges alive at once: beyond, a new one is refused (503) until some expire."""
RP_NAME = "ludoteca"


@dataclass(frozen=True)
class Party:
    """The relying party a request reaches: its id (the host name) and the origins its
    pages have (`https://host[:port]`, or `http://` on a local address)."""

    id: str
    origins: list[str]


def party_of(host_header: str) -> Party:
    """The relying party of a request's `Host` (422 for an IP address: WebAuthn needs a
    name; `localhost` is one)."""
    host = host_header.rsplit(":", 1)[0] if not host_header.endswith("]") else host_header
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        if host and len(host) <= 253:
            return Party(host.lower(), [f"https://{host_header}", f"http://{host_header}"])
    raise unprocessable(
        _("passkeys need the site's name in the address (localhost works), not an IP address")
    )


@dataclass(frozen=True)
class Challenge:
    """A challenge taken back from the store."""

    challenge: bytes
    name: str | None
    account_id: str | None


@dataclass(frozen=True)
class Stored:
    """A passkey as stored."""

    account_id: str
    public_key: bytes
    sign_count: int


class PasskeyStore:
    """The challenges' and passkeys' rows."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def new_challenge(
        self,
        purpose: str,
        challenge: bytes,
        name: str | None = None,
        account_id: str | None = None,
    ) -> str:
        """Keep `challenge` for one use: its id (503 when `MAX_CHALLENGES` are alive)."""
        now = datetime.now(UTC)
        challenge_id = secrets.token_urlsafe(16)
        with Session(self.engine) as session, session.begin():
            session.execute(delete(ChallengeRow).where(ChallengeRow.expires_at <= now))
            alive = session.execute(select(func.count()).select_from(ChallengeRow)).scalar_one()
            if alive >= MAX_CHALLENGES:
                raise WebError(503, _("too many sign-ins at once; try again in a moment"))
            session.add(
                ChallengeRow(
                    id=challenge_id,
                    challenge=bytes_to_base64url(challenge),
                    purpose=purpose,
                    name=name,
                    account_id=account_id,
                    expires_at=now + CHALLENGE_LIFE,
                )
            )
        return challenge_id

    def take_challenge(self, challenge_id: str, purpose: str) -> Challenge | None:
        """The challenge `challenge_id` for `purpose`, deleted (None if unknown, used,
        expired or for something else)."""
        with Session(self.engine) as session, session.begin():
            row = session.get(ChallengeRow, challenge_id[:32])
            if row is None:
                return None
            session.delete(row)
            if row.purpose != purpose or as_utc(row.expires_at) <= datetime.now(UTC):
                return None
            return Challenge(base64url_to_bytes(row.challenge), row.name, row.account_id)

    def name_taken(self, name: str) -> bool:
        """True if an account has the name `name`."""
        with Session(self.engine) as session:
            found = session.execute(
                select(AccountRow.id).where(AccountRow.login == login_of(name))
            ).first()
        return found is not None

    def create_account(
        self, account_id: str, name: str, language: str | None, passkey: PasskeyRow
    ) -> bool:
        """Make the account `account_id` named `name` with its first passkey, together
        (False if an account has the name by now)."""
        try:
            with Session(self.engine) as session, session.begin():
                session.add(account_row(account_id, name, None, language))
                session.flush()
                session.add(passkey)
        except IntegrityError:
            return False
        return True

    def add(self, passkey: PasskeyRow) -> bool:
        """Keep another passkey of an account (False if it is known already)."""
        try:
            with Session(self.engine) as session, session.begin():
                session.add(passkey)
        except IntegrityError:
            return False
        return True

    def find(self, credential_id: str) -> Stored | None:
        """The passkey of `credential_id` (None if unknown)."""
        with Session(self.engine) as session:
            row = session.get(PasskeyRow, credential_id[:1400])
            return None if row is None else Stored(row.account_id, row.public_key, row.sign_count)

    def used(self, credential_id: str, sign_count: int) -> None:
        """Keep a passkey's signature counter after a sign-in."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(PasskeyRow)
                .where(PasskeyRow.credential_id == credential_id)
                .values(sign_count=sign_count)
            )

    def of_account(self, account_id: str) -> list[tuple[str, datetime]]:
        """The credential ids of an account's passkeys and when each was added."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(PasskeyRow.credential_id, PasskeyRow.created_at)
                .where(PasskeyRow.account_id == account_id)
                .order_by(PasskeyRow.created_at)
            ).all()
        return [(row[0], row[1]) for row in rows]


def passkey_row(account_id: str, credential_id: bytes, public_key: bytes, count: int) -> PasskeyRow:
    """A verified passkey's row."""
    return PasskeyRow(
        credential_id=bytes_to_base64url(credential_id),
        account_id=account_id,
        public_key=public_key,
        sign_count=count,
        created_at=datetime.now(UTC),
    )
