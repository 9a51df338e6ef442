"""How long a game takes people in real time: a range of minutes, rounded to five.

A game's `Game.real_minutes` gives it for its configuration (the rulebook's figure where
the rulebook gives one, scaled to the configuration); the lobby and the table show it.
"""

from __future__ import annotations

import math

Minutes = tuple[int, int | None]
"""(least, most) real minutes; `most` None: the rulebook gives no upper bound ("30+")."""

STEP = 5
"""Minutes are shown to the nearest five below (least) and above (most)."""


def minutes_range(least: float, most: float | None) -> Minutes:
    """`least` rounded down and `most` rounded up to a multiple of `STEP`, never under
    `STEP` and never `most` under `least`."""
    low = max(STEP, STEP * math.floor(least / STEP))
    if most is None:
        return (low, None)
    return (low, max(low, STEP * math.ceil(most / STEP)))
