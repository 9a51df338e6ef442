"""The event log: a readable line for every chance outcome and decision."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the log; `seats` is who may read it (None: everyone)."""

    text: str
    seats: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """True if `seat` (None: a spectator) may read this line."""
        return self.seats is None or (seat is not None and seat in self.seats)
