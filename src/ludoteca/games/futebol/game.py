"""The futebol game: options, seats, board loading, rendering."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ludoteca.core import (
    GameInfo,
    GameKnowledge,
    Minutes,
    Option,
    OptionValue,
    Utility,
    minutes_range,
)
from ludoteca.core.i18n import N_, _
from ludoteca.core.layout import TensorLayout
from ludoteca.games.futebol import tensor
from ludoteca.games.futebol.config import FutebolConfig
from ludoteca.games.futebol.fields import Ending, Phase
from ludoteca.games.futebol.geometry import BOARDS_DIR
from ludoteca.games.futebol.observation import FutebolView
from ludoteca.games.futebol.render import describe, render
from ludoteca.games.futebol.state import FutebolState

BOARD_NAMES = tuple(sorted(path.stem for path in BOARDS_DIR.glob("*.toml")))


class FutebolGame(FutebolConfig):
    """The soccer board game of rulebook 003: 6 pawns and a substitute a side."""

    info: ClassVar[GameInfo] = GameInfo(
        name="futebol",
        title="Futebol",
        summary=N_(
            "Soccer on a grid: move, pass, long and chain passes, steals with cards, "
            "rock-paper-scissors penalties; 1v1 or teams of three."
        ),
        rulebook="003_0dad2ba4e54bc6af.txt",
        length=N_("golden goal about 15-20 minutes; a 3-goal match 30 minutes or more"),
        min_seats=2,
        max_seats=6,
        hidden_information=True,  # the penalty pick is a hidden commitment
        chance=True,
        simultaneous=True,
        utility=Utility.ZERO_SUM,
        options=(
            Option(
                "mode",
                "golden-goal",
                N_("golden-goal: the first goal wins; goal-limit: the first to the goals below"),
                str,
                (N_("golden-goal"), N_("goal-limit")),
                label=N_("How a match is won"),
            ),
            Option(
                "goals",
                3,
                N_("goals to win in goal-limit mode"),
                int,
                None,
                1,
                20,
                label=N_("Goals to win"),
            ),
            Option(
                "format",
                "1v1",
                N_("1v1 (2 seats) or teams (3 seats a side, 6 in all)"),
                str,
                (N_("1v1"), N_("teams")),
                label=N_("Players"),
            ),
            Option(
                "coaching",
                False,
                N_("teams only: the coaching-penalty rule may be called"),
                bool,
                label=N_("Coaching penalty"),
                advanced=True,
            ),
            Option(
                "placement",
                "free",
                N_("free (players place pawns) or formation (board's)"),
                str,
                (N_("free"), N_("formation")),
                label=N_("Set-up"),
            ),
            Option(
                "turn_limit",
                0,
                N_(
                    "0: none, the match ends on a goal; else turns (both sides) after which "
                    "the match stops unfinished, with no result (for simulations)"
                ),
                int,
                None,
                0,
                100_000,
                label=N_("Turn limit"),
                advanced=True,
            ),
            Option(
                "board",
                "default",
                N_("the pitch's layout: one the game ships"),
                str,
                BOARD_NAMES,
                label=N_("Pitch"),
                advanced=True,
            ),
        ),
    )
    state_class: ClassVar[type[FutebolState]] = FutebolState
    phases = Phase
    endings = Ending
    observation_schema = FutebolView

    @classmethod
    def short_options(cls) -> dict[str, OptionValue]:
        """The first goal wins, at most 12 turns."""
        return {"mode": "goal-limit", "goals": 1, "turn_limit": 12}

    @classmethod
    def conformance_configs(cls) -> list[dict[str, OptionValue]]:
        """Both modes, both formats, the coaching rule, both placements."""
        return [
            {},
            {"mode": "goal-limit", "goals": 2, "turn_limit": 120},
            {"format": "teams", "coaching": True, "placement": "formation"},
            {"format": "teams", "mode": "goal-limit", "turn_limit": 90},
        ]

    @classmethod
    def knowledge(cls) -> GameKnowledge:
        """The game's advice to computer players (`ai/`), loaded only when asked for."""
        from ludoteca.games.futebol.ai import KNOWLEDGE

        return KNOWLEDGE

    def _observation_layout(self) -> TensorLayout:
        """A seat's observation tensor on this board (`tensor.py`)."""
        return tensor.layout(self.board)

    def max_game_length(self) -> int:
        """A cap: with `turn_limit`, 100 actions a turn (random play takes about 1.2);
        without one the rules end only on a goal (decision 19), and random matches took
        up to 18,000 actions."""
        turns = self.int_option("turn_limit")
        return 100 * turns + 100 if turns else 200_000

    def real_minutes(self) -> Minutes:
        """*Modo de jogo e duração*: "Gol de ouro [...] Aprox. 15-20 minutos"; "Limite da
        gol [...] 30+ min, jogo de 3 gols", scaled to this match's goals (10+ a goal)."""
        if self.golden_goal:
            return minutes_range(15, 20)
        return minutes_range(10 * self.goal_limit, None)

    def utility_range(self) -> tuple[float, float]:
        """A side wins or loses whole: every seat of it gets +1 or -1 (`returns`)."""
        return (-1.0, 1.0)

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Blue's seats and Orange's: seat `s` plays for side `s % 2` (*Equipes*)."""
        return tuple(tuple(range(side, self.num_seats, 2)) for side in (0, 1))

    def board_layout(self) -> dict[str, Any]:
        """The pitch's rows (one character per space) and the board's name."""
        return {"rows": list(self.board.rows), "name": self.board.name}

    def render(self, observation: Mapping[str, Any]) -> str:
        """The pitch, pawns, ball, cards and score as seen by the observing seat."""
        return render(self.board, observation)

    def describe_action(self, observation: Mapping[str, Any], action: str) -> str:
        """A readable label for an action."""
        return describe(self.board, observation, action)

    def seat_names(self, observation: Mapping[str, Any]) -> list[str]:
        """The two sides by their pawns' colours (B, O); in teams, each side's players
        numbered in seat order (seat `s` plays for side `s % 2`)."""
        sides = (_("Blue"), _("Orange"))
        if self.num_seats == 2:
            return list(sides)
        return [f"{sides[seat % 2]} {seat // 2 + 1}" for seat in range(self.num_seats)]
