"""Round lengths and the round clock (*rodadas de 60 / 105 minutos*)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from ludoteca.core.errors import IllegalAction, OptionError
from ludoteca.core.i18n import _


class Format(Enum):
    """The two official formats (*modalidades*)."""

    DUEL = "duel"
    MELEE = "melee"


DEFAULT_MINUTES = {Format.DUEL: 60, Format.MELEE: 105}
"""Rulebook: Duelo "rodadas de 60 minutos"; Luta pelo Poder "rodadas de 105 minutos"."""

ADJUSTED_MINUTES = (90, 120)
"""Rulebook, both formats: "Os Organizadores do Torneio (OT) podem alterar este número
para 90 minutos ou 120 minutos"."""


def round_minutes(event_format: Format | str, minutes: int | None = None) -> int:
    """Length of a round in minutes: the format's default, or 90 or 120 if chosen.

    Rulebook, Regras Oficiais: Duelo / Luta pelo Poder (first paragraph of each).
    """
    try:
        fmt = Format(event_format)
    except ValueError:
        raise OptionError(
            _(
                "unknown event format {event_format}; expected 'duel' or 'melee'",
                event_format=repr(event_format),
            )
        ) from None
    if minutes is None:
        return DEFAULT_MINUTES[fmt]
    allowed = (DEFAULT_MINUTES[fmt], *ADJUSTED_MINUTES)
    if minutes not in allowed:
        raise OptionError(
            _(
                "a {format} round lasts {allowed} minutes, not {minutes}",
                format=fmt.value,
                allowed=" or ".join(map(str, allowed)),
                minutes=minutes,
            )
        )
    return minutes


@dataclass
class RoundClock:
    """A round's countdown; `now` returns seconds (inject a fake clock in tests)."""

    minutes: int
    now: Callable[[], float] = field(default=time.monotonic, repr=False)
    started_at: float | None = None

    @classmethod
    def for_round(
        cls,
        event_format: Format | str,
        minutes: int | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> RoundClock:
        """A clock of the rulebook length for `event_format` (see `round_minutes`)."""
        return cls(round_minutes(event_format, minutes), now)

    def start(self) -> None:
        """Start the round; a round starts once."""
        if self.started_at is not None:
            raise IllegalAction(_("this round clock is already running"))
        self.started_at = self.now()

    def elapsed(self) -> float:
        """Seconds since the start (0 before it)."""
        return 0.0 if self.started_at is None else max(0.0, self.now() - self.started_at)

    def remaining(self) -> float:
        """Seconds left, never below 0; the full length before the start."""
        return max(0.0, self.minutes * 60 - self.elapsed())

    @property
    def expired(self) -> bool:
        """True once time is up: unfinished games are scored as timed results."""
        return self.started_at is not None and self.remaining() == 0.0

    def display(self) -> str:
        """Remaining time as MM:SS, rounded up to the second, e.g. '104:59'."""
        left = int(-(-self.remaining() // 1))
        return f"{left // 60:02d}:{left % 60:02d}"
