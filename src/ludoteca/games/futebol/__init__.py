"""Futebol: the soccer board game of rulebook 003 (1v1 or teams of three)."""

from ludoteca.games.futebol.game import FutebolGame

#: The engine's modules the optional compiled build compiles with mypyc
#: (`scripts/compile.py`): its state and rules, not its views, agents or data.
COMPILED = (
    "geometry",
    "config",
    "fields",
    "fouls",
    "game",
    "legal",
    "pawns",
    "reach",
    "state",
)

__all__ = ["FutebolGame"]
