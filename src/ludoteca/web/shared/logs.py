"""Keep credentials out of the server's logs: uvicorn logs request paths with their query.

A seat token (`token=`) and an organizer key (`key=`) can ride in a URL; the pages send
them in an `Authorization` header, but a WebSocket or a shared link carries them in the
query. Every query parameter whose name, once decoded (`%6Bey` is `key`), is a
credential has its value replaced by `***`, in any log line.
"""

from __future__ import annotations

import logging
import re
from urllib.parse import unquote_plus

CREDENTIALS = frozenset({"token", "key", "access_token", "api_key", "password", "secret"})
"""Query names whose values are secrets (compared decoded and in lower case)."""
QUERY_PAIR = re.compile(r"(?P<lead>[?&;])(?P<name>[^=&;\s\"'#?]+)=(?P<value>[^&;\s\"'#]*)")


def _hide(match: re.Match[str]) -> str:
    name = match["name"]
    if unquote_plus(name).strip().lower() in CREDENTIALS:
        return f"{match['lead']}{name}=***"
    return match[0]


def redact(text: str) -> str:
    """`text` with the value of every credential in a URL query replaced by `***`."""
    return QUERY_PAIR.sub(_hide, text) if "=" in text else text


class RedactTokens(logging.Filter):
    """A logging filter that redacts credentials in a record's message and arguments."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record in place; never drops it."""
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


def install() -> None:
    """Redact credentials in uvicorn's access and error logs (the latter logs WebSocket
    paths) and in ludoteca's own."""
    for name in ("uvicorn.access", "uvicorn.error", "ludoteca.web"):
        logging.getLogger(name).addFilter(RedactTokens())
