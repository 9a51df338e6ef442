"""A game with a planted imbalance, for `ludoteca tune` (issue 23, part 3).

Each seat in turn rolls a ten-sided die (0-9) from the state's generator; the first
seat adds `edge` (default 3: the planted imbalance), the higher total wins, a tie is a
draw. The first seat's score rate is exactly computable: 50% at `edge = 0` only.
`slow` adds that many steps of nothing before the rolls (game length is a goal too).
Its statistics give each roller's fate as a group (`first.rounds`, `first.win`...), as
Toxicity gives its characters'.
A `dice` file (TOML, `[first] bonus = N`) replaces `edge` with its bonus: the same
imbalance, planted in a data file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from typing import Any

from ludoteca.core import DataFile, Game, GameInfo, Option, State, Utility


def first_bonus(options: Mapping[str, Any]) -> int:
    """What the first seat adds to its roll: the dice file's bonus, else `edge`."""
    dice = options.get("dice")
    if isinstance(dice, dict):
        return int(tomllib.loads(dice["content"])["first"]["bonus"])
    return int(options["edge"])


class TiltedState(State):
    """Two rolls, the first seat's plus `edge`."""

    def setup(self) -> None:
        self.rolls: list[int] = []
        self.waits = int(self.game.options["slow"])

    @property
    def current_player(self) -> int | None:
        return None if len(self.rolls) == 2 else len(self.rolls)

    def _legal_actions(self) -> list[str]:
        return ["wait"] if self.waits else ["roll"]

    def _apply(self, action: str) -> None:
        if action == "wait":
            self.waits -= 1
            return
        self.rolls.append(self.rng.randrange(10))
        self.log(f"seat {len(self.rolls) - 1} rolls {self.rolls[-1]}")

    @property
    def scores(self) -> tuple[float, ...]:
        if len(self.rolls) < 2:
            return (0.0, 0.0)
        return (float(self.rolls[0] + first_bonus(self.game.options)), float(self.rolls[1]))

    def statistics(self) -> dict[str, float]:
        """Each roller's fate: `first.rounds` 1 and `first.win` 1 when it won."""
        first, second = self.scores
        return {
            "first.rounds": 1.0,
            "first.win": float(first > second),
            "second.rounds": 1.0,
            "second.win": float(second > first),
        }

    def _observe(self, seat: int | None) -> dict[str, Any]:
        return {"rolls": list(self.rolls), "waits": self.waits}

    def dump(self) -> dict[str, Any]:
        return {"rolls": self.rolls, "waits": self.waits}

    def load(self, data: Mapping[str, Any]) -> None:
        self.rolls = [int(r) for r in data["rolls"]]
        self.waits = int(data["waits"])


class Tilted(Game):
    """The tilted dice game."""

    info = GameInfo(
        name="tilted",
        title="Tilted dice",
        summary="Two rolls, one with an edge.",
        rulebook="(none)",
        min_seats=2,
        max_seats=2,
        hidden_information=False,
        chance=True,
        simultaneous=False,
        utility=Utility.ZERO_SUM,
        options=(
            Option(
                "edge", 3, "Points added to the first seat's roll.", kind=int, minimum=-5, maximum=5
            ),
            Option(
                "slow", 0, "Steps of waiting before the rolls.", kind=int, minimum=0, maximum=50
            ),
            Option("dice", None, "A dice file (TOML: [first] bonus).", kind=DataFile),
        ),
    )
    state_class = TiltedState

    @classmethod
    def conformance_configs(cls) -> list[dict[str, Any]]:
        return [{}, {"edge": -2, "slow": 2}]

    def _action_space(self) -> list[str]:
        return ["wait", "roll"]
