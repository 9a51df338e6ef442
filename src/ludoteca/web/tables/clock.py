"""The move clock of a table (optional, chosen when it is made): Fischer increment.

Each person's seat starts with `minutes`; while it is that seat's turn its time runs;
every move it makes adds `increment` seconds. Computer seats have no clock. When a
person's time runs out, the game's medium computer makes that move for them (the move
goes through the same checks and log as any other, marked in the table's time-outs), and
the increment of that move is what they have for their next one: with no increment,
every later move of theirs is the computer's. Every game keeps its own rules; the clock
only decides who chooses a move (docs/web.md, "The move clock").

The clock is computed from the action log's times, so a restart loses none of it:
turn k starts at the table's creation (k = 0) or at move k - 1, and is charged to the
seat whose turn it was, from that start or from when its person sat down if later: a
clock runs only for a seated person (an open seat's waiting is nobody's time).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ludoteca.core.i18n import _
from ludoteca.web.shared.errors import bad_request

MAX_MINUTES = 180
MAX_INCREMENT = 600


@dataclass(frozen=True)
class ClockRule:
    """`minutes` at the start for every person's seat, `increment` seconds a move."""

    minutes: int
    increment: int

    def to_json(self) -> dict[str, int]:
        """As stored with the table and shown in its views."""
        return {"minutes": self.minutes, "increment": self.increment}


def clock_rule(value: Any) -> ClockRule | None:
    """The clock a new table asks for: None (no clock) or `{minutes, increment}` with
    1 to `MAX_MINUTES` minutes and 0 to `MAX_INCREMENT` seconds; 400 otherwise."""
    if value is None:
        return None
    if not isinstance(value, dict) or not set(value) <= {"minutes", "increment"}:
        raise bad_request(_("field 'clock' must be an object {minutes, increment}"))
    minutes = _whole(value.get("minutes"), "minutes", 1, MAX_MINUTES)
    increment = _whole(value.get("increment", 0), "increment", 0, MAX_INCREMENT)
    return ClockRule(minutes, increment)


def _whole(number: Any, name: str, low: int, top: int) -> int:
    if isinstance(number, bool) or not isinstance(number, int) or not low <= number <= top:
        raise bad_request(
            _(
                "clock.{name} must be a whole number from {low} to {top}",
                name=name,
                low=low,
                top=top,
            )
        )
    return number


def remaining(
    rule: ClockRule,
    people: set[int],
    started: datetime,
    turns: Sequence[int | None],
    times: Sequence[datetime],
    movers: Sequence[int],
    joined: Mapping[int, datetime] | None = None,
) -> dict[int, float]:
    """Seconds left to each person's seat at the start of the current turn.

    `turns[k]` is whose turn it was before move k, `times[k]` when move k was stored and
    `movers[k]` the seat that made it (the same as `turns[k]` in a game of turns);
    `joined[seat]` is when a seat's person sat down at a table already made.
    """
    left = {seat: rule.minutes * 60.0 for seat in people}
    joined = joined or {}
    start = started
    for turn, moved_at, mover in zip(turns, times, movers, strict=True):
        if turn in left:
            spent = (moved_at - max(start, joined.get(turn, start))).total_seconds()
            left[turn] = max(0.0, left[turn] - max(0.0, spent))
        if mover in left:
            left[mover] += rule.increment
        start = moved_at
    return left


def clock_view(
    rule: ClockRule,
    left: dict[int, float],
    running: int | None,
    since: datetime,
    timeouts: Sequence[tuple[int, int]],
) -> dict[str, Any]:
    """The clock as every view shows it: the rule, each person's seconds at the start of
    this turn, whose clock runs (None: nobody's) and since when, and the time-outs so far
    as (move index, seat)."""
    return {
        **rule.to_json(),
        "remaining": {str(seat): round(seconds, 3) for seat, seconds in sorted(left.items())},
        "running": running,
        "since": since.isoformat(),
        "timeouts": [{"index": index, "seat": seat} for index, seat in timeouts],
    }
