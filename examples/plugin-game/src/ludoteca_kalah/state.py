"""A game of Kalah in progress: whose turn, the board, the flow of a turn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca.core import Action, State
from ludoteca.core.i18n import N_, T
from ludoteca_kalah.rules import PITS, STORES, pits_of, side_empty, sow, sweep

SIDES = (N_("South"), N_("North"))
"""The seats by the rows they sow (message ids: the log and pages translate them)."""


class KalahState(State):
    """The board (14 counts), the seat to move, and whether the game is over."""

    board: list[int]
    to_move: int
    over: bool

    def setup(self) -> None:
        """*Setup*: `seeds` in each pit, stores empty; the first player is drawn."""
        seeds = int(str(self.game.options["seeds"]))
        self.board = [seeds] * PITS + [0] + [seeds] * PITS + [0]
        self.to_move = self.rng.randrange(2)
        self.over = False
        self.log("{side} moves first", side=T(SIDES[self.to_move]))

    @property
    def current_player(self) -> int | None:
        return None if self.over else self.to_move

    def _legal_actions(self) -> list[str]:
        """*Sowing*: any of the mover's pits that holds seeds, named a-f from its left."""
        first = pits_of(self.to_move).start
        return [f"sow:{'abcdef'[p - first]}" for p in pits_of(self.to_move) if self.board[p]]

    def _apply(self, action: str) -> None:
        seat = self.to_move
        pit = pits_of(seat).start + "abcdef".index(Action.parse(action).arg)
        hole, captured = sow(self.board, seat, pit)
        if captured:
            self.log("{side} sows pit {pit} and captures", side=T(SIDES[seat]), pit=action[-1])
        else:
            self.log("{side} sows pit {pit}", side=T(SIDES[seat]), pit=action[-1])
        if side_empty(self.board):  # *The end*
            sweep(self.board)
            self.over = True
            south, north = self.board[STORES[0]], self.board[STORES[1]]
            self.log("Game over: {south}-{north}", south=south, north=north)
        elif hole != STORES[seat]:  # *Sowing*: ending in one's store gives another turn
            self.to_move = 1 - seat

    def end_reason(self) -> str:
        """*The end*: one side's six pits are empty."""
        return "a row of pits is empty"

    @property
    def scores(self) -> tuple[float, ...]:
        """The seeds in each store."""
        return (float(self.board[STORES[0]]), float(self.board[STORES[1]]))

    def _observe(self, seat: int | None) -> dict[str, Any]:
        """Everything is public: the board and whose turn it is."""
        return {"board": list(self.board), "to_move": None if self.over else SIDES[self.to_move]}

    def _observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """Everything is public: the board turned to the seat (each hole's share of the
        seeds), and whether it moves."""
        start = 0 if seat == 0 else PITS + 1
        seeds = sum(self.board)
        turned = [n / seeds for n in self.board[start:] + self.board[:start]]
        mine = float(not self.over and self.to_move == seat)
        return np.array([*turned, mine], dtype=np.float32)

    def dump(self) -> dict[str, Any]:
        return {"board": list(self.board), "to_move": self.to_move, "over": self.over}

    def load(self, data: Mapping[str, Any]) -> None:
        self.board = [int(n) for n in data["board"]]
        self.to_move, self.over = int(data["to_move"]), bool(data["over"])
