"""Tournament organizer. Duel (1 v 1): Swiss rounds, standings, top cut."""

from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.players import Match, Player, Result, Round
from ludoteca.tournament.scoring import points, timed_result
from ludoteca.tournament.standings import Standing, compute_standings
from ludoteca.tournament.swiss import Pairing, pair_swiss, rulebook_pairing
from ludoteca.tournament.topcut import TopCut, bracket_order

__all__ = [
    "DuelEvent",
    "Match",
    "Pairing",
    "Player",
    "Result",
    "Round",
    "Standing",
    "TopCut",
    "bracket_order",
    "compute_standings",
    "pair_swiss",
    "points",
    "rulebook_pairing",
    "timed_result",
]
