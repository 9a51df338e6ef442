"""A tiny hidden-information trick game that exercises the core contract in tests."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ludoteca.core import Game, GameInfo, Option, State, Utility


class ToyState(State):
    """Deal `hand` cards each from c0..c9; follow a lead; the higher card takes the trick."""

    def setup(self) -> None:
        deck = [f"c{i}" for i in range(10)]
        self.rng.shuffle(deck)
        size = int(self.game.options["hand"] or 3)
        self.hands = [sorted(deck[:size]), sorted(deck[size : 2 * size])]
        self.stock = deck[2 * size :]
        self.table: list[str] = []
        self.leader = 0
        self.tricks = [0, 0]
        self.log(f"dealt {size} cards each")
        for seat in (0, 1):
            self.log(f"you hold {' '.join(self.hands[seat])}", frozenset({seat}))

    @property
    def current_player(self) -> int | None:
        if not self.hands[0] and not self.hands[1]:
            return None
        return self.leader if not self.table else 1 - self.leader

    def _legal_actions(self) -> list[str]:
        seat = self.current_player
        assert seat is not None
        return [f"play:{card}" for card in self.hands[seat]]

    def _apply(self, action: str) -> None:
        seat = self.current_player
        assert seat is not None
        card = action.split(":", 1)[1]
        self.hands[seat].remove(card)
        self.table.append(card)
        self.log(f"seat {seat} plays {card}")
        if len(self.table) == 2:
            lead, follow = (int(c[1:]) for c in self.table)
            high = self.game.options["variant"] == "high"
            lead_wins = lead > follow if high else lead < follow
            winner = self.leader if lead_wins else 1 - self.leader
            self.tricks[winner] += 1
            self.leader = winner
            self.table = []
            self.log(f"seat {winner} takes the trick")

    @property
    def scores(self) -> tuple[float, ...]:
        return (float(self.tricks[0]), float(self.tricks[1]))

    def _observe(self, seat: int | None) -> dict[str, Any]:
        return {
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "table": list(self.table),
            "tricks": list(self.tricks),
        }

    def secrets(self, seat: int | None) -> set[str]:
        hidden = set(self.stock)
        for other in (0, 1):
            if other != seat:
                hidden |= set(self.hands[other])
        return hidden

    def _resample(self, seat: int, rng: random.Random) -> None:
        other = 1 - seat
        pool = sorted(self.hands[other] + self.stock)
        rng.shuffle(pool)
        size = len(self.hands[other])
        self.hands[other] = sorted(pool[:size])
        self.stock = pool[size:]

    def dump(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "stock": self.stock,
            "table": self.table,
            "leader": self.leader,
            "tricks": self.tricks,
        }

    def load(self, data: Mapping[str, Any]) -> None:
        self.hands = [list(h) for h in data["hands"]]
        self.stock = list(data["stock"])
        self.table = list(data["table"])
        self.leader = int(data["leader"])
        self.tricks = [int(t) for t in data["tricks"]]


class Toy(Game):
    """The toy trick game."""

    info = GameInfo(
        name="toy",
        title="Toy tricks",
        summary="A two-seat trick game for testing the core.",
        rulebook="(none)",
        min_seats=2,
        max_seats=2,
        hidden_information=True,
        chance=True,
        simultaneous=False,
        utility=Utility.ZERO_SUM,
        options=(
            Option("variant", "high", "Which card wins a trick.", choices=("high", "low")),
            Option("hand", 3, "Cards dealt to each seat.", kind=int, minimum=1, maximum=5),
        ),
    )
    state_class = ToyState

    @classmethod
    def conformance_configs(cls) -> list[dict[str, Any]]:
        return [{}, {"variant": "low", "hand": 4}]

    def _action_space(self) -> list[str]:
        return [f"play:c{i}" for i in range(10)]
