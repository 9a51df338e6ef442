"""The players of a table as its pages name them: never by the engine's seat numbers.

A seat is its person's name where they gave one, "computer (medium)" for a computer at one
of the lobby's levels, else "player N" (counted from 1, as people count). Logs name seats
with `ludoteca.core.i18n.Seat`; a page writes them with these names (`naming_players`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.agents.levels import presets_for
from ludoteca.core.i18n import N_, _
from ludoteca.web.records import AGENT, StoredSeat

LEVEL_WORDS = {
    "random": N_("random"),
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
}
"""The lobby's levels in the reader's words (a game's own levels are named by their key)."""


def level_of(game: str, spec: str | None) -> str | None:
    """The lobby level (`medium`) whose spec a computer seat plays, None for another spec."""
    if spec is None:
        return None
    return next((level for level, given in presets_for(game).items() if given == spec), None)


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
