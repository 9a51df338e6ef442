"""Fog of war and the gamemaster's card placement (*Fog of War*, *Gamemaster*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.i18n import Tn
from ludoteca.core.seeds import shuffle
from ludoteca.games.toxicity.action import parse
from ludoteca.games.toxicity.cards import card_name, is_wall

if TYPE_CHECKING:
    from ludoteca.games.toxicity.fields import ToxicityFields

LAST_ZONE = 2


def walls_in_column(state: ToxicityFields, column: int) -> int:
    """How many walls lie in a column (*no máximo cinco paredes por coluna*)."""
    column_cards = state.board[column :: state.geo.columns]  # walls are cards "w..."
    return sum(1 for card in column_cards if card and card[0] == "w")


def can_place(state: ToxicityFields, card: str, square: int) -> bool:
    """A wall needs a column with fewer than five walls and no pawn on the square."""
    if not is_wall(card):
        return True
    if any(p.on_board and p.square == square for p in state.pawns):
        return False
    return walls_in_column(state, square % state.geo.columns) < state.data.max_walls_per_column


def draw_non_wall(state: ToxicityFields, zone: int) -> str | None:
    """Draw for an empty landing square: a wall goes back, the deck is shuffled, draw
    again (*Gamemaster*); None if the deck holds no card but walls."""
    deck = state.decks[zone]
    if all(is_wall(c) for c in deck):
        return None
    card = deck.pop()
    while is_wall(card):
        state.log("The gamemaster draws a wall for an empty square and shuffles it back")
        deck.append(card)
        shuffle(state.rng, deck)
        card = deck.pop()
    return card


def deal_landing(state: ToxicityFields, square: int) -> None:
    """A pawn lands on a square without a card: the gamemaster deals one (never a wall)."""
    card = draw_non_wall(state, state.geo.zone(square))
    state.board[square] = card or ""
    state.log("The gamemaster deals a card to {square}", square=state.geo.names[square])


def _collinear(state: ToxicityFields, squares: list[int]) -> bool:
    xs = {s % state.geo.columns for s in squares}
    ys = {s // state.geo.columns for s in squares}
    return len(xs) == 1 or len(ys) == 1


def reveal(state: ToxicityFields, landing: int, direction: str, running: bool) -> None:
    """Draw a card for each square the move reveals, for the gamemaster to place.

    Each square draws from its own zone's deck. In the third zone, three walls for
    three squares in one line go back and are re-drawn (*Gamemaster*).
    """
    geo, board, gas = state.geo, state.board, state.gas
    columns, zone_of_column = geo.columns, geo.zone_of_column
    targets: list[int] = []
    for square in geo.fog(landing, direction, running):  # fresh: never dealt, not in the gas
        fresh = board[square] is None and square % columns >= gas
        if fresh and square != landing and square not in targets:
            targets.append(square)
    if not targets:
        return
    for zone in range(3):
        group = [s for s in targets if zone_of_column[s % columns] == zone]
        if not group:
            continue
        deck = state.decks[zone]
        cards = [deck.pop() for _ in range(min(len(group), len(deck)))]
        while (
            zone == LAST_ZONE
            and len(cards) == 3
            and all(is_wall(c) for c in cards)
            and _collinear(state, group)
            and not all(is_wall(c) for c in deck)
        ):
            state.log("Three walls in a row: back to the deck, shuffled, re-drawn")
            deck.extend(cards)
            shuffle(state.rng, deck)
            cards = [deck.pop() for _ in range(3)]
        if not cards:
            continue
        where = ", ".join(state.geo.names[s] for s in group)
        walls = sum(1 for c in cards if is_wall(c))
        drawn = Tn(
            "The gamemaster draws {n} card for {squares} (walls among them: {walls})",
            "The gamemaster draws {n} cards for {squares} (walls among them: {walls})",
            len(cards),
            squares=where,
            walls=walls,
        )
        state.log(drawn)
        others = [c for c in cards if not is_wall(c)]
        if others:
            state.log(
                "You draw {cards}",
                frozenset({state.gamemaster}),
                cards=tuple(card_name(c) for c in others),
            )
        state.pending.append([cards, group])


def placement_actions(state: ToxicityFields) -> list[str]:
    """`place:<square>` for the next drawn card, on each square allowed to it."""
    cards, squares = state.pending[0]
    card = cards[0]
    places = state.geo.places
    return [places[s] for s in squares if can_place(state, card, s)]


def place(state: ToxicityFields, action: str) -> None:
    """Put the next drawn card on a square: walls face up, the rest face down."""
    _put(state, state.geo.index_of[parse(action).arg])


def _put(state: ToxicityFields, square: int) -> None:
    cards, squares = state.pending[0]
    card = cards.pop(0)
    squares.remove(square)
    state.board[square] = card
    state.face_up[square] = is_wall(card)
    name = state.geo.names[square]
    if is_wall(card):
        state.log("The gamemaster places {card} at {square}", card=card_name(card), square=name)
    else:
        state.log("The gamemaster places a face-down card at {square}", square=name)
        state.log(
            "You place {card} at {square}",
            frozenset({state.gamemaster}),
            card=card_name(card),
            square=name,
        )
    if not cards:
        state.pending.pop(0)


def auto_place(state: ToxicityFields) -> bool:
    """Make a placement that leaves no choice; False if the gamemaster must decide.

    A wall with no allowed square goes back to its deck for a non-wall card; if the
    deck has none, it simply goes back and one square stays unrevealed.
    """
    cards, squares = state.pending[0]
    if not cards:
        state.pending.pop(0)
        return True
    card = cards[0]
    allowed = [s for s in squares if can_place(state, card, s)]
    if len(allowed) == 1:
        _put(state, allowed[0])
        return True
    if allowed:
        return False
    zone = state.geo.zone(squares[0])
    state.decks[zone].append(cards.pop(0))
    state.log("A wall cannot be placed (five walls a column): back to the deck")
    replacement = draw_non_wall(state, zone)
    if replacement is not None:
        cards.insert(0, replacement)
    elif not cards:
        state.pending.pop(0)
    return True
