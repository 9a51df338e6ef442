"""The Toxicity 101 state: the contract methods, delegating each rule to its module."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ludoteca.core import State
from ludoteca.games.toxicity import abilities, fog, hidden, items, moves, rounds
from ludoteca.games.toxicity.board import Geometry
from ludoteca.games.toxicity.data import COLOURS, ToxicityData
from ludoteca.games.toxicity.pawn import Pawn

if TYPE_CHECKING:
    from ludoteca.games.toxicity.game import Toxicity

ROUNDS = 5
GM = 0  # role 0 is the gamemaster; roles 1.. are the pawns in COLOURS order


class ToxicityState(State):
    """One game of five rounds."""

    game: Toxicity

    def __init__(self, game: Toxicity, seed: int) -> None:
        super().__init__(game, seed)
        self.data: ToxicityData = game.data
        self.geo: Geometry = game.geometry
        self.seats = game.num_seats
        self.colours = COLOURS[: self.seats - 1]
        self.round = 0
        self.roles: list[int] = []  # seat of each role: [gamemaster, blue, red, ...]
        self.totals = [0] * self.seats
        self.tally = {"door": 0, "trapdoor": 0, "deaths": 0, "kills": 0, "general_turns": 0}
        for colour in self.colours:  # each character's fate, for balance reports
            for fate in ("rounds", "door", "trapdoor", "deaths"):
                self.tally[f"{colour}.{fate}"] = 0
        self.over = False
        self._reset_round()

    def _reset_round(self) -> None:
        self.pawns: list[Pawn] = []
        self.board: list[str | None] = [None] * self.geo.size  # None: never dealt; "": bare
        self.face_up = [False] * self.geo.size
        self.decks: list[list[str]] = [[], [], []]
        self.discard: list[str] = []
        self.private: dict[str, list[int]] = {}  # hand cards only some seats know
        self.gas = 0  # consumed columns
        self.gas_timer = 2
        self.phase = 0  # furthest zone any pawn reached
        self.zones: list[list[Any]] = []  # [kind, owner pawn, squares]
        self.turn = 0  # index of the pawn whose turn it is
        self.general_turn = 1
        self.moved = False
        self.items_used = 0
        self.items_allowed = 1
        self.ability_used = False
        self.swaps_left = 0
        self.pending: list[list[Any]] = []  # [cards, squares] awaiting the gamemaster

    # -- helpers -----------------------------------------------------------------
    def seat_of(self, pawn: int) -> int:
        """The seat playing pawn number `pawn` this round."""
        return self.roles[pawn + 1]

    @property
    def gamemaster(self) -> int:
        """The seat that is gamemaster this round."""
        return self.roles[GM]

    def pawn_of(self, seat: int) -> int | None:
        """The pawn index a seat plays this round (None: the gamemaster)."""
        role = self.roles.index(seat)
        return None if role == GM else role - 1

    def is_wall_at(self, square: int) -> bool:
        """True if a wall card lies on the square (walls are always face up)."""
        card = self.board[square]
        return bool(card) and card[0] == "w"  # type: ignore[index]

    def in_gas(self, square: int) -> bool:
        """True if the square's column has been consumed by the gas (*Gás Tóxico*)."""
        return square % self.geo.columns < self.gas

    def pawn_by_colour(self, colour: str) -> int | None:
        """The pawn index of a colour in play this round."""
        return self.colours.index(colour) if colour in self.colours else None

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
        head = action.split(":", 1)[0]
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
            if not any(p.on_board for p in self.pawns):
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

    def statistics(self) -> dict[str, float]:
        """Door and trapdoor escapes, deaths, kills, general turns: finished rounds' totals.

        Also per character (`blue.rounds`, `blue.door`, `blue.trapdoor`, `blue.deaths`...).
        """
        return {name: float(value) for name, value in self.tally.items()}

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.totals)

    def _observe(self, seat: int | None) -> dict[str, Any]:
        return hidden.observe(self, seat)

    def secrets(self, seat: int | None) -> set[str]:
        return hidden.secrets(self, seat)

    def _resample(self, seat: int, rng: random.Random) -> None:
        hidden.resample(self, seat, rng)

    def explain_illegal(self, action: str) -> str:
        who = "the gamemaster" if self.pending else f"the {self.colours[self.turn]} pawn"
        if self.over:
            return f"'{action}' refused: the game is over"
        head = action.split(":", 1)[0]
        reason = "it is not among the legal actions"
        if self.pending and head != "place":
            reason = "the gamemaster must first place the drawn cards (place:<square>)"
        elif self.pending:
            reason = "the card cannot go there (not a revealed square, or a sixth wall)"
        elif head in ("walk", "run") and self.moved:
            reason = "the pawn has already moved this turn (never walk twice)"
        elif head == "item" and self.items_used >= self.items_allowed:
            reason = "the pawn has already used its item this turn"
        elif head == "ability" and self.ability_used:
            reason = "never two abilities in one turn"
        legal = self.legal_actions()
        shown = ", ".join(legal[:10]) + (" ..." if len(legal) > 10 else "")
        return f"'{action}' is not legal now for {who}: {reason} (legal: {shown})"

    def clone(self, rng: random.Random | None = None) -> ToxicityState:
        """A fast independent copy; see `State.clone`."""
        new = ToxicityState.__new__(ToxicityState)
        new.__dict__.update(self.__dict__)
        if rng is None:
            rng = random.Random(0)  # state set below; seeding from the OS costs more
            rng.setstate(self.rng.getstate())
        new.rng = rng
        new.history = list(self.history)
        new.events = list(self.events)
        new.roles = list(self.roles)
        new.totals = list(self.totals)
        new.tally = dict(self.tally)
        new.pawns = [p.clone() for p in self.pawns]
        new.board = list(self.board)
        new.face_up = list(self.face_up)
        new.decks = [list(d) for d in self.decks]
        new.discard = list(self.discard)
        new.private = {k: list(v) for k, v in self.private.items()}
        new.zones = [[k, o, list(s)] for k, o, s in self.zones]
        new.pending = [[list(c), list(s)] for c, s in self.pending]
        return new

    def dump(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "roles": self.roles,
            "totals": self.totals,
            "tally": self.tally,
            "over": self.over,
            "pawns": [p.dump() for p in self.pawns],
            "board": self.board,
            "face_up": self.face_up,
            "decks": self.decks,
            "discard": self.discard,
            "private": self.private,
            "gas": [self.gas, self.gas_timer, self.phase],
            "zones": self.zones,
            "turn": [self.turn, self.general_turn, self.moved, self.items_used],
            "turn_more": [self.items_allowed, self.ability_used, self.swaps_left],
            "pending": self.pending,
        }

    def load(self, data: Mapping[str, Any]) -> None:
        self.round = int(data["round"])
        self.roles = [int(s) for s in data["roles"]]
        self.totals = [int(t) for t in data["totals"]]
        self.tally = {str(k): int(v) for k, v in data["tally"].items()}
        self.over = bool(data["over"])
        self.pawns = [Pawn.load(dict(p)) for p in data["pawns"]]
        self.board = list(data["board"])
        self.face_up = [bool(f) for f in data["face_up"]]
        self.decks = [list(d) for d in data["decks"]]
        self.discard = list(data["discard"])
        self.private = {k: list(v) for k, v in data["private"].items()}
        self.gas, self.gas_timer, self.phase = (int(v) for v in data["gas"])
        self.zones = [[k, int(o), list(s)] for k, o, s in data["zones"]]
        self.turn, self.general_turn, moved, self.items_used = data["turn"]
        self.moved = bool(moved)
        allowed, used, self.swaps_left = data["turn_more"]
        self.items_allowed, self.ability_used = int(allowed), bool(used)
        self.pending = [[list(c), list(s)] for c, s in data["pending"]]
