"""Game options: declared once per game, validated with clear messages."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.core.errors import OptionError

FileContent = dict[str, str]
"""An uploaded data file: `{"name": shown name, "content": its text}`."""
OptionValue = str | int | bool | FileContent | None
MAX_DATA_FILE = 256 * 1024
"""Bytes of a data file's content (a deck file is about 14 KB, a roster 2 KB)."""
MAX_FILE_NAME = 100


class DataFile:
    """The kind of an option whose value is a data file (a deck, a roster, a league).

    Its value is never a path: `None` (the game's default), the name of a preset the
    game ships (`Option.choices`), or content `{"name": ..., "content": ...}` that the
    game parses in memory. Only the command line reads paths (`datafile.inline_paths`).
    """


@dataclass(frozen=True)
class Option:
    """One option a game accepts (`variant`, `length`, `deck`, ...)."""

    name: str
    default: OptionValue
    help: str
    kind: type = str
    choices: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    """The option's name in a few words for players (the lobby); empty: its `name`."""
    advanced: bool = False
    """Folded away in the lobby: data files, simulation limits, rare variants."""

    def parse(self, game: str, value: object) -> OptionValue:
        """Return `value` converted to this option's type, or raise `OptionError`."""
        where = f"option '{self.name}' of {game}"
        if value is None:
            if self.default is None:
                return None
            raise OptionError(f"{where} needs a value")
        if self.kind is DataFile:
            return _parse_file(where, self.choices or (), value)
        if self.kind is bool:
            return _parse_bool(where, value)
        if self.kind is int:
            number = _parse_int(where, value)
            if self.minimum is not None and number < self.minimum:
                raise OptionError(f"{where} must be at least {self.minimum}, got {number}")
            if self.maximum is not None and number > self.maximum:
                raise OptionError(f"{where} must be at most {self.maximum}, got {number}")
            return number
        if not isinstance(value, str):
            raise OptionError(f"{where} must be text, got {value!r}")
        if self.choices is not None and value not in self.choices:
            raise OptionError(f"{where} must be one of {', '.join(self.choices)}; got '{value}'")
        return value


def _parse_file(where: str, presets: tuple[str, ...], value: object) -> OptionValue:
    """A preset name or uploaded content; anything else (a path) is refused."""
    offered = f"one of the presets {', '.join(presets)} or " if presets else ""
    if isinstance(value, str):
        if value in presets:
            return value
        # The value is not echoed: the message is the same whatever file it may name.
        raise OptionError(
            f"{where} must be {offered}uploaded content {{name, content}}; "
            "a path or other text is not accepted"
        )
    if not isinstance(value, dict) or set(value) != {"name", "content"}:
        raise OptionError(f"{where} must be {offered}uploaded content {{name, content}}")
    name, content = value["name"], value["content"]
    if not isinstance(name, str) or not 0 < len(name) <= MAX_FILE_NAME:
        raise OptionError(f"{where}: 'name' must be a text of 1 to {MAX_FILE_NAME} characters")
    if not isinstance(content, str):
        raise OptionError(f"{where}: 'content' must be the file's text")
    try:
        size = len(content.encode("utf-8"))
    except UnicodeEncodeError:
        raise OptionError(f"{where}: content is not UTF-8 text") from None
    if size > MAX_DATA_FILE:
        raise OptionError(f"{where}: content is larger than the limit of {MAX_DATA_FILE:,} bytes")
    return {"name": name, "content": content}


def file_source(value: OptionValue) -> tuple[str, str] | None:
    """`(name, text)` of an uploaded file option's value; None for a preset or the default."""
    if isinstance(value, dict):
        return value["name"], value["content"]
    return None


def _parse_bool(where: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on"):
        return True
    if isinstance(value, str) and value.lower() in ("0", "false", "no", "off"):
        return False
    raise OptionError(f"{where} must be true or false, got {value!r}")


def _parse_int(where: str, value: object) -> int:
    if isinstance(value, bool):
        raise OptionError(f"{where} must be a whole number, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            pass
    raise OptionError(f"{where} must be a whole number, got {value!r}")


def validate_options(
    game: str, declared: tuple[Option, ...], given: Mapping[str, Any]
) -> dict[str, OptionValue]:
    """Return every declared option's value: `given` parsed, the rest defaulted."""
    known = {option.name: option for option in declared}
    unknown = sorted(set(given) - set(known))
    if unknown:
        listing = ", ".join(sorted(known)) or "none"
        raise OptionError(f"unknown option '{unknown[0]}' for {game} (known options: {listing})")
    values: dict[str, OptionValue] = {}
    for option in declared:
        if option.name in given:
            values[option.name] = option.parse(game, given[option.name])
        else:
            values[option.name] = option.default
    return values
