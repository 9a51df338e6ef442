"""Futebol: the soccer board game of rulebook 003 (1v1 or teams of three)."""

from ludoteca.games.futebol.game import FutebolGame

__all__ = ["FutebolGame"]
