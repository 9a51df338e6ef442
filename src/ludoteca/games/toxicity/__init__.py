"""Toxicity 101 (rulebook 002_63c166e14cfde109.txt, Portuguese)."""

#: The engine's modules the optional compiled build compiles with mypyc
#: (`scripts/compile.py`): its state and rules, not its views, agents or data.
COMPILED = (
    "abilities",
    "geometry",
    "cards",
    "config",
    "data",
    "fields",
    "fog",
    "game",
    "hidden",
    "items",
    "moves",
    "pawn",
    "rounds",
    "state",
)
