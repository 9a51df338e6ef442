"""Reading the data files games keep (boards, decks, rosters): one way, one kind of error.

Every read of a file named from outside goes through `read_bounded`: regular files
only (a FIFO, a device or a directory is refused without blocking), at most
`MAX_DATA_FILE` bytes, UTF-8 text.
"""

from __future__ import annotations

import json
import os
import stat
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ludoteca.core.errors import DataFileError
from ludoteca.core.i18n import _
from ludoteca.core.options import MAX_DATA_FILE, DataFile, FileContent, Option
from ludoteca.core.parsing import Malformed, load_json, load_toml

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)


def read_bounded(path: Path, what: str, limit: int = MAX_DATA_FILE) -> str:
    """The UTF-8 text of the regular file at `path`, at most `limit` bytes.

    Opened without blocking (a named pipe never waits for a writer); anything but a
    regular file, a longer file, or bytes that are not UTF-8 raise `DataFileError`.
    `what` names the kind of file in the message ("deck file").
    """
    try:
        descriptor = os.open(path, _FLAGS)
    except OSError as exc:
        raise _unreadable(what, path, exc) from None
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise DataFileError(_("{what} {path}: not a regular file", what=what, path=str(path)))
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(descriptor, min(65536, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise _unreadable(what, path, exc) from None
    finally:
        os.close(descriptor)
    if size > limit:
        raise DataFileError(
            _(
                "{what} {path}: larger than the limit of {limit} bytes",
                what=what,
                path=str(path),
                limit=format(limit, ","),
            )
        )
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise DataFileError(_("{what} {path}: not UTF-8 text", what=what, path=str(path))) from None


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """The TOML document in `text` (`parsing.load_toml`: numbers and nesting bounded);
    malformed text raises `DataFileError` naming `source`."""
    try:
        return load_toml(text)
    except Malformed as exc:
        raise DataFileError(_("{source}: {reason}", source=source, reason=str(exc))) from None
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(
            _("{source}: not valid TOML ({exc})", source=source, exc=str(exc))
        ) from None


def parse_json(text: str, source: str) -> Any:
    """The JSON value in `text` (`parsing.load_json`: numbers and nesting bounded);
    malformed text raises `DataFileError` naming `source` and the line."""
    try:
        return load_json(text)
    except Malformed as exc:
        raise DataFileError(_("{source}: {reason}", source=source, reason=str(exc))) from None
    except json.JSONDecodeError as exc:
        raise DataFileError(
            _(
                "{source}: not valid JSON (line {lineno}: {msg})",
                source=source,
                lineno=exc.lineno,
                msg=exc.msg,
            )
        ) from None


def read_toml(path: Path, what: str) -> dict[str, Any]:
    """The TOML document at `path` (read by `read_bounded`); errors raise `DataFileError`.

    `what` names the kind of file in the message ("board file", "roster file").
    """
    return parse_toml(read_bounded(path, what), f"{what} {path}")


def inline_paths(declared: tuple[Option, ...], options: Mapping[str, Any]) -> dict[str, Any]:
    """`options` with every file option given as a path replaced by the file's content.

    For the command line, where a path names the user's own file: the value becomes
    `{"name": file name, "content": text}`, so the game (and its replay) never needs
    the path again. Preset names, content and other options pass unchanged.
    """
    kinds = {option.name: option for option in declared}
    resolved = dict(options)
    for name, value in options.items():
        option = kinds.get(name)
        if option is None or option.kind is not DataFile or not isinstance(value, str):
            continue
        if option.choices and value in option.choices:
            continue
        resolved[name] = file_content(Path(value), f"option '{name}': file")
    return resolved


def file_content(path: Path, what: str = "data file") -> FileContent:
    """The file at `path` as a file option's value `{"name", "content"}` (`read_bounded`)."""
    return {"name": path.name, "content": read_bounded(path, what)}


def _unreadable(what: str, path: Path, exc: OSError) -> DataFileError:
    return DataFileError(
        _(
            "{what} {path}: cannot read it ({strerror})",
            what=what,
            path=str(path),
            strerror=str(exc.strerror),
        )
    )


def whole_number(data: Mapping[str, Any], key: str, where: str, low: int, high: int) -> int:
    """Field `key` of a data file's table `data`, a whole number from `low` to `high`
    (else `DataFileError` naming `where` and the field)."""
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise DataFileError(
            _(
                "{where}: field '{key}' must be a whole number {low}-{high}",
                where=where,
                key=key,
                low=low,
                high=high,
            )
        )
    return value
