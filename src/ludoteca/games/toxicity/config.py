"""A Toxicity 101 game's settings as its options make them: the data file (board,
zones, fog shapes, card mix), its geometry and the seat count (read by the state and
rule modules; `Toxicity` adds the registry's side)."""

from __future__ import annotations

from ludoteca.core import Game
from ludoteca.games.toxicity.action import Verb
from ludoteca.games.toxicity.cards import item_cards, item_kind
from ludoteca.games.toxicity.characters import Characters, characters_of
from ludoteca.games.toxicity.data import COLOURS, ToxicityData, load_data
from ludoteca.games.toxicity.geometry import DIRECTIONS, Geometry


class ToxicityConfig(Game):
    """The immutable part of a Toxicity game, derived from its options."""

    data: ToxicityData
    geometry: Geometry
    characters: Characters

    def configure(self) -> None:
        """Load the data file (board, zones, fog shapes, card mix) and the characters."""
        self.data = load_data()
        self.geometry = Geometry(self.data)
        self.characters = characters_of(self.options["characters"])

    @property
    def num_seats(self) -> int:
        """The `players` option: 3 to 5 seats."""
        value = self.options["players"]
        assert isinstance(value, int)
        return value

    @property
    def num_rounds(self) -> int:
        """As many rounds as seats (*Rotação de Personagens*: *"No fim do jogo, todos os
        jogadores terão percorrido todos os papéis"*; five for five, as *"Quando terminarem
        5 rondas"*): each seat holds each role once (docs/rules/toxicity.md)."""
        return self.num_seats

    def _action_space(self) -> list[str]:
        """Every action of the game's rounds on this board: moves, escapes, the gamemaster's
        placements, the abilities, green's swaps (two squares round the pawn) and each
        active item card of each round with the targets its kind takes (`items.py`)."""
        geo, squares, directions = self.geometry, self.geometry.names, list(DIRECTIONS)
        space = ["done", "end", "escape", "ability:blast", "ability:double", "ability:rearrange"]
        space += [f"{verb}:{d}" for verb in ("walk", "run", "ability:dash") for d in directions]
        space += [f"{verb}:{sq}" for verb in PLACES for sq in squares]
        space += [
            Verb.SWAP.of(squares[a], squares[b])
            for a in range(geo.size)
            for b in range(geo.size)
            if a != b
            and max(
                abs(a % geo.columns - b % geo.columns), abs(a // geo.columns - b // geo.columns)
            )
            <= 2
        ]
        for rnd in range(1, self.num_rounds + 1):
            cards = item_cards(self.data, rnd)
            for card in cards:
                targets = ITEM_TARGETS.get(item_kind(card), ())
                if targets == "colour:item":
                    space += [
                        Verb.ITEM.of(card, c, other)
                        for c in COLOURS
                        for other in cards
                        if other != card
                    ]
                    continue
                for target in targets:
                    if target == "":
                        space.append(Verb.ITEM.of(card))
                    elif target == "direction":
                        space += [Verb.ITEM.of(card, d) for d in directions]
                    elif target == "colour":
                        space += [Verb.ITEM.of(card, c) for c in COLOURS]
                    else:  # a square, or a square and ":enter"
                        enter = ("enter",) if target.endswith(":enter") else ()
                        space += [Verb.ITEM.of(card, sq, *enter) for sq in squares]
        return space


PLACES = ("place", "ability:column", "ability:destroy")
"""The verbs that take a square: the gamemaster's placement and two abilities."""
ITEM_TARGETS: dict[str, tuple[str, ...] | str] = {
    "knife": ("colour",),
    "pistol": ("colour",),
    "magnet": ("colour",),
    "drill": ("square", "square:enter"),
    "molotov": ("square",),
    "flashbang": ("square",),
    "crowbar": ("square",),
    "freeze": ("",),
    "bounce": ("direction",),
    "hook": ("direction",),
    "switch": "colour:item",
}
"""What each active item names after its card (`items.ITEMS`' targets); passive items none."""
