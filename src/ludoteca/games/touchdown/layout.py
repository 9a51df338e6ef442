"""What Touch down's web board draws besides the observation: the grid and both squads."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.core import OptionValue
from ludoteca.games.touchdown.geometry import Board
from ludoteca.games.touchdown.roster import Card, Roster


def board_layout(
    board: Board,
    rosters: tuple[Roster, Roster],
    cards: Mapping[str, Card],
    options: Mapping[str, OptionValue],
) -> dict[str, Any]:
    """The grid's geometry, both squads' counters (number, role, tackle, speed) and the match
    length: all fixed by the options (board and roster files), none of it state."""
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
