"""The event log: a line for every chance outcome and decision, kept as a `Text` so each
reader sees it in their own language."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ludoteca.core.i18n import Text, current, players, using


@dataclass(slots=True)
class Event:
    """One line of the log; `seats` is who may read it (None: everyone). Never changed once
    logged (not frozen: a game logs thousands a second, and frozen is slower)."""

    message: Text
    seats: frozenset[int] | None = None
    # The line as last shown, (locale, players' names, text): a log is read at every
    # observation (an agent's search reads thousands) and its lines never change.
    _shown: tuple[str, tuple[str, ...] | None, str] | None = field(
        default=None, compare=False, repr=False
    )
    # The line as `Text.to_json` writes it, made once: a page's view carries the whole log.
    _json: Any = field(default=None, compare=False, repr=False)

    @property
    def text(self) -> str:
        """The line in the current locale."""
        return self.text_in(current())

    def text_in(self, locale: str) -> str:
        """The line in `locale`, its seats named as `naming_players` names them now."""
        shown, names = self._shown, players()
        if shown is not None and shown[0] == locale and shown[1] == names:
            return shown[2]
        with using(locale):
            text = str(self.message)
        self._shown = (locale, names, text)
        return text

    def to_json(self) -> Any:
        """The line as message ids and fields (`Text.to_json`); do not modify it."""
        if self._json is None:
            self._json = self.message.to_json()
        return self._json

    def visible_to(self, seat: int | None) -> bool:
        """True if `seat` (None: a spectator) may read this line."""
        return self.seats is None or (seat is not None and seat in self.seats)
