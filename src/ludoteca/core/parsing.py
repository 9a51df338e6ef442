"""JSON and TOML from outside (a request, an upload, a file named on the command line),
parsed with bounds: no whole number longer than `MAX_DIGITS` digits, no nesting deeper
than asked, no NaN or infinity in JSON. What breaks a bound is `Malformed`, a
`ValueError` whose message says which bound, as malformed text is; never a traceback.

Python refuses to convert integers of more than 4,300 digits (a `ValueError` from deep
inside the parser) and recurses once per level of nesting: both are caught here.
"""

from __future__ import annotations

import json
import math
import tomllib
from typing import Any

from ludoteca.core.i18n import _

MAX_DIGITS = 20
"""Digits a whole number may have: a seed (at most 2**63 - 1) has 19."""
MAX_NESTING = 32
"""Levels of nested lists and tables a data file may have (a deck or a board needs 4)."""


class Malformed(ValueError):
    """Text that parses to something beyond a bound (the message names it)."""


def _too_long() -> Malformed:
    return Malformed(_("a number longer than {limit} digits", limit=MAX_DIGITS))


def _too_deep(max_depth: int) -> Malformed:
    return Malformed(_("nested more than {max_depth} levels deep", max_depth=max_depth))


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _too_long()
    return int(text)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise Malformed(_("the number {text} is too large", text=text[:40]))
    return value


def _constant(name: str) -> float:
    raise Malformed(_("{name} is not a number JSON allows", name=name))


def load_json(text: str | bytes, max_depth: int = MAX_NESTING) -> Any:
    """The JSON value of `text`; `json.JSONDecodeError` if malformed, `Malformed` past a
    bound (bytes that are not UTF-8: `UnicodeDecodeError`)."""
    try:
        data = json.loads(text, parse_int=_whole, parse_float=_finite, parse_constant=_constant)
    except RecursionError:
        raise _too_deep(max_depth) from None
    check_bounds(data, max_depth)
    return data


def load_toml(text: str, max_depth: int = MAX_NESTING) -> dict[str, Any]:
    """The TOML document in `text`; `tomllib.TOMLDecodeError` if malformed, `Malformed`
    past a bound."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise
    except RecursionError:
        raise _too_deep(max_depth) from None
    except ValueError:  # an integer past the 4,300 digits Python converts
        raise _too_long() from None
    check_bounds(data, max_depth)
    return data


def check_bounds(data: object, max_depth: int) -> None:
    """`Malformed` if `data` nests lists and tables more than `max_depth` levels or holds a
    whole number longer than `MAX_DIGITS` digits (iterative: any depth is safe)."""
    limit = 10**MAX_DIGITS
    level: list[tuple[object, int]] = [(data, 1)]
    while level:
        value, depth = level.pop()
        if isinstance(value, dict | list):
            if depth > max_depth:
                raise _too_deep(max_depth)
            items = value.values() if isinstance(value, dict) else value
            level.extend((item, depth + 1) for item in items)
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= limit:
            raise _too_long()
