"""A futebol game's settings as its options make them: the board, the mode and format,
the turn limit (read by the state and rule modules; `FutebolGame` adds the registry's side)."""

from __future__ import annotations

import sys

from ludoteca.core import Game, OptionError
from ludoteca.core.i18n import _
from ludoteca.games.futebol.board import Board, load_board


class FutebolConfig(Game):
    """The immutable part of a futebol game, derived from its options."""

    teams: bool
    coaching: bool
    golden_goal: bool
    goal_limit: int
    turn_limit: int
    max_turns: int
    board: Board

    def configure(self) -> None:
        """Load the board file and derive the mode settings."""
        options = self.options
        self.teams = options["format"] == "teams"
        self.coaching = bool(options["coaching"])
        if self.coaching and not self.teams:
            raise OptionError(_("option 'coaching' of futebol needs format=teams"))
        self.golden_goal = options["mode"] == "golden-goal"
        self.goal_limit = int(str(options["goals"]))
        self.turn_limit = int(str(options["turn_limit"]))
        self.max_turns = self.turn_limit or sys.maxsize
        self.board = load_board(str(options["board"]))

    @property
    def num_seats(self) -> int:
        """2 seats in 1v1; 6 in teams (seats 0, 2, 4 Blue; 1, 3, 5 Orange)."""
        return 6 if self.teams else 2
