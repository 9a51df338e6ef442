"""Standings as plain rows: the CLI's table, the web's standings and the exports."""

from __future__ import annotations

from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.melee import MeleeEvent


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
