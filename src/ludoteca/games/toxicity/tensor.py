"""A seat's observation tensor (issue 21): what `observation(seat)` shows, as numbers.

Float32 in [0, 1] (each count divided by its largest value, or cut at a cap), in named
blocks (`layout`): planes over the squares (never dealt, dealt and empty, face
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

from ludoteca.core.layout import Block, TensorLayout, scaled
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
SMALL_CAP = 10
"""Small counts (stamina, items, uses, turns of an effect, kills, cards pending) and
deck sizes are cut at these; a seat's total at `TOTAL_CAP`."""
DECK_CAP = 60
TOTAL_CAP = 50


def layout(game: ToxicityConfig) -> TensorLayout:
    """The blocks on this board with this many seats: the squares' planes, a row per
    colour, the counts, and the seats' totals from the reader on."""
    grid = (game.geometry.rows, game.geometry.columns)
    return TensorLayout(
        [
            Block("squares", (PLANES, *grid)),
            Block("colours", (len(COLOURS), PER_COLOUR)),
            Block("counts", (COUNTS,)),
            Block("totals", (game.num_seats,)),
        ],
        board=grid,
    )


def _kind(card: str) -> str:
    found = kind(card)
    return "item" if found.startswith("item") else found.split("#")[0]


def encode(state: ToxicityFields, seat: int) -> npt.NDArray[np.float32]:
    """`seat`'s tensor: the face-down cards' kinds only if it is the gamemaster."""
    shape = state.config.observation_layout()
    flat = shape.zeros()
    parts = shape.split(flat)
    gm = bool(state.roles) and seat == state.gamemaster
    planes = parts["squares"].reshape(PLANES, -1)
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
    colours = parts["colours"]
    for index, pawn in enumerate(state.pawns):
        slot = COLOURS.index(pawn.colour)
        planes[base + slot, pawn.square] = 1.0
        known = [item_kind(c) for c in pawn.items if knows_hand_card(state, seat, index, c)]
        counted = [
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
        colours[slot] = [
            1.0,
            state.seat_of(index) == seat,
            state.turn == index,
            scaled(pawn.stamina, SMALL_CAP),
            pawn.alive,
            *(pawn.escaped == way for way in ("", "door", "trapdoor")),
            pawn.key is not None,
            *(scaled(n, SMALL_CAP) for n in counted),
        ]
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
    small = [
        state.general_turn,
        state.moved,
        state.items_used,
        state.items_allowed,
        state.ability_used,
        state.swaps_left,
        state.gas_timer,
        state.zone_reached,
        sum(len(cards) for cards, _squares in state.pending),
    ]
    parts["counts"][:] = [
        scaled(state.round, state.last_round),
        gm,
        scaled(state.gas, state.geo.columns),
        *(scaled(n, SMALL_CAP) for n in small),
        *(scaled(len(deck), DECK_CAP) for deck in state.decks),
        *(scaled(n, DECK_CAP) for n in discards),
        *(scaled(n, SMALL_CAP) for n in pending_kinds),
    ]
    seats = len(state.totals)
    parts["totals"][:] = [scaled(state.totals[(seat + k) % seats], TOTAL_CAP) for k in range(seats)]
    return flat
