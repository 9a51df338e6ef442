"""Touch down (Lu(ri)doteca, 2004): grid American football by its rulebook."""

from ludoteca.games.touchdown.game import TouchdownGame

__all__ = ["TouchdownGame"]
