"""A pawn on the board: stamina, items, key, abilities and pending effects."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Literal

from ludoteca.games.toxicity.cards import item_kind
from ludoteca.games.toxicity.characters import Character

Escape = Literal["", "door", "trapdoor"]
"""How a pawn left the board: not yet, by the door, by a trapdoor."""


@dataclass(slots=True)
class Pawn:
    """One coloured pawn during a round."""

    colour: str
    square: int
    stamina: int = 3
    alive: bool = True
    escaped: Escape = ""
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
    held: list[str] = field(default_factory=list)
    """Every item kind the pawn held this round, in order (for balance reports)."""

    @classmethod
    def new(cls, colour: str, square: int, character: Character) -> Pawn:
        """A pawn at the start of a round, with its character's numbers."""
        return cls(
            colour=colour,
            square=square,
            stamina=character.stamina,
            uses=dict(character.abilities),
            immunity=character.trap_immunity,
        )

    @property
    def on_board(self) -> bool:
        """Alive and not escaped: still playing this round."""
        return self.alive and not self.escaped

    def max_stamina(self, character: Character) -> int:
        """The character's stamina (3), plus 1 while holding a Syringe (*Itens Passivos*)."""
        return character.stamina + (1 if self.has("syringe") else 0)

    def take(self, card: str) -> None:
        """Add an item card to the pawn's hand."""
        self.items.append(card)
        if item_kind(card) not in self.held:
            self.held.append(item_kind(card))

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
            list(self.held),
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
        pawn.held = list(pawn.held)
        return pawn
