"""Reading the data files games keep (boards, decks, rosters): one way, one kind of error."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from ludoteca.core.errors import DataFileError


def read_toml(path: Path, what: str) -> dict[str, Any]:
    """The TOML document at `path`; a missing or malformed file raises `DataFileError`.

    `what` names the kind of file in the message ("board file", "roster file").
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataFileError(f"{what} {path}: cannot read it ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise DataFileError(f"{what} {path}: not UTF-8 text") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(f"{what} {path}: not valid TOML ({exc})") from None
