"""Kalah as a ludoteca game: its declaration, options and hooks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ludoteca.core import (
    Action,
    Block,
    Game,
    GameInfo,
    GameKnowledge,
    Option,
    OptionValue,
    TensorLayout,
    Utility,
)
from ludoteca.core.i18n import N_, _, ngettext
from ludoteca_kalah.rules import PITS, pits_of
from ludoteca_kalah.state import SIDES, KalahState


class Kalah(Game):
    """Kalah: two players sow seeds around six pits each; the fuller store wins."""

    info: ClassVar[GameInfo] = GameInfo(
        name="kalah",
        title="Kalah",
        summary=N_("Six-pit mancala: sow seeds, land in your store for another turn, capture."),
        rulebook="examples/plugin-game/README.md",
        min_seats=2,
        max_seats=2,
        hidden_information=False,
        chance=False,
        simultaneous=False,
        utility=Utility.ZERO_SUM,
        options=(
            Option(
                "seeds",
                4,
                N_("seeds in each pit at the start"),
                int,
                None,
                1,
                6,
                label=N_("Seeds"),
            ),
        ),
        length=N_("about 5 minutes"),
    )
    state_class: ClassVar[type[KalahState]] = KalahState

    @classmethod
    def conformance_configs(cls) -> list[dict[str, OptionValue]]:
        """The usual four seeds and the shortest game."""
        return [{}, {"seeds": 1}]

    def _action_space(self) -> list[str]:
        """*Sowing*: one action per pit of the mover's row, `sow:a` to `sow:f`."""
        return [f"sow:{letter}" for letter in "abcdef"]

    def _observation_layout(self) -> TensorLayout:
        """The 14 holes from the seat's side (its pits, its store, the other's pits and
        store) as shares of all the seeds, then 1 if it is the seat's turn."""
        return TensorLayout([Block("holes", (2 * (PITS + 1),)), Block("to_move", (1,))])

    def max_game_length(self) -> int:
        """A cap, not a bound from the rules (sowing can circle): 250 sowings a seed a pit
        (the longest of 1,000 random games took 83 at four seeds, 110 at six)."""
        return 250 * int(str(self.options["seeds"]))

    def board_layout(self) -> dict[str, Any]:
        """Six pits a side (the board view needs nothing else)."""
        return {"pits": 6}

    @classmethod
    def knowledge(cls) -> GameKnowledge:
        """A greedy policy for the computer (`ai/`)."""
        from ludoteca_kalah.ai import KNOWLEDGE

        return KNOWLEDGE

    def render(self, observation: Mapping[str, Any]) -> str:
        """North's row (right to left) above South's, stores at the ends."""
        board = observation["board"]
        north = " ".join(f"{n:2d}" for n in reversed(board[7:13]))
        south = " ".join(f"{n:2d}" for n in board[0:6])
        mover = observation["to_move"]
        turn = _("to move: {side}", side=_(mover)) if mover else _("game over")
        return (
            f"      f  e  d  c  b  a\n"
            f"    {north}      {_(SIDES[1])}\n"
            f"{board[13]:2d}                   {board[6]:2d}\n"
            f"    {south}      {_(SIDES[0])}\n"
            f"     a  b  c  d  e  f\n"
            f"{turn}"
        )

    def describe_action(self, observation: Mapping[str, Any], action: str) -> str:
        """`sow:c` -> "Sow pit c (3 seeds)"."""
        letter = Action.parse(action).arg
        if len(letter) != 1 or letter not in "abcdef":
            return action
        seat = 0 if observation.get("to_move") == SIDES[0] else 1
        count = observation["board"][pits_of(seat).start + "abcdef".index(letter)]
        return ngettext("Sow pit {pit} ({n} seed)", "Sow pit {pit} ({n} seeds)", count, pit=letter)

    def seat_names(self, observation: Mapping[str, Any]) -> list[str]:
        """South sows the bottom row, North the top (in the reader's language)."""
        return [_(side) for side in SIDES]
