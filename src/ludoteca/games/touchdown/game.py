"""Touch down: the grid American-football game, as a ludoteca `Game`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ludoteca.core import (
    DataFile,
    GameInfo,
    GameKnowledge,
    Minutes,
    Option,
    OptionValue,
    State,
    Utility,
    minutes_range,
)
from ludoteca.core.i18n import N_, _
from ludoteca.core.layout import TensorLayout
from ludoteca.games.touchdown import tensor
from ludoteca.games.touchdown.config import TouchdownConfig
from ludoteca.games.touchdown.fields import Ending, Phase
from ludoteca.games.touchdown.layout import board_layout
from ludoteca.games.touchdown.observation import TouchdownView
from ludoteca.games.touchdown.render import describe, render
from ludoteca.games.touchdown.roster import DEFAULT_ROSTERS
from ludoteca.games.touchdown.state import TouchdownState

PLAYS_PER_CLOCK_MINUTE = 0.6
"""Plays (*azioni*) a minute of the game clock: a short match (30 clock minutes) took
17-19 plays between heuristic coaches (4 seeds; `docs/rules/touchdown.md`)."""
MINUTES_PER_PLAY = (1.5, 2.5)
"""Real minutes a play takes at a table: the project's estimate (the rulebook gives no
playing time), `docs/rules/touchdown.md`."""


class TouchdownGame(TouchdownConfig):
    """Touch down (*Il gioco del football americano*), Lu(ri)doteca 1.2, 2004."""

    info: ClassVar[GameInfo] = GameInfo(
        name="touchdown",
        title="Touch down",
        summary=N_("Grid American football: set-ups, timing dice, passes, tackles, downs, clock."),
        rulebook="001_baf41410fe952755.txt",
        length=N_("two halves of one 15-minute quarter on the game clock (long: four quarters)"),
        min_seats=2,
        max_seats=2,
        hidden_information=False,
        chance=True,
        simultaneous=False,
        utility=Utility.ZERO_SUM,
        options=(
            Option(
                "length",
                "short",
                N_("short: two 15-minute halves; long: four quarters"),
                choices=(N_("short"), N_("long")),
                label=N_("Match length"),
            ),
            Option(
                "quarter_minutes",
                15,
                N_("minutes in a quarter: 15 by the rulebook, fewer for a practice match"),
                kind=int,
                minimum=1,
                maximum=15,
                label=N_("Minutes a quarter"),
                advanced=True,
            ),
            Option(
                "yellow_roster",
                None,
                N_("Yellow's squad: a roster file (TOML) or a preset; default gialli"),
                kind=DataFile,
                choices=DEFAULT_ROSTERS,
                label=N_("Yellow's squad"),
                advanced=True,
            ),
            Option(
                "white_roster",
                None,
                N_("White's squad: a roster file (TOML) or a preset; default bianchi"),
                kind=DataFile,
                choices=DEFAULT_ROSTERS,
                label=N_("White's squad"),
                advanced=True,
            ),
            Option(
                "league",
                False,
                N_("league rules (time outs, blitz); see the league file"),
                kind=bool,
                label=N_("League rules"),
                advanced=True,
            ),
            Option(
                "league_file",
                None,
                N_("league file (JSON, `ludoteca league new`): squads, experience, blitz"),
                kind=DataFile,
                label=N_("League file"),
                advanced=True,
            ),
        ),
    )
    state_class: ClassVar[type[State]] = TouchdownState
    phases = Phase
    endings = Ending
    observation_schema = TouchdownView

    @classmethod
    def short_options(cls) -> dict[str, OptionValue]:
        """A short match of 1-minute quarters."""
        return {"quarter_minutes": 1}

    @classmethod
    def research_options(cls) -> dict[str, OptionValue]:
        """1-minute quarters: about 1,500 decisions a random match, not 6,000 (the
        rulebook's 15 minutes), and OpenSpiel's checks in a minute, not many."""
        return {"quarter_minutes": 1}

    @classmethod
    def conformance_configs(cls) -> list[dict[str, OptionValue]]:
        """Both lengths, with and without the league time outs."""
        return [{"length": "short"}, {"length": "long", "league": True}]

    def _observation_layout(self) -> TensorLayout:
        """A seat's observation tensor for this board and these squads (`tensor.py`)."""
        return tensor.layout(self)

    def max_game_length(self) -> int:
        """A cap: the clock bounds the actions (*azioni*), not the moves within one (while
        every player is down and the ball free, an action goes on); random long games
        took up to 18,000 moves."""
        return 200_000

    def real_minutes(self) -> Minutes:
        """The rulebook gives no playing time: the plays this match's clock holds
        (`PLAYS_PER_CLOCK_MINUTE`) at `MINUTES_PER_PLAY` (short 25-45, long 50-90)."""
        quarters = 4 if self.options["length"] == "long" else 2
        plays = PLAYS_PER_CLOCK_MINUTE * quarters * (self.int_option("quarter_minutes") or 15)
        return minutes_range(plays * MINUTES_PER_PLAY[0], plays * MINUTES_PER_PLAY[1])

    def card_names(self) -> Mapping[str, str]:
        """Both squads' counters (`Y7`, `W10`), with each player's role."""
        return {pid: card.role for pid, card in self.cards.items()}

    def board_layout(self) -> dict[str, Any]:
        """The grid's geometry, both squads' counters and the match length."""
        return board_layout(self.board, self.rosters, self.cards, self.options)

    @classmethod
    def knowledge(cls) -> GameKnowledge:
        """The game's advice to computer players (`ai/`), loaded only when asked for."""
        from ludoteca.games.touchdown.ai import KNOWLEDGE

        return KNOWLEDGE

    def render(self, observation: Mapping[str, Any]) -> str:
        """The grid, the scoreboard and the benches."""
        return render(self.board, observation)

    def describe_action(self, observation: Mapping[str, Any], action: str) -> str:
        """A readable label for an action."""
        return describe(observation, action)

    def seat_names(self, observation: Mapping[str, Any]) -> list[str]:
        """The two teams, the *gialla* and the *bianca* squadra of the rulebook's examples."""
        return [_("Yellow"), _("White")]
