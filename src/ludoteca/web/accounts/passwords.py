"""Passwords hashed with Argon2id (argon2-cffi, RFC 9106's second recommended settings:
3 passes over 64 MiB), a bounded number at once: a flood of sign-ins waits or is refused,
it never takes the server's memory."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from ludoteca.core.i18n import _
from ludoteca.web.shared.errors import WebError

MIN_LENGTH, MAX_LENGTH = 8, 256
"""A password's characters: at least 8 (NIST SP 800-63B), at most 256 (any passphrase)."""
AT_ONCE = 2
"""Hashes computed at once, 64 MiB each."""
WAITING = 16
"""Hashes that may wait for one of them; beyond, a request is refused (503)."""

_hasher = PasswordHasher()


@functools.cache
def _dummy() -> str:
    """Checked against when no account has the name given: a refusal takes as long either
    way. (Made at the first sign-in, not at import: a hash is 0.1 s and 64 MiB.)"""
    return _hasher.hash("a password no account has")


P = ParamSpec("P")
R = TypeVar("R")


class Hashing:
    """Hashes and checks passwords in threads, `AT_ONCE` at a time."""

    def __init__(self) -> None:
        self._slots = asyncio.Semaphore(AT_ONCE)
        self._waiting = 0

    async def _run(self, work: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        if self._waiting >= WAITING:
            raise WebError(503, _("too many sign-ins at once; try again in a moment"))
        self._waiting += 1
        try:
            async with self._slots:
                return await asyncio.to_thread(work, *args, **kwargs)
        finally:
            self._waiting -= 1

    async def hash(self, password: str) -> str:
        """The Argon2id hash to store for `password`."""
        return await self._run(_hasher.hash, password)

    async def check(self, stored: str | None, password: str) -> bool:
        """True if `password` is the one `stored` was made from; with no hash (no such
        account, or one without a password) a dummy is checked, taking as long, and False."""
        matched = await self._run(_verify, stored, password)
        return stored is not None and matched


def _verify(stored: str | None, password: str) -> bool:
    try:
        return _hasher.verify(stored or _dummy(), password)
    except (VerificationError, InvalidHashError):
        return False


def valid_password(value: object) -> str:
    """`value` as a password: a text of `MIN_LENGTH` to `MAX_LENGTH` characters (400 if not).
    Any characters, spaces included: nothing is trimmed or composed."""
    if not isinstance(value, str) or not MIN_LENGTH <= len(value) <= MAX_LENGTH:
        raise WebError(
            400,
            _(
                "a password must be {low} to {high} characters",
                low=MIN_LENGTH,
                high=MAX_LENGTH,
            ),
        )
    return value
