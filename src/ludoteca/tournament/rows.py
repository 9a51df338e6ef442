"""Standings as plain rows: the CLI's table, the web's standings and the exports."""

from __future__ import annotations

from ludoteca.core.i18n import N_, _
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.melee import MeleeEvent

COLUMNS = {
    "rank": N_("rank"),
    "player": N_("player"),
    "id": N_("id"),
    "number": N_("number"),
    "points": N_("points"),
    "strength": N_("strength of schedule"),
    "wins": N_("wins"),
    "draws": N_("draws"),
    "losses": N_("losses"),
    "byes": N_("byes"),
    "dropped": N_("dropped"),
}
"""The standings' columns by key (the JSON export's keys), as people read them."""


def column_label(key: str) -> str:
    """A standings column's heading in the current language (CLI table, CSV export)."""
    return _(COLUMNS[key]) if key in COLUMNS else key


def standings_rows(event: DuelEvent | MeleeEvent) -> list[dict[str, object]]:
    """One row per player, in rank order."""
    if isinstance(event, DuelEvent):
        return [
            {
                "rank": s.rank,
                "player": event.players[s.player_id].name,
                "id": s.player_id,
                "points": s.points,
                "strength": s.strength,
                "wins": s.wins,
                "draws": s.draws,
                "losses": s.losses,
                "byes": s.byes,
                "dropped": s.dropped,
            }
            for s in event.standings()
        ]
    return [
        {
            "rank": s.rank,
            "player": event.player(s.player).name,
            "number": s.player,
            "points": s.points,
            "strength": s.strength,
            "dropped": event.player(s.player).dropped,
        }
        for s in event.standings()
    ]
