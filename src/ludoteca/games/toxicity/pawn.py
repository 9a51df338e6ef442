"""A pawn on the board: stamina, items, key, abilities and pending effects."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from ludoteca.games.toxicity.cards import item_kind

START_STAMINA = 3
# Uses of each character's abilities (*Personagens e Habilidades*).
ABILITIES: dict[str, dict[str, int]] = {
    "blue": {"double": 1},
    "red": {"destroy": 2, "blast": 1},
    "yellow": {"dash": 2, "column": 1},
    "green": {"rearrange": 1},
}
# Item slots besides the key slot (*Itens*: 3 slots, the blue pawn 4, one is the key's).
ITEM_SLOTS = {"blue": 3, "red": 2, "yellow": 2, "green": 2}
GREEN_TRAP_IMMUNITY = 2


@dataclass(slots=True)
class Pawn:
    """One coloured pawn during a round."""

    colour: str
    square: int
    stamina: int = START_STAMINA
    alive: bool = True
    escaped: str = ""  # "", "door" or "trapdoor"
    items: list[str] = field(default_factory=list)
    key: str | None = None
    uses: dict[str, int] = field(default_factory=dict)
    refreshed: bool = False
    regenerated: bool = False
    immunity: int = 0
    stunned: bool = False
    mud: bool = False
    no_run: bool = False
    mask_turns: int = 0
    kills: int = 0

    @classmethod
    def new(cls, colour: str, square: int) -> Pawn:
        """A pawn at the start of a round."""
        return cls(
            colour=colour,
            square=square,
            uses=dict(ABILITIES[colour]),
            immunity=GREEN_TRAP_IMMUNITY if colour == "green" else 0,
        )

    @property
    def on_board(self) -> bool:
        """Alive and not escaped: still playing this round."""
        return self.alive and not self.escaped

    @property
    def max_stamina(self) -> int:
        """3, plus 1 while holding a Syringe (*Itens Passivos*)."""
        return START_STAMINA + (1 if self.has("syringe") else 0)

    @property
    def slots(self) -> int:
        """How many items (keys apart) this pawn may hold."""
        return ITEM_SLOTS[self.colour]

    def has(self, kind: str) -> bool:
        """True if the pawn holds an item of this kind."""
        return any(item_kind(c) == kind for c in self.items)

    def first(self, kind: str) -> str | None:
        """The first held item of this kind."""
        return next((c for c in self.items if item_kind(c) == kind), None)

    def clone(self) -> Pawn:
        """An independent copy."""
        return Pawn(
            self.colour,
            self.square,
            self.stamina,
            self.alive,
            self.escaped,
            list(self.items),
            self.key,
            dict(self.uses),
            self.refreshed,
            self.regenerated,
            self.immunity,
            self.stunned,
            self.mud,
            self.no_run,
            self.mask_turns,
            self.kills,
        )

    def dump(self) -> dict[str, Any]:
        """JSON-able fields."""
        return {item.name: getattr(self, item.name) for item in fields(self)}

    @classmethod
    def load(cls, data: dict[str, Any]) -> Pawn:
        """Rebuild from `dump`."""
        pawn = cls(**data)
        pawn.items = list(pawn.items)
        pawn.uses = dict(pawn.uses)
        return pawn
