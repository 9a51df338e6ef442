"""Standings as plain rows: the CLI's table, the web's standings and the exports."""

from __future__ import annotations

from ludoteca.core.i18n import N_, _
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.melee import MeleeEvent

COLUMNS = {
    "place": N_("final place"),
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
    "sos": N_("SoS"),
    "esos": N_("eSoS"),
    "omw": N_("OMW%"),
    "gw": N_("GW%"),
    "ogw": N_("OGW%"),
}
"""The standings' columns by key (the JSON export's keys), as people read them."""


def column_label(key: str) -> str:
    """A standings column's heading in the current language (CLI table, CSV export)."""
    return _(COLUMNS[key]) if key in COLUMNS else key


PERCENT = ("omw", "gw", "ogw")
"""Tiebreaks shown as percentages (MTR Appendix C's); the others as numbers (Cobra's)."""


def _tiebreaks(values: tuple[tuple[str, float], ...]) -> dict[str, object]:
    """A rule set's tiebreaks as columns: percentages to 2 decimals, others to 4."""
    return {
        name: round(100 * value, 2) if name in PERCENT else round(value, 4)
        for name, value in values
    }


def final_places(event: DuelEvent | MeleeEvent) -> dict[str, int] | None:
    """Each player's final place once the event is decided (a Duel's top cut finished, a
    Melee's final table reported), else None; keyed by a Duel's player id, a Melee's
    player number as text."""
    ranking: list[str] | list[int]
    if isinstance(event, DuelEvent):
        if event.top_cut is None or not event.top_cut.finished:
            return None
        ranking = event.final_ranking()
    else:
        if event.final is None or event.final.powers is None:
            return None
        ranking = event.final_ranking()
    return {str(player): place for place, player in enumerate(ranking, start=1)}


def standings_rows(event: DuelEvent | MeleeEvent) -> list[dict[str, object]]:
    """One row per player: by final place, first column, once the event is decided (the
    cut, the final table); before, in Swiss (preliminary) rank order."""
    rows = _ranked_rows(event)
    places = final_places(event)
    if places is None:
        return rows
    key = "id" if isinstance(event, DuelEvent) else "number"
    rows.sort(key=lambda row: places[str(row[key])])
    return [{"place": places[str(row[key])], **row} for row in rows]


def _ranked_rows(event: DuelEvent | MeleeEvent) -> list[dict[str, object]]:
    if isinstance(event, DuelEvent):
        by_result = event.rules.report == "result"
        return [
            {
                "rank": s.rank,
                "player": event.players[s.player_id].name,
                "id": s.player_id,
                "points": s.points,
                **({"strength": s.strength} if by_result else _tiebreaks(s.tiebreaks)),
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
