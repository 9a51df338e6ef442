"""Signing up, in and out, and an account's settings: the rules the HTTP API applies
(`accounts.api`), on the database's rows (`accounts.store`)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ludoteca.core.i18n import _, locales
from ludoteca.web.accounts import limits
from ludoteca.web.accounts.games import AccountGames
from ludoteca.web.accounts.passwords import MAX_LENGTH, Hashing, valid_password
from ludoteca.web.accounts.store import THEMES, Account, AccountStore, login_of
from ludoteca.web.shared.errors import WebError, bad_request, conflict, unauthorized
from ludoteca.web.shared.requests import person_name

NAME_LENGTH = 32
"""Characters of an account's name."""


def too_many(wait: timedelta) -> WebError:
    """429: a rate limit is reached; when to try again, in whole minutes."""
    minutes = max(1, -(-int(wait.total_seconds()) // 60))
    return WebError(429, _("too many attempts; try again in {minutes} min", minutes=minutes))


def wrong() -> WebError:
    """401, the same for an unknown name and a wrong password (no account enumeration)."""
    return unauthorized(_("wrong name or password"))


class AccountService:
    """Accounts on one database, shared by every server process."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.store = AccountStore(engine)
        self.games = AccountGames(engine)
        self.hashing = Hashing()
        self.deleting: list[Callable[[str], Awaitable[object]]] = []
        """Called with an account's id before it is deleted: the layers above take its
        name out of what they keep (`hosted.HostedEvents.forget`)."""

    def limited(self, checks: list[tuple[limits.Limit, str]]) -> timedelta | None:
        """How long until each of `checks` (a limit, what it counts) allows an attempt."""
        now = datetime.now(UTC)
        with Session(self.engine) as session:
            waits = [limits.wait_left(session, limit, what, now) for limit, what in checks]
        return max((w for w in waits if w is not None), default=None)

    def count(self, checks: list[tuple[limits.Limit, str]]) -> None:
        """Count one attempt against each of `checks`."""
        now = datetime.now(UTC)
        with Session(self.engine) as session, session.begin():
            for limit, what in checks:
                limits.count(session, limit, what, now)

    async def sign_up(
        self, data: dict[str, Any], address: str, language: str | None
    ) -> tuple[Account, str]:
        """A new account `{name, password}`, signed in: it and its session token."""
        name = person_name(data.get("name"), _("the name"), NAME_LENGTH)
        password = valid_password(data.get("password"))
        checks = [(limits.SIGNUP, address)]
        wait = await asyncio.to_thread(self.limited, checks)
        if wait is not None:
            raise too_many(wait)
        await asyncio.to_thread(self.count, checks)  # a taken name counts: no free probing
        hashed = await self.hashing.hash(password)
        account = await asyncio.to_thread(self.store.create, name, hashed, language)
        if account is None:
            raise conflict(_("an account has that name; choose another"))
        return account, await asyncio.to_thread(self.store.start_session, account.id)

    async def guest(
        self, data: dict[str, Any], address: str, language: str | None
    ) -> tuple[Account, str, str]:
        """A name-only account `{name}` (`AccountStore.create_guest`), signed in: it, this
        browser's session token, and the token of its link, a second session the player
        keeps to come back on any device (`by_link`). Counted as a sign-up."""
        name = person_name(data.get("name"), _("the name"), NAME_LENGTH)
        checks = [(limits.SIGNUP, address)]
        wait = await asyncio.to_thread(self.limited, checks)
        if wait is not None:
            raise too_many(wait)
        await asyncio.to_thread(self.count, checks)
        account = await asyncio.to_thread(self.store.create_guest, name, language)
        token = await asyncio.to_thread(self.store.start_session, account.id)
        return account, token, await asyncio.to_thread(self.store.start_session, account.id)

    async def by_link(self, data: dict[str, Any], address: str) -> tuple[Account, str]:
        """Sign in with a player's link `{token}` (`guest`): the account and a new session
        token. An unknown or expired link is refused (401), and counts against the
        address's limit."""
        token = data.get("token")
        if not isinstance(token, str) or not token or len(token) > 64 or not token.isascii():
            raise bad_request(_("field 'token' must be the link's token"))
        checks = [(limits.ADDRESS, address)]
        wait = await asyncio.to_thread(self.limited, checks)
        if wait is not None:
            raise too_many(wait)
        account = await asyncio.to_thread(self.store.account_of, token)
        if account is None:
            await asyncio.to_thread(self.count, checks)
            raise unauthorized(_("this link does not sign anyone in (any more)"))
        return await self.signed_in(account.id)

    async def sign_in(self, data: dict[str, Any], address: str) -> tuple[Account, str]:
        """Sign in with `{name, password}`: the account and a new session token. Refused
        alike (401) whether the name is unknown or the password wrong."""
        name, password = data.get("name"), data.get("password")
        if not isinstance(name, str) or not isinstance(password, str):
            raise bad_request(_("give a name and a password"))
        if len(name) > 4 * NAME_LENGTH or len(password) > MAX_LENGTH:
            raise wrong()
        checks = [(limits.ADDRESS, address), (limits.LOGIN, login_of(name))]
        wait = await asyncio.to_thread(self.limited, checks)
        if wait is not None:
            raise too_many(wait)
        account_id, stored = await asyncio.to_thread(self.store.password_of, name)
        matched = await self.hashing.check(stored, password)  # a dummy's if no such name
        if account_id is None or not matched:
            await asyncio.to_thread(self.count, checks)
            raise wrong()
        return await self.signed_in(account_id)

    async def signed_in(self, account_id: str) -> tuple[Account, str]:
        """A new session of `account_id`: the account and the session's token."""
        token = await asyncio.to_thread(self.store.start_session, account_id)
        account = await asyncio.to_thread(self.store.account_of, token)
        if account is None:  # deleted meanwhile
            raise unauthorized(_("sign in first"))
        return account, token

    async def check_password(self, account: Account, password: object) -> None:
        """401 unless `password` is the account's (asked again before deleting it)."""
        if not isinstance(password, str) or len(password) > MAX_LENGTH:
            raise wrong()
        stored = await asyncio.to_thread(self.store.hash_of, account.id)
        if not await self.hashing.check(stored, password):
            raise wrong()

    async def update(self, account: Account, data: dict[str, Any]) -> Account:
        """Change some of `{name, language, theme, private}`."""
        changes: dict[str, Any] = {}
        for field in data:
            if field not in ("name", "language", "theme", "private"):
                raise bad_request(_("unknown field '{name}'", name=field[:64]))
        if "name" in data:
            changes["display_name"] = person_name(data["name"], _("the name"), NAME_LENGTH)
        if "language" in data:
            changes["language"] = choice(data["language"], "language", tuple(locales()))
        if "theme" in data:
            changes["theme"] = choice(data["theme"], "theme", THEMES)
        if "private" in data:
            if not isinstance(data["private"], bool):
                raise bad_request(_("field '{name}' must be true or false", name="private"))
            changes["private"] = data["private"]
        updated = await asyncio.to_thread(self.store.update, account.id, changes)
        if updated is None:
            raise unauthorized(_("sign in first"))
        return updated


def choice(value: object, field: str, allowed: tuple[str, ...]) -> str | None:
    """`value` if one of `allowed`, None for null (the default); 400 otherwise."""
    if value is None or (isinstance(value, str) and value in allowed):
        return value
    raise bad_request(
        _("field '{name}' must be one of: {allowed}", name=field, allowed=", ".join(allowed))
    )
