"""The futebol game: options, seats, board loading, rendering."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any, ClassVar

from ludoteca.core import Game, GameInfo, Option, OptionError, OptionValue
from ludoteca.games.futebol.board import BOARDS_DIR, Board, load_board
from ludoteca.games.futebol.render import describe, render
from ludoteca.games.futebol.state import FutebolState

BOARD_NAMES = tuple(sorted(path.stem for path in BOARDS_DIR.glob("*.toml")))


class FutebolGame(Game):
    """The soccer board game of rulebook 003: 6 pawns and a substitute a side."""

    info: ClassVar[GameInfo] = GameInfo(
        name="futebol",
        title="Futebol",
        summary=(
            "Soccer on a grid: move, pass, long and chain passes, steals with cards, "
            "rock-paper-scissors penalties; 1v1 or teams of three."
        ),
        rulebook="003_0dad2ba4e54bc6af.txt",
        min_seats=2,
        max_seats=6,
        hidden_information=True,  # the penalty pick is a hidden commitment
        chance=True,
        simultaneous=True,
        options=(
            Option(
                "mode",
                "golden-goal",
                "golden-goal or goal-limit",
                str,
                ("golden-goal", "goal-limit"),
            ),
            Option("goals", 3, "goals to win in goal-limit mode", int, None, 1, 20),
            Option(
                "format",
                "1v1",
                "1v1 (2 seats) or teams (3 seats a side, 6 in all)",
                str,
                ("1v1", "teams"),
            ),
            Option("coaching", False, "teams only: the coaching-penalty rule may be called", bool),
            Option(
                "placement",
                "free",
                "free (players place pawns) or formation (board's)",
                str,
                ("free", "formation"),
            ),
            Option(
                "turn_limit",
                0,
                "0: none, the match ends on a goal; else turns (both sides) after which "
                "the match stops unfinished, with no result (for simulations)",
                int,
                None,
                0,
                100_000,
            ),
            Option("board", "default", "board file in futebol/boards", str, BOARD_NAMES),
        ),
    )
    state_class: ClassVar[type[FutebolState]] = FutebolState

    def configure(self) -> None:
        """Load the board file and derive the mode settings."""
        options = self.options
        self.teams = options["format"] == "teams"
        self.coaching = bool(options["coaching"])
        if self.coaching and not self.teams:
            raise OptionError("option 'coaching' of futebol needs format=teams")
        self.golden_goal = options["mode"] == "golden-goal"
        self.goal_limit = int(str(options["goals"]))
        self.turn_limit = int(str(options["turn_limit"]))
        self.max_turns = self.turn_limit or sys.maxsize
        self.board: Board = load_board(str(options["board"]))

    @property
    def num_seats(self) -> int:
        """2 seats in 1v1; 6 in teams (seats 0, 2, 4 Blue; 1, 3, 5 Orange)."""
        return 6 if self.teams else 2

    @classmethod
    def conformance_configs(cls) -> list[dict[str, OptionValue]]:
        """Both modes, both formats, the coaching rule, both placements."""
        return [
            {},
            {"mode": "goal-limit", "goals": 2, "turn_limit": 120},
            {"format": "teams", "coaching": True, "placement": "formation"},
            {"format": "teams", "mode": "goal-limit", "turn_limit": 90},
        ]

    def render(self, observation: Mapping[str, Any]) -> str:
        """The pitch, pawns, ball, cards and score as seen by the observing seat."""
        return render(self.board, observation)

    def describe_action(self, observation: Mapping[str, Any], action: str) -> str:
        """A readable label for an action."""
        return describe(self.board, observation, action)

    def seat_names(self, observation: Mapping[str, Any]) -> list[str]:
        """The two sides by their pawns' colours (B, O); in teams, each side's players
        numbered in seat order (seat `s` plays for side `s % 2`)."""
        sides = ("Blue", "Orange")
        if self.num_seats == 2:
            return list(sides)
        return [f"{sides[seat % 2]} {seat // 2 + 1}" for seat in range(self.num_seats)]
