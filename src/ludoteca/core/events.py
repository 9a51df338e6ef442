"""The event log: a line for every chance outcome and decision, kept as a `Text` so each
reader sees it in their own language."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core.i18n import Text


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the log; `seats` is who may read it (None: everyone)."""

    message: Text
    seats: frozenset[int] | None = None

    @property
    def text(self) -> str:
        """The line in the current locale."""
        return str(self.message)

    def visible_to(self, seat: int | None) -> bool:
        """True if `seat` (None: a spectator) may read this line."""
        return self.seats is None or (seat is not None and seat in self.seats)
