"""Keep seat tokens out of the server's logs: uvicorn logs request paths with their query."""

from __future__ import annotations

import logging
import re

TOKEN_IN_QUERY = re.compile(r"(token=)[^&\s\"]+")


def redact(text: str) -> str:
    """`text` with every `token=...` value replaced by `***`."""
    return TOKEN_IN_QUERY.sub(r"\1***", text)


class RedactTokens(logging.Filter):
    """A logging filter that redacts tokens in a record's message and arguments."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record in place; never drops it."""
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


def install() -> None:
    """Redact tokens in uvicorn's access and error logs (the latter logs WebSocket paths)."""
    for name in ("uvicorn.access", "uvicorn.error"):
        logging.getLogger(name).addFilter(RedactTokens())
