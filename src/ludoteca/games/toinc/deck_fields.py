"""Field readers for data files: each refuses a bad value with one `DataFileError`.

`Where` names the place (file, section, index, card id); the readers check a value's
type and range and name the field in the message.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NoReturn, TypeVar

from ludoteca.core import DataFileError

E = TypeVar("E", bound=StrEnum)


class Where:
    """Where a value sits in the file: file label, section, index and card id."""

    def __init__(self, source: str, section: str, index: int | None = None) -> None:
        self.source = source
        self.section = section
        self.index = index
        self.card_id: str | None = None

    def fail(self, field: str | None, message: str) -> NoReturn:
        """Raise the one-line `DataFileError` for this place."""
        place = self.section if self.index is None else f"{self.section}[{self.index}]"
        if self.card_id is not None:
            place = f"card {self.card_id} ({place})"
        where = f", field '{field}'" if field else ""
        raise DataFileError(f"{self.source}: {place}{where}: {message}")


def check_keys(
    ctx: Where,
    table: Mapping[str, Any],
    required: tuple[str, ...],
    optional: tuple[str, ...],
    prefix: str | None = None,
) -> None:
    """Refuse a missing required key or an unknown key (the first, in file order)."""
    allowed = (*required, *optional)
    for key in table:
        if key not in allowed:
            field = f"{prefix}.{key}" if prefix else key
            ctx.fail(field, f"unknown field (expected: {', '.join(allowed)})")
    for key in required:
        if key not in table:
            ctx.fail(f"{prefix}.{key}" if prefix else key, "missing required field")


def table(ctx: Where, field: str | None, value: object) -> Mapping[str, Any]:
    """`value` if it is a TOML table."""
    if not isinstance(value, dict):
        ctx.fail(field, f"must be a table, not {type_name(value)}")
    return value


def text(ctx: Where, field: str, value: object) -> str:
    """`value` if it is a non-blank string of at most 40 characters."""
    if not isinstance(value, str) or not value.strip() or len(value) > 40:
        ctx.fail(field, f"must be a non-empty string of at most 40 characters, not {show(value)}")
    return value


def integer(ctx: Where, field: str, value: object, allowed: range) -> int:
    """`value` if it is an integer (not a boolean) within `allowed`."""
    if isinstance(value, bool) or not isinstance(value, int):
        ctx.fail(field, f"must be an integer, not {type_name(value)}")
    if value not in allowed:
        ctx.fail(field, f"{value} is out of range ({allowed.start}..{allowed.stop - 1})")
    return value


def boolean(ctx: Where, field: str, value: object) -> bool:
    """`value` if it is true or false."""
    if not isinstance(value, bool):
        ctx.fail(field, f"must be true or false, not {type_name(value)}")
    return value


def member(ctx: Where, field: str, value: object, enum: type[E]) -> E:
    """The member of `enum` whose value is `value`."""
    for item in enum:
        if item.value == value:
            return item
    known = ", ".join(item.value for item in enum)
    ctx.fail(field, f"unknown value {show(value)} (expected one of {known})")


def an(word: str) -> str:
    """`word` with its indefinite article."""
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def type_name(value: object) -> str:
    """A TOML-flavoured name for the type of `value`, for error messages."""
    names = {bool: "a boolean", int: "an integer", float: "a float", str: "a string"}
    names |= {list: "an array", dict: "a table"}
    return names.get(type(value), type(value).__name__)


def show(value: object) -> str:
    """`repr(value)`, cut to 30 characters for a one-line message."""
    shown = repr(value)
    return shown if len(shown) <= 30 else shown[:27] + "..."
