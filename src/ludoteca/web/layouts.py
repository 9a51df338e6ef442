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


def _touchdown(game: Game) -> dict[str, Any]:
    """The grid's geometry, both squads' counters (number, role, tackle, speed) and the match
    length: all fixed by the options (board and roster files), none of it state."""
    board = getattr(game, "board")  # noqa: B009  (touchdown's Board, from its data file)
    rosters = getattr(game, "rosters")  # noqa: B009  (the two squads, from roster files)
    cards = getattr(game, "cards")  # noqa: B009  (player id -> Card)
    options = game.options
    return {
        "name": board.name,
        "width": board.width,
        "height": board.height,
        "first_field_row": board.first_field_row(),
        "last_field_row": board.last_field_row(),
        "rows_per_ten_yards": board.rows_per_ten_yards,
        "ten_yard_lines": list(board.ten_yard_lines()),
        "goal_columns": list(board.goal_columns),
        "dashed_columns": list(board.dashed_columns),
        "teams": [roster.name for roster in rosters],
        "players": {
            pid: {
                "number": card.number,
                "role": card.role,
                "tackle": card.tackle,
                "speed": card.speed,
                "experience": card.experience,
                "blitz": card.blitz,
            }
            for pid, card in cards.items()
        },
        "quarters": 4 if options["length"] == "long" else 2,
        "quarter_minutes": options["quarter_minutes"],
        "league": bool(options["league"]) or options["league_file"] is not None,
    }


LAYOUTS: dict[str, Callable[[Game], dict[str, Any]]] = {
    "futebol": _futebol,
    "toxicity": _toxicity,
    "touchdown": _touchdown,
}


def layout_of(game: Game) -> dict[str, Any] | None:
    """The board layout of `game` for its SVG view, or None if it has no board module."""
    make = LAYOUTS.get(game.info.name)
    return None if make is None else make(game)
