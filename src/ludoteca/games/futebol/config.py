"""A futebol game's settings as its options make them: the board, the mode and format,
the turn limit (read by the state and rule modules; `FutebolGame` adds the registry's side)."""

from __future__ import annotations

import sys

from ludoteca.core import Game, OptionError
from ludoteca.core.i18n import _
from ludoteca.games.futebol.action import Verb
from ludoteca.games.futebol.geometry import Board, load_board
from ludoteca.games.futebol.pawns import PAWNS_PER_SIDE, pawn_name


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

    def _action_space(self) -> list[str]:
        """Every action of `legal.py` on this board: the pawns' moves, passes, steals,
        kick-offs, substitutions and goalkeepers, the placements, and the fixed words."""
        cells = self.board.cell_names
        pawns = [pawn_name(p) for p in range(2 * PAWNS_PER_SIDE)]
        labels = self.board.labels
        space = [action for row in labels.move for action in row]
        space += [*labels.passes, *labels.long, *labels.steal]
        space += [f"{verb}:{name}" for verb in ("kickoff", "sub") for name in pawns]
        space += [Verb.PLACE.of(cell) for cell in cells]
        space += [Verb.KEEPER.of(pawn, cell) for pawn in pawns for cell in cells]
        space += ["keeper:none", "skip", "end", "call:coaching", "coaching:admit"]
        space += ["coaching:deny", *(f"{verb}:{n}" for verb in ("aim", "dive") for n in "123")]
        return space

    @property
    def num_seats(self) -> int:
        """2 seats in 1v1; 6 in teams (seats 0, 2, 4 Blue; 1, 3, 5 Orange)."""
        return 6 if self.teams else 2
