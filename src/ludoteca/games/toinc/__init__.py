"""Toinc: the American-football card game of its Portuguese rulebook."""

#: The engine's modules the optional compiled build compiles with mypyc
#: (`scripts/compile.py`): its state and rules, not its views, agents or data.
COMPILED = (
    "action",
    "cards",
    "fields",
    "compare",
    "config",
    "contest",
    "flow",
    "game",
    "outcome",
    "play",
    "state",
    "tables",
)
