"""Game options: declared once per game, validated with clear messages."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.core.errors import OptionError

OptionValue = str | int | bool | None


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

    def parse(self, game: str, value: object) -> OptionValue:
        """Return `value` converted to this option's type, or raise `OptionError`."""
        where = f"option '{self.name}' of {game}"
        if value is None:
            if self.default is None:
                return None
            raise OptionError(f"{where} needs a value")
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
