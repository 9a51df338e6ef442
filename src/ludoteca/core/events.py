"""The event log: a line for every chance outcome and decision, kept as a `Text` so each
reader sees it in their own language."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, TypeAlias

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
    # `_json` as compact JSON text, keys sorted: an information state holds the whole log.
    _dumped: str | None = field(default=None, compare=False, repr=False)

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

    def dumped(self) -> str:
        """`to_json` as compact JSON text with sorted keys, made once."""
        if self._dumped is None:
            self._dumped = compact(self.to_json())
        return self._dumped

    def visible_to(self, seat: int | None) -> bool:
        """True if `seat` (None: a spectator) may read this line."""
        return self.seats is None or (seat is not None and seat in self.seats)


def compact(value: Any) -> str:
    """`value` as compact JSON text with sorted keys (what an information state holds)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


Reading: TypeAlias = "tuple[int, Event | None, str]"
"""What `read` wrote of a log: the lines it covered, the last of them, and the text."""


def read(events: list[Event], seat: int, known: Reading | None) -> Reading:
    """The lines of `events` that `seat` may read, as `Event.dumped` texts joined by commas;
    `known` (what `read` wrote of an earlier form of this log, if it still begins with the
    same lines) is extended rather than written again."""
    start, text = 0, ""
    if known is not None:
        count, last, done = known
        if count <= len(events) and (count == 0 or events[count - 1] is last):
            start, text = count, done
    new = ",".join(e.dumped() for e in islice(events, start, None) if e.visible_to(seat))
    if new:
        text = f"{text},{new}" if text else new
    return len(events), events[-1] if events else None, text
