"""Touch down (Lu(ri)doteca, 2004): grid American football by its rulebook."""

from ludoteca.games.touchdown.game import TouchdownGame

#: The engine's modules the optional compiled build compiles with mypyc
#: (`scripts/compile.py`): its state and rules, not its views, agents or data.
COMPILED = (
    "admin",
    "geometry",
    "config",
    "fields",
    "formation",
    "game",
    "kicks",
    "movement",
    "paths",
    "plays",
    "reach",
    "roster",
    "state",
    "tables",
    "tackles",
    "verbs",
)

__all__ = ["TouchdownGame"]
