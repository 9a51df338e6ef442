"""Game options: declared once per game, validated with clear messages."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.core.errors import OptionError
from ludoteca.core.i18n import _

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


SHOWN = 64
"""Characters of a refused value a message repeats (a request's value may be huge)."""


def _shown(text: str) -> str:
    """`text` as an error message repeats it: at most `SHOWN` characters."""
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def _number(number: int) -> int | str:
    """An option's number as a message repeats it (`_shown` if it is very long)."""
    return number if len(str(abs(number))) < SHOWN else _shown(str(number))


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
        where = _("option '{name}' of {game}", name=self.name, game=game)
        if value is None:
            if self.default is None:
                return None
            raise OptionError(_("{where} needs a value", where=where))
        if self.kind is DataFile:
            return _parse_file(where, self.choices or (), value)
        if self.kind is bool:
            return _parse_bool(where, value)
        if self.kind is int:
            number = _parse_int(where, value)
            if self.minimum is not None and number < self.minimum:
                raise OptionError(
                    _(
                        "{where} must be at least {minimum}, got {number}",
                        where=where,
                        minimum=self.minimum,
                        number=_number(number),
                    )
                )
            if self.maximum is not None and number > self.maximum:
                raise OptionError(
                    _(
                        "{where} must be at most {maximum}, got {number}",
                        where=where,
                        maximum=self.maximum,
                        number=_number(number),
                    )
                )
            return number
        if not isinstance(value, str):
            raise OptionError(
                _("{where} must be text, got {value}", where=where, value=_shown(repr(value)))
            )
        if self.choices is not None and value not in self.choices:
            raise OptionError(
                _(
                    "{where} must be one of {choices}; got '{value}'",
                    where=where,
                    choices=", ".join(self.choices),
                    value=_shown(value),
                )
            )
        return value


def _parse_file(where: str, presets: tuple[str, ...], value: object) -> OptionValue:
    """A preset name or uploaded content; anything else (a path) is refused."""
    offered = _("one of the presets {presets} or ", presets=", ".join(presets)) if presets else ""
    if isinstance(value, str):
        if value in presets:
            return value
        # The value is not echoed: the message is the same whatever file it may name.
        raise OptionError(
            _(
                "{where} must be {offered}uploaded content {{name, content}}; "
                "a path or other text is not accepted",
                where=where,
                offered=offered,
            )
        )
    if not isinstance(value, dict) or set(value) != {"name", "content"}:
        raise OptionError(
            _(
                "{where} must be {offered}uploaded content {{name, content}}",
                where=where,
                offered=offered,
            )
        )
    name, content = value["name"], value["content"]
    if not isinstance(name, str) or not 0 < len(name) <= MAX_FILE_NAME:
        raise OptionError(
            _(
                "{where}: 'name' must be a text of 1 to {max_file_name} characters",
                where=where,
                max_file_name=MAX_FILE_NAME,
            )
        )
    if not isinstance(content, str):
        raise OptionError(_("{where}: 'content' must be the file's text", where=where))
    try:
        size = len(content.encode("utf-8"))
    except UnicodeEncodeError:
        raise OptionError(_("{where}: content is not UTF-8 text", where=where)) from None
    if size > MAX_DATA_FILE:
        raise OptionError(
            _(
                "{where}: content is larger than the limit of {max_data_file} bytes",
                where=where,
                max_data_file=format(MAX_DATA_FILE, ","),
            )
        )
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
    raise OptionError(
        _("{where} must be true or false, got {value}", where=where, value=_shown(repr(value)))
    )


def _parse_int(where: str, value: object) -> int:
    if isinstance(value, bool):
        raise OptionError(
            _("{where} must be a whole number, got {value}", where=where, value=_shown(repr(value)))
        )
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            pass
    raise OptionError(
        _("{where} must be a whole number, got {value}", where=where, value=_shown(repr(value)))
    )


def validate_options(
    game: str, declared: tuple[Option, ...], given: Mapping[str, Any]
) -> dict[str, OptionValue]:
    """Return every declared option's value: `given` parsed, the rest defaulted."""
    known = {option.name: option for option in declared}
    unknown = sorted(set(given) - set(known))
    if unknown:
        listing = ", ".join(sorted(known)) or "none"
        raise OptionError(
            _(
                "unknown option '{value}' for {game} (known options: {listing})",
                value=_shown(unknown[0]),
                game=game,
                listing=listing,
            )
        )
    values: dict[str, OptionValue] = {}
    for option in declared:
        if option.name in given:
            values[option.name] = option.parse(game, given[option.name])
        else:
            values[option.name] = option.default
    return values
