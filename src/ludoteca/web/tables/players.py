"""The players of a table as its pages name them: never by the engine's seat numbers.

A seat is its person's name where they gave one, "computer (medium)" for a computer at one
of the lobby's levels, else "player N" (counted from 1, as people count). Logs name seats
with `ludoteca.core.i18n.Seat`; a page writes them with these names (`naming_players`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.agents.levels import LEVEL_WORDS, level_of
from ludoteca.core.i18n import _
from ludoteca.web.shared.records import AGENT, StoredSeat


def player_names(game: str, seats: Sequence[StoredSeat]) -> tuple[str, ...]:
    """Each seat's player in the current language, distinct where two computers play."""
    computers = [seat.seat for seat in seats if seat.kind == AGENT]
    names = []
    for seat in seats:
        if seat.name:
            names.append(seat.name)
        elif seat.kind == AGENT:
            level = level_of(game, seat.agent)
            word = _(LEVEL_WORDS.get(level, level)) if level else None
            if len(computers) > 1:
                count = computers.index(seat.seat) + 1
                names.append(
                    _("computer {n} ({level})", n=count, level=word)
                    if word
                    else _("computer {n}", n=count)
                )
            else:
                names.append(_("computer ({level})", level=word) if word else _("computer"))
        else:
            names.append(_("player {n}", n=seat.seat + 1))
    return tuple(names)
