"""The Toxicity 101 state: the contract methods, delegating each rule to its module."""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt

from ludoteca.core.i18n import T, _
from ludoteca.games.toxicity import abilities, fog, hidden, items, moves, rounds, tensor
from ludoteca.games.toxicity.action import parse
from ludoteca.games.toxicity.data import PAWNS
from ludoteca.games.toxicity.fields import GM as GM
from ludoteca.games.toxicity.fields import Ending, ToxicityFields
from ludoteca.games.toxicity.observation import ToxicityView


class ToxicityState(ToxicityFields):
    """One game (a round for each seat): the flow of its turns; each rule is in its module."""

    # -- the contract ------------------------------------------------------------
    def setup(self) -> None:
        """Opening roll, then the first round (*Decidir o Gamemaster e Ordem de Jogo*)."""
        self.roles = rounds.opening_roll(self)
        rounds.start_round(self)
        self._settle()

    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        if self.pending:
            return self.gamemaster
        return self.seat_of(self.turn)

    def _legal_actions(self) -> list[str]:
        if self.pending:
            return fog.placement_actions(self)
        if self.swaps_left:
            return abilities.swap_actions(self)
        pawn = self.pawns[self.turn]
        acts = moves.move_actions(self, pawn)
        acts += items.item_actions(self, pawn)
        acts += abilities.ability_actions(self, pawn)
        acts += moves.escape_actions(self, pawn)
        acts.append("end")
        return acts

    def _apply(self, action: str) -> None:
        head = parse(action).verb
        if head == "place":
            fog.place(self, action)
        elif head in ("walk", "run"):
            moves.apply_move(self, action)
        elif head == "item":
            items.apply_item(self, action)
        elif head in ("ability", "swap", "done"):
            abilities.apply_ability(self, action)
        elif head == "escape":
            moves.apply_escape(self)
        else:
            rounds.end_turn(self)
        self._settle()

    def _settle(self) -> None:
        """Resolve everything automatic until a real decision is due.

        Forced placements are made, a finished round is scored, a rearrangement
        with no swap left stops, and a pawn whose only choice is `end` (or that
        left the board) ends its turn.
        """
        while not self.over:
            for p in self.pawns:
                if p.alive and not p.escaped:  # `on_board`: someone still plays this round
                    break
            else:
                rounds.finish_round(self)
                continue
            if self.pending:
                if fog.auto_place(self):
                    continue
                return
            pawn = self.pawns[self.turn]
            if not pawn.on_board:
                self.swaps_left = 0
                rounds.end_turn(self)
                continue
            if self.swaps_left:
                if abilities.swap_actions(self) == ["done"]:
                    self.swaps_left = 0  # nothing left to rearrange
                    continue
                return
            legal = self._legal_actions()
            if legal == ["end"]:
                rounds.end_turn(self)
                continue
            self._legal = legal  # the core's cache of this position's legal actions
            return

    def end_reason(self) -> str:
        """The last of the rounds, one for each seat as gamemaster (*Rodadas*)."""
        return f"all {self.round} rounds played"

    def ending(self) -> Ending:
        """The last of the rounds, one for each seat as gamemaster (*Rodadas*)."""
        return Ending.ROUNDS

    def statistics(self) -> dict[str, float]:
        """Door and trapdoor escapes, deaths, kills, general turns: finished rounds' totals.

        Also per character (`blue.rounds`, `blue.door`, `blue.trapdoor`, `blue.deaths`...).
        """
        return {name: float(value) for name, value in self.tally.items()}

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.totals)

    def _observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """`seat`'s observation as numbers (`tensor.py`)."""
        return tensor.encode(self, seat)

    def _observe(self, seat: int | None) -> ToxicityView:
        return hidden.observe(self, seat)

    def secrets(self, seat: int | None) -> set[str]:
        return hidden.secrets(self, seat)

    def _resample(self, seat: int, rng: random.Random) -> None:
        hidden.resample(self, seat, rng)

    def explain_illegal(self, action: str) -> str:
        who = (
            T("the gamemaster")
            if self.pending
            else T("the {pawn}", pawn=PAWNS[self.colours[self.turn]])
        )
        if self.over:
            return _("'{action}' refused: the game is over", action=action)
        try:
            head: str = parse(action).verb
        except ValueError:  # no verb of this game
            head = ""
        reason = T("it is not among the legal actions")
        if self.pending and head != "place":
            reason = T("the gamemaster must first place the drawn cards (place:<square>)")
        elif self.pending:
            reason = T("the card cannot go there (not a revealed square, or a sixth wall)")
        elif head in ("walk", "run") and self.moved:
            reason = T("the pawn has already moved this turn (never walk twice)")
        elif head == "item" and self.items_used >= self.items_allowed:
            reason = T("the pawn has already used its item this turn")
        elif head == "ability" and self.ability_used:
            reason = T("never two abilities in one turn")
        legal = self.legal_actions()
        shown = ", ".join(legal[:10]) + (" ..." if len(legal) > 10 else "")
        return _(
            "'{action}' is not legal now for {who}: {reason} (legal: {legal})",
            action=action,
            who=who,
            reason=reason,
            legal=shown,
        )
