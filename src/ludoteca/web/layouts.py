"""Public, fixed data a game's SVG board needs besides the observation (its layout).

One entry per game with a board module in `static/boards/`; it depends on the
game's options only, never on the state, so it can hide nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludoteca.core import Game


def _futebol(game: Game) -> dict[str, Any]:
    board = getattr(game, "board")  # noqa: B009  (futebol's Board, loaded from its data file)
    return {"rows": list(board.rows), "name": board.name}


def _toxicity(game: Game) -> dict[str, Any]:
    data = getattr(game, "data")  # noqa: B009  (toxicity's ToxicityData, from its data file)
    return {
        "columns": data.columns,
        "rows": data.rows,
        "zones": [list(zone) for zone in data.zones],
    }


LAYOUTS: dict[str, Callable[[Game], dict[str, Any]]] = {
    "futebol": _futebol,
    "toxicity": _toxicity,
}


def layout_of(game: Game) -> dict[str, Any] | None:
    """The board layout of `game` for its SVG view, or None if it has no board module."""
    make = LAYOUTS.get(game.info.name)
    return None if make is None else make(game)
