"""A refused option value is repeated in its message at most `SHOWN` characters long: a
request may carry megabytes, and its error must stay one short line (issue 38)."""

from __future__ import annotations

import pytest

from ludoteca import games
from ludoteca.core import OptionError
from ludoteca.core.options import SHOWN


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"length": "x" * 100_000}, "must be one of"),  # a choice
        ({"practice_turns": 10**300}, "must be at most"),  # a number far too large
        ({"practice_turns": "9" * 5000}, "whole number"),  # more digits than Python parses
        ({"variant": ["x" * 1000] * 100}, "must be text"),
        ({"y" * 100_000: 1}, "unknown option"),
    ],
)
def test_a_refused_value_is_repeated_short(options: dict[str, object], says: str) -> None:
    with pytest.raises(OptionError) as refused:
        games.load("toinc", **options)
    message = str(refused.value)
    assert says in message and len(message) < 300 + SHOWN, message[:400]


def test_a_short_refused_value_is_repeated_whole() -> None:
    with pytest.raises(OptionError, match="got 'marathon'"):
        games.load("toinc", length="marathon")
