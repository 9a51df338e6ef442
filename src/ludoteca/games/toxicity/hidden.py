"""Hidden information: each seat's view, its secrets, and re-dealing the unseen.

Face-down cards are known to the gamemaster only (it placed them); a hand card
is public once it was seen face up, else known to the seats in `private`; the
order and contents of the decks are known to nobody.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ludoteca.core.seeds import shuffle
from ludoteca.games.toxicity.cards import DOOR, KEY, WALL, is_item, is_wall, kind
from ludoteca.games.toxicity.observation import PawnView, ToxicityView

if TYPE_CHECKING:
    from ludoteca.games.toxicity.fields import ToxicityFields

RETRIES = 30
Slot = tuple[str, int, int, int]
"""Where an unseen card lies: (`deck`, zone, index, zone), (`board`, square, 0, zone),
(`pending`, group, index, zone) or (`hand`, pawn, index, -1)."""


def knows_hand_card(state: ToxicityFields, seat: int | None, owner: int, card: str) -> bool:
    """True if `seat` knows the pawn `owner` holds `card`."""
    who = state.private.get(card)
    return who is None or (seat is not None and (seat == state.seat_of(owner) or seat in who))


def observe(state: ToxicityFields, seat: int | None) -> ToxicityView:
    """Everything `seat` may see (None: a spectator)."""
    gm = seat is not None and state.roles and seat == state.gamemaster
    names, cols = state.geo.names, state.geo.columns
    board = []
    for y in range(state.geo.rows):
        row = []
        for s in range(y * cols, (y + 1) * cols):
            card = state.board[s]
            row.append(
                "."
                if card is None
                else "_"
                if card == ""
                else card
                if state.face_up[s] or gm
                else "?"
            )
        board.append(row)
    pawns: list[PawnView] = [
        {
            "colour": p.colour,
            "seat": state.seat_of(i),
            "square": names[p.square],
            "stamina": p.stamina,
            "alive": p.alive,
            "escaped": p.escaped,
            "key": p.key,
            "items": [c if knows_hand_card(state, seat, i, c) else "?" for c in p.items],
            "uses": dict(p.uses),
            "effects": {
                "stunned": p.stunned,
                "mud": p.mud,
                "no_run": p.no_run,
                "mask_turns": p.mask_turns,
                "immunity": p.immunity,
                "refreshed": p.refreshed,
                "regenerated": p.regenerated,
            },
            "kills": p.kills,
        }
        for i, p in enumerate(state.pawns)
    ]
    return {
        "round": state.round,
        "rounds": state.last_round,
        "roles": {"gamemaster": state.gamemaster}
        | {c: state.seat_of(i) for i, c in enumerate(state.colours)},
        "totals": list(state.totals),
        "board": board,
        # which squares hold a face-down card: public ("?" to the pawns), so the
        # gamemaster's picture can tell the cards only it knows from the face-up ones
        "face_down": [names[s] for s, c in enumerate(state.board) if c and not state.face_up[s]],
        "pawns": pawns,
        "decks": [len(d) for d in state.decks],
        "discard": list(state.discard),
        "gas": {"columns": state.gas, "timer": state.gas_timer, "zone": state.zone_reached + 1},
        "zones": [[k, state.colours[o], [names[s] for s in sq]] for k, o, sq in state.zones],
        "pending": [
            [[c if gm or is_wall(c) else "?" for c in cards], [names[s] for s in squares]]
            for cards, squares in state.pending
        ],
        "turn": {
            "pawn": state.colours[state.turn] if state.pawns else None,
            "general_turn": state.general_turn,
            "moved": state.moved,
            "items_used": state.items_used,
            "items_allowed": state.items_allowed,
            "ability_used": state.ability_used,
            "swaps_left": state.swaps_left,
        },
    }


def secrets(state: ToxicityFields, seat: int | None) -> set[str]:
    """Card ids `seat` must not see: the decks, face-down and pending cards (unless
    gamemaster), and hand cards it was never shown."""
    hidden = {c for deck in state.decks for c in deck}
    if seat is None or seat != state.gamemaster:
        hidden.update(c for s, c in enumerate(state.board) if c and not state.face_up[s])
        hidden.update(c for cards, _ in state.pending for c in cards if not is_wall(c))
    for i, p in enumerate(state.pawns):
        hidden.update(c for c in p.items if not knows_hand_card(state, seat, i, c))
    return hidden


def resample(state: ToxicityFields, seat: int, rng: random.Random) -> None:
    """Re-deal every card `seat` cannot see, consistently with what it sees.

    Slots keep their constraints: a face-down or pending card is never a wall, a
    hand slot holds an item, keys stay in zone 2 and the door in zone 3.
    """
    state.events = [e for e in state.events if e.visible_to(seat)]  # private lines tell secrets
    slots, cards = _unseen(state, seat)
    if not slots:
        return
    knowledge = {c: state.private[c] for c in cards if c in state.private}
    deal = None
    for _ in range(RETRIES):
        deal = _try_deal(slots, cards, rng, careful=False)
        if deal is not None:
            break
    else:
        deal = _try_deal(slots, cards, rng, careful=True)
    assert deal is not None, "the true deal always exists"
    _put_back(state, slots, deal)
    for c in cards:
        state.private.pop(c, None)
    for slot, old, new in zip(slots, cards, deal, strict=True):
        if slot[0] == "hand" and old in knowledge:
            state.private[new] = knowledge[old]


def _unseen(state: ToxicityFields, seat: int) -> tuple[list[Slot], list[str]]:
    """The slots of the cards `seat` cannot see, the decks' first, and those cards."""
    slots: list[Slot] = []
    cards: list[str] = []
    for z, deck in enumerate(state.decks):
        slots += [("deck", z, i, z) for i in range(len(deck))]
        cards += deck
    if seat != state.gamemaster:
        zone = state.geo.zone
        for s, c in enumerate(state.board):
            if c and not state.face_up[s]:
                slots.append(("board", s, 0, zone(s)))
                cards.append(c)
        for g, (drawn, squares) in enumerate(state.pending):
            z = zone(squares[0]) if squares else 0
            for i, c in enumerate(drawn):
                if not is_wall(c):
                    slots.append(("pending", g, i, z))
                    cards.append(c)
    for p_index, p in enumerate(state.pawns):
        for i, c in enumerate(p.items):
            if not knows_hand_card(state, seat, p_index, c) and not _shows(c):
                slots.append(("hand", p_index, i, -1))
                cards.append(c)
    return slots, cards


