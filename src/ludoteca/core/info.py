"""What a game declares about itself before any game is played."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ludoteca.core.options import Option, OptionValue


class Utility(StrEnum):
    """What a game's `State.returns()` add up to (OpenSpiel's utility kinds)."""

    ZERO_SUM = "zero-sum"
    """Every finished game's returns sum to 0 (a team's gain is the other's loss)."""
    CONSTANT_SUM = "constant-sum"
    """Every finished game's returns sum to the same constant, not 0."""
    GENERAL_SUM = "general-sum"
    """The sum depends on the play (everyone may gain, or lose, together)."""


@dataclass(frozen=True)
class GameInfo:
    """What a game is, declared up front so tools can select games by property."""

    name: str
    title: str
    summary: str
    rulebook: str
    min_seats: int
    max_seats: int
    hidden_information: bool
    chance: bool
    simultaneous: bool
    options: tuple[Option, ...] = ()
    utility: Utility = Utility.ZERO_SUM
    length: str = ""
    """How long a game lasts, in the rulebook's terms where it gives them (the lobby)."""
    knockout: tuple[tuple[str, OptionValue], ...] = ()
    """Options, over an event's own, that a match needing a winner (a top cut's
    *mata-mata*) is played under: the rulebook's own way to a result that is no tie
    (none: a drawn match is played again)."""

    @property
    def variants(self) -> tuple[str, ...]:
        """The choices of the `variant` option, if the game has one."""
        for option in self.options:
            if option.name == "variant" and option.choices:
                return option.choices
        return ()
