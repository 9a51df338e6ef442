"""Cards: one unique id per physical card (`trap-stun-2`) and the decks of a round."""

from __future__ import annotations

import functools
import random

from ludoteca.core.i18n import T, Text
from ludoteca.core.seeds import shuffle
from ludoteca.games.toxicity.data import FLOOR_KINDS, ITEM_KINDS, TRAP_KINDS, ToxicityData

WALL = "wall"
KEY = "key"
DOOR = "door"

CARD_NAMES: dict[str, str | Text] = {
    "start-floor": T("Floor"),
    "floor-plain": T("Floor"),
    "floor-wet": "Wet Floor",
    "floor-muddy": "Muddy Floor",
    "floor-refresh": "Refresh",
    "floor-regenerate": "Regenerate",
    "trap-stamina": "Stamina Trap",
    "trap-stun": "Stun Trap",
    "trap-trapdoor": "Trap Door",
    WALL: T("Wall"),
    KEY: T("Key"),
    DOOR: T("Door"),
    "item-knife": "Knife",
    "item-pistol": "Pistol",
    "item-drill": "Drill",
    "item-molotov": "Cocktail Molotov",
    "item-flashbang": "Flashbang",
    "item-freeze": "Freeze Gun",
    "item-magnet": "Magnet",
    "item-bounce": "Bounce Pad",
    "item-crowbar": "Crowbar",
    "item-switch": "Switch",
    "item-hook": "Grappling Hook",
    "item-shield": "Shield",
    "item-mask": "Gas Mask",
    "item-syringe": "Syringe",
}
"""Each kind of card by the rulebook's name for it. The rulebook, in Portuguese, keeps the
floors', traps' and items' names in English (*Wet Floor*, *Stun Trap*, *Crowbar*): so do
the log's lines in every language; the plain floor, walls, keys and the door are named in
the reader's language (*chão*, *parede*, *chave*, *porta*)."""


def card_name(card: str) -> str | Text:
    """The name of card `card` (`trap-stun-2#r1` -> *Stun Trap*) for the log."""
    return CARD_NAMES[kind(card)]


@functools.lru_cache(maxsize=4096)  # a game asks it of its few hundred cards, again and again
def kind(card: str) -> str:
    """The kind of a card id: `trap-stun-2#r1` -> `trap-stun`, `wall-7#r3` -> `wall`."""
    return card.rsplit("-", 1)[0]


@functools.lru_cache(maxsize=4096)
def item_kind(card: str) -> str:
    """The item type of an item card: `item-knife-1#r1` -> `knife`."""
    return card.split("-")[1]


def is_wall(card: str) -> bool:
    """True for a wall card."""
    return card.startswith("wall-")


def is_item(card: str) -> bool:
    """True for an item card."""
    return card.startswith("item-")


def _numbered(prefix: str, count: int, rnd: int) -> list[str]:
    """`prefix-1#r<rnd>` ...: the round tag keeps a card's ids of different rounds apart."""
    return list(_numbered_ids(prefix, count, rnd))


@functools.lru_cache(maxsize=1024)  # every round of every game deals the same ids again
def _numbered_ids(prefix: str, count: int, rnd: int) -> tuple[str, ...]:
    return tuple(f"{prefix}-{n}#r{rnd}" for n in range(1, count + 1))


def item_cards(data: ToxicityData, rnd: int = 1) -> list[str]:
    """Every item card, in catalogue order."""
    return [c for k in ITEM_KINDS for c in _numbered(f"item-{k}", data.items[k], rnd)]


def main_cards(data: ToxicityData, rnd: int = 1) -> list[str]:
    """Walls, traps and deck floors: the main deck before the items join it."""
    cards = _numbered(WALL, data.walls, rnd)
    cards += [c for k in TRAP_KINDS for c in _numbered(f"trap-{k}", data.traps[k], rnd)]
    cards += [c for k in FLOOR_KINDS for c in _numbered(f"floor-{k}", data.floors[k], rnd)]
    return cards


def prefilled_cards(data: ToxicityData, rnd: int = 1) -> list[str]:
    """The plain floor cards laid on the pre-filled columns (*cartas de chão normais*)."""
    return _numbered("start-floor", data.prefilled_floors, rnd)


def all_cards(data: ToxicityData, rnd: int = 1) -> list[str]:
    """Every card of the game (97 with the standard data)."""
    return (
        item_cards(data, rnd)
        + _numbered(KEY, data.keys, rnd)
        + _numbered(DOOR, data.doors, rnd)
        + main_cards(data, rnd)
        + prefilled_cards(data, rnd)
    )


def build_decks(
    data: ToxicityData, rng: random.Random, rnd: int = 1
) -> tuple[str, list[list[str]]]:
    """Blue's starting item and the three zone decks (*Distribuição Inicial das Cartas*).

    Shuffle the items and deal one to blue; the rest join the main deck, which is
    shuffled; 20 cards go with the 4 keys (zone 2), 23 more with the door (zone 3),
    the rest is zone 1. Each zone deck is shuffled once built.
    """
    items = item_cards(data, rnd)
    shuffle(rng, items)
    blue_item = items.pop()
    main = main_cards(data, rnd) + items
    shuffle(rng, main)
    zone2 = [main.pop() for _ in range(data.zone2_from_main)] + _numbered(KEY, data.keys, rnd)
    zone3 = [main.pop() for _ in range(data.zone3_from_main)] + _numbered(DOOR, data.doors, rnd)
    decks = [main, zone2, zone3]
    for deck in decks:
        shuffle(rng, deck)
    return blue_item, decks