def _put_back(state: ToxicityFields, slots: list[Slot], deal: list[str]) -> None:
    """Lay `deal[k]` in `slots[k]`: the decks at once, then the other slots."""
    start = 0
    for deck in state.decks:
        deck[:] = deal[start : start + len(deck)]
        start += len(deck)
    for k in range(start, len(slots)):
        where, a, b, _ = slots[k]
        if where == "board":
            state.board[a] = deal[k]
        elif where == "pending":
            state.pending[a][0][b] = deal[k]
        else:
            state.pawns[a].items[b] = deal[k]


def _shows(card: str) -> bool:
    """A Syringe in hand shows itself (its holder's stamina goes over 3): never re-dealt."""
    return kind(card) == "item-syringe"


def _try_deal(
    slots: list[Slot], cards: list[str], rng: random.Random, careful: bool
) -> list[str] | None:
    """One random assignment of `cards` to `slots` honouring each slot's constraint.

    The cards are sorted first, so the result depends only on which cards are
    unseen, never on where they truly are. `careful` puts keys and the door on
    face-down squares before deck slots, leaving the deck room for the walls.
    """
    pool = sorted(cards)
    shuffle(rng, pool)
    free = list(range(len(slots)))
    shuffle(rng, free)
    deal = [""] * len(slots)
    dealt = [False] * len(slots)  # by slot
    used = [False] * len(pool)  # by place in the pool
    kinds = [kind(c) for c in pool]
    # each hand slot, in the free order, takes the first item left in the pool
    hands: list[int] = []
    fits: dict[int, list[int]] = {1: [], 2: []}  # the free slots of zones 2 and 3
    for i in free:
        slot = slots[i]
        if slot[0] == "hand":
            hands.append(i)
        elif slot[3] in fits:
            fits[slot[3]].append(i)
    if hands:
        items = [j for j, c in enumerate(pool) if is_item(c) and kinds[j] != "item-syringe"]
        if len(items) < len(hands):
            return None
        for i, j in zip(hands, items, strict=False):
            deal[i], dealt[i], used[j] = pool[j], True, True
    # each key (zone 2) and door (zone 3), in the pool order, takes its zone's first free slot
    if careful:
        for zone_slots in fits.values():
            zone_slots.sort(key=lambda i: slots[i][0] == "deck")
    taken = {1: 0, 2: 0}
    for j, what in enumerate(kinds):
        if what in (KEY, DOOR):
            zone = 1 if what == KEY else 2
            if taken[zone] == len(fits[zone]):
                return None
            i = fits[zone][taken[zone]]
            taken[zone] += 1
            deal[i], dealt[i], used[j] = pool[j], True, True
    # each wall takes the next free deck slot; the rest go to the rest in order
    walls = [j for j, what in enumerate(kinds) if what == WALL]
    decks = [i for i in free if not dealt[i] and slots[i][0] == "deck"]
    if len(walls) > len(decks):
        return None
    for j, i in zip(walls, decks, strict=False):
        deal[i], dealt[i], used[j] = pool[j], True, True
    rest = [c for j, c in enumerate(pool) if not used[j]]
    for i, card in zip([i for i in free if not dealt[i]], rest, strict=True):
        deal[i] = card
    return deal
