"""Named computer levels: what the lobby offers and what a balance study plays.

`random`, `easy` (a short search), `medium` (the game's hand-written policy, instant)
and `hard` (the strongest search measured, docs/agents.md, one second a move); a game's
knowledge may add or refine levels (`GameKnowledge.levels`: Toinc and Touch down roll
out to the next play or action).
"""

from __future__ import annotations

from ludoteca.agents.knowledge import game_knowledge
from ludoteca.core.i18n import N_

PRESETS: dict[str, str] = {
    "random": "random",
    "easy": "ismcts:iterations=100",
    "medium": "heuristic",
    "hard": "ismcts:seconds=1,depth=10,rollout=heuristic,eval=heuristic,prior=heuristic",
}
"""The levels every game has, by name."""


def presets_for(game: str | None) -> dict[str, str]:
    """The computer levels for `game`: `PRESETS` with the game's own."""
    given = game_knowledge(game) if game else None
    return {**PRESETS, **(given.levels if given else {})}


def level_spec(game: str | None, spec: str) -> str:
    """The agent spec a level name stands for in `game` (any other spec as given)."""
    return presets_for(game).get(spec, spec)


LEVEL_WORDS = {
    "random": N_("random"),
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
}
"""The lobby's levels in the reader's words (a game's own levels are named by their key)."""


def level_of(game: str | None, spec: str | None) -> str | None:
    """The level (`medium`) whose spec a computer seat plays, None for another spec."""
    if spec is None:
        return None
    chosen = level_spec(game, spec)
    return next((level for level, given in presets_for(game).items() if given == chosen), None)
