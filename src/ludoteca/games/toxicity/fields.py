"""The data of a Toxicity 101 game in progress, and the lookups every rule module uses.

`ToxicityState` (state.py) owns the flow of a turn and calls the rule modules
(rounds, moves, items, abilities, fog, hidden); they read and change these fields,
so none of them imports the state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, TypeVar, cast

from ludoteca.core import State
from ludoteca.core.i18n import N_
from ludoteca.games.toxicity.config import ToxicityConfig
from ludoteca.games.toxicity.data import COLOURS, ToxicityData
from ludoteca.games.toxicity.geometry import Geometry
from ludoteca.games.toxicity.pawn import Pawn

GM = 0  # role 0 is the gamemaster; roles 1.. are the pawns in COLOURS order
T = TypeVar("T", bound="ToxicityFields")
_SPARE = random.Random(0)
"""The generator a clone holds until `_copy_base` gives it its own (never drawn from)."""


class Phase(StrEnum):
    """The decision a game awaits (who decides: `current_player`)."""

    PLACE = "place"  # the gamemaster places the drawn cards (*Fog of war*: `pending`)
    REARRANGE = "rearrange"  # the green pawn swaps walls round it (`swaps_left`)
    TURN = "turn"  # a pawn's turn: moves, items, an ability, the escape, or the end
    OVER = "over"


class Ending(StrEnum):
    """What ended a game by the rules (*Rodadas*: one round for each seat as gamemaster)."""

    ROUNDS = N_("all rounds played")


class ToxicityFields(State):
    """Every field of a game (see `dump`) and the lookups on them."""

    def __init__(self, game: ToxicityConfig, seed: int, rng: random.Random | None = None) -> None:
        super().__init__(game, seed, rng)
        self.data: ToxicityData = game.data
        self.characters = game.characters
        self.geo: Geometry = game.geometry
        self.seats = game.num_seats
        self.last_round = game.num_rounds  # one round for each seat as gamemaster
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
        self.zone_reached = 0  # furthest zone any pawn reached (0-based; the gas's pace)
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
    @property
    def config(self) -> ToxicityConfig:
        """The configured game (`game`, as Toxicity's: its data and board)."""
        return cast(ToxicityConfig, self.game)

    @property
    def phase(self) -> Phase:
        """The decision the game awaits: the gamemaster's placement of drawn cards first,
        then the green pawn's swaps, else the pawn on turn (`state.py` offers each's
        actions in that order)."""
        if self.over:
            return Phase.OVER
        if self.pending:
            return Phase.PLACE
        return Phase.REARRANGE if self.swaps_left else Phase.TURN

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
        return card is not None and card.startswith("w")

    def in_gas(self, square: int) -> bool:
        """True if the square's column has been consumed by the gas (*Gás Tóxico*)."""
        return square % self.geo.columns < self.gas

    def pawn_by_colour(self, colour: str) -> int | None:
        """The pawn index of a colour in play this round."""
        return self.colours.index(colour) if colour in self.colours else None

    # -- persistence ------------------------------------------------------------
    def clone(self: T, rng: random.Random | None = None) -> T:
        """A fast independent copy; see `State.clone`."""
        # (compiled, no bare `__new__`; the generator is replaced by `_copy_base`)
        new = type(self)(self.config, self.seed, _SPARE if rng is None else rng)
        self._copy_base(new, rng)
        new.data, new.geo, new.seats, new.colours = self.data, self.geo, self.seats, self.colours
        new.round, new.over, new.turn, new.general_turn = (
            self.round,
            self.over,
            self.turn,
            self.general_turn,
        )
        new.gas, new.gas_timer, new.zone_reached = self.gas, self.gas_timer, self.zone_reached
        new.moved, new.items_used, new.items_allowed = (
            self.moved,
            self.items_used,
            self.items_allowed,
        )
        new.ability_used, new.swaps_left = self.ability_used, self.swaps_left
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
            "gas": [self.gas, self.gas_timer, self.zone_reached],
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
        self.gas, self.gas_timer, self.zone_reached = (int(v) for v in data["gas"])
        self.zones = [[k, int(o), list(s)] for k, o, s in data["zones"]]
        self.turn, self.general_turn, moved, self.items_used = data["turn"]
        self.moved = bool(moved)
        allowed, used, self.swaps_left = data["turn_more"]
        self.items_allowed, self.ability_used = int(allowed), bool(used)
        self.pending = [[list(c), list(s)] for c, s in data["pending"]]
