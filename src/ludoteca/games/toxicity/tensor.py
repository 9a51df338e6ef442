"""A seat's observation tensor (issue 21): what `observation(seat)` shows, as numbers.

Flat float32, in blocks: planes over the squares (never dealt, dealt and empty, face
down, then one per card kind: the kind of a face-up card, and of a face-down one only
for the gamemaster, who placed it; the pawns by colour; the Molotov and Flashbang zones;
the squares waiting for the gamemaster's cards); a row per colour (in play, the reader,
the one to move, stamina, alive, escaped, key, the items the reader knows it holds by
kind and the unknown ones, ability uses, effects, kills); and the counts (round, the
reader being the gamemaster, the turn, the gas, the decks, the discards by kind, the
pending cards' kinds for the gamemaster, the seats' totals from the reader on).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ludoteca.games.toxicity.cards import item_kind, kind
from ludoteca.games.toxicity.characters import ABILITY_NAMES
from ludoteca.games.toxicity.config import ToxicityConfig
from ludoteca.games.toxicity.data import COLOURS, ITEM_KINDS
from ludoteca.games.toxicity.fields import ToxicityFields
from ludoteca.games.toxicity.hidden import knows_hand_card

KINDS = (
    *(f"trap-{k}" for k in ("stamina", "stun", "trapdoor")),
    *(f"floor-{k}" for k in ("plain", "wet", "muddy", "refresh", "regenerate")),
    "wall",
    "key",
    "door",
    "start-floor",
    "item",
)
"""Card kinds a square's plane tells apart (every item is "item")."""
USES = tuple(name for names in ABILITY_NAMES.values() for name in names)
ZONES = ("molotov", "flashbang")
PLANES = 3 + len(KINDS) + len(COLOURS) + len(ZONES) + 1
PER_COLOUR = 3 + 2 + 3 + 1 + len(ITEM_KINDS) + 1 + len(USES) + 7 + 1
COUNTS = 12 + 3 + 2 * len(KINDS)


def shape(game: ToxicityConfig) -> tuple[int]:
    """The tensor's length on this board with this many seats."""
    squares = game.geometry.size
    return (PLANES * squares + len(COLOURS) * PER_COLOUR + COUNTS + game.num_seats,)


def _kind(card: str) -> str:
    found = kind(card)
    return "item" if found.startswith("item") else found.split("#")[0]


def encode(state: ToxicityFields, seat: int) -> npt.NDArray[np.float32]:
    """`seat`'s tensor: the face-down cards' kinds only if it is the gamemaster."""
    squares = state.geo.size
    gm = bool(state.roles) and seat == state.gamemaster
    planes = np.zeros((PLANES, squares), dtype=np.float32)
    for square, card in enumerate(state.board):
        if card is None:
            planes[0, square] = 1.0
        elif card == "":
            planes[1, square] = 1.0
        else:
            planes[2, square] = float(not state.face_up[square])
            if state.face_up[square] or gm:
                planes[3 + KINDS.index(_kind(card)), square] = 1.0
    base = 3 + len(KINDS)
    colours = np.zeros((len(COLOURS), PER_COLOUR), dtype=np.float32)
    for index, pawn in enumerate(state.pawns):
        slot = COLOURS.index(pawn.colour)
        planes[base + slot, pawn.square] = 1.0
        known = [item_kind(c) for c in pawn.items if knows_hand_card(state, seat, index, c)]
        row = [
            1.0,
            state.seat_of(index) == seat,
            state.turn == index,
            pawn.stamina,
            pawn.alive,
            *(pawn.escaped == way for way in ("", "door", "trapdoor")),
            pawn.key is not None,
            *(known.count(k) for k in ITEM_KINDS),
            len(pawn.items) - len(known),
            *(pawn.uses.get(name, 0) for name in USES),
            pawn.stunned,
            pawn.mud,
            pawn.no_run,
            pawn.mask_turns,
            pawn.immunity,
            pawn.refreshed,
            pawn.regenerated,
            pawn.kills,
        ]
        colours[slot] = row
    for zone_kind, _owner, zone_squares in state.zones:
        for square in zone_squares:
            planes[base + len(COLOURS) + ZONES.index(zone_kind), square] = 1.0
    pending_kinds = [0.0] * len(KINDS)
    for cards, pending_squares in state.pending:
        for square in pending_squares:
            planes[-1, square] = 1.0
        for card in cards:
            if gm or _kind(card) == "wall":
                pending_kinds[KINDS.index(_kind(card))] += 1
    discards = [0.0] * len(KINDS)
    for card in state.discard:
        discards[KINDS.index(_kind(card))] += 1
    counts = [
        state.round,
        gm,
        state.general_turn,
        state.moved,
        state.items_used,
        state.items_allowed,
        state.ability_used,
        state.swaps_left,
        state.gas,
        state.gas_timer,
        state.zone_reached,
        sum(len(cards) for cards, _squares in state.pending),
        *(len(deck) for deck in state.decks),
        *discards,
        *pending_kinds,
    ]
    totals = [state.totals[(seat + k) % len(state.totals)] for k in range(len(state.totals))]
    return np.concatenate(
        [planes.ravel(), colours.ravel(), np.array([*counts, *totals], dtype=np.float32)]
    )
