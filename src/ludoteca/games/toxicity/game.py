"""The Toxicity 101 game: options, seats and terminal rendering."""

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
from ludoteca.core.i18n import N_, _, pgettext
from ludoteca.core.layout import TensorLayout
from ludoteca.games.toxicity import tensor
from ludoteca.games.toxicity.characters import PRESETS
from ludoteca.games.toxicity.config import ToxicityConfig
from ludoteca.games.toxicity.fields import Ending, Phase
from ludoteca.games.toxicity.observation import ToxicityView
from ludoteca.games.toxicity.render import describe, render
from ludoteca.games.toxicity.state import ToxicityState


class Toxicity(ToxicityConfig):
    """Toxicity 101: escape the toxic gas; one seat is the gamemaster each round."""

    info: ClassVar[GameInfo] = GameInfo(
        name="toxicity",
        title="Toxicity 101",
        summary=N_(
            "Escape game for 3-5: pawns flee the gas through a fog-of-war board whose "
            "cards a gamemaster seat places; a round for each player, every role played."
        ),
        rulebook="002_63c166e14cfde109.txt",
        length=N_("1 to 2 hours: a round for each player, everyone gamemaster once"),
        min_seats=3,
        max_seats=5,
        hidden_information=True,
        chance=True,
        simultaneous=False,
        utility=Utility.ZERO_SUM,
        options=(
            Option(
                "players",
                5,
                N_("number of seats: one gamemaster and the pawns blue, red, yellow, green"),
                kind=int,
                minimum=3,
                maximum=5,
                label=N_("Players"),
            ),
            Option(
                "characters",
                None,
                N_(
                    "the characters' numbers: the rulebook's (default), ludoteca-even "
                    "(ludoteca's variant, not the rulebook's: docs/balance.md) or a file"
                ),
                kind=DataFile,
                choices=PRESETS,
                label=N_("Characters"),
                advanced=True,
            ),
            Option(
                "magnet",
                "straight-line",
                N_(
                    "the Magnet's reach, which the rulebook leaves open: straight-line "
                    "(default: an enemy in a straight line, before the first wall) or "
                    "anywhere (any enemy on the board)"
                ),
                choices=(N_("straight-line"), N_("anywhere")),
                label=N_("Magnet reach"),
                advanced=True,
            ),
        ),
    )
    state_class: ClassVar[type[State]] = ToxicityState
    phases = Phase
    endings = Ending
    observation_schema = ToxicityView

    @classmethod
    def short_options(cls) -> dict[str, OptionValue]:
        """Three players: three rounds."""
        return {"players": 3}

    @classmethod
    def conformance_configs(cls) -> list[dict[str, OptionValue]]:
        """Every seat count; the Magnet's other reach."""
        return [{"players": 3}, {"players": 4}, {"players": 5}, {"magnet": "anywhere"}]

    @classmethod
    def knowledge(cls) -> GameKnowledge:
        """The game's advice to computer players (`ai/`), loaded only when asked for."""
        from ludoteca.games.toxicity.ai import KNOWLEDGE

        return KNOWLEDGE

    def _observation_layout(self) -> TensorLayout:
        """A seat's observation tensor on this board with these seats (`tensor.py`)."""
        return tensor.layout(self)

    def max_game_length(self) -> int:
        """A cap: one round a seat, each bounded by the gas; the longest of 600 random
        games of five took 259 actions."""
        return 5_000

    def real_minutes(self) -> Minutes:
        """The rulebook's *Tempo de Jogo: 1 h – 2 h.* (for any number of players: it
        gives no other figure)."""
        return minutes_range(60, 120)

    def board_layout(self) -> dict[str, Any]:
        """The board's size and its zones (from the data file)."""
        data = self.data
        return {
            "columns": data.columns,
            "rows": data.rows,
            "zones": [list(zone) for zone in data.zones],
        }

    def render(self, observation: Mapping[str, Any]) -> str:
        """The board as the observing seat sees it."""
        return render(observation)

    def describe_action(self, observation: Mapping[str, Any], action: str) -> str:
        """A person's label for an action."""
        return describe(observation, action)

    def seat_names(self, observation: Mapping[str, Any]) -> list[str]:
        """This round's roles: the *gamemaster* and each pawn's colour; they change every
        round (rulebook, *Rotação de Personagens*)."""
        names = [_("Player {n}", n=seat + 1) for seat in range(self.num_seats)]
        roles = {
            "gamemaster": pgettext("toxicity role", "Gamemaster"),
            "blue": pgettext("toxicity role", "Blue"),
            "red": pgettext("toxicity role", "Red"),
            "yellow": pgettext("toxicity role", "Yellow"),
            "green": pgettext("toxicity role", "Green"),
        }
        for role, seat in observation.get("roles", {}).items():
            if isinstance(seat, int) and 0 <= seat < self.num_seats:
                names[seat] = roles.get(role, role.capitalize())
        return names
