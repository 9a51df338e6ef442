"""Fog of war and the gamemaster's card placement (*Fog of War*, *Gamemaster*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.games.toxicity.cards import is_wall

if TYPE_CHECKING:
    from ludoteca.games.toxicity.fields import ToxicityFields

LAST_ZONE = 2


def walls_in_column(st: ToxicityFields, column: int) -> int:
    """How many walls lie in a column (*no máximo cinco paredes por coluna*)."""
    cols = st.geo.columns
    return sum(1 for y in range(st.geo.rows) if st.is_wall_at(y * cols + column))


def can_place(st: ToxicityFields, card: str, square: int) -> bool:
    """A wall needs a column with fewer than five walls and no pawn on the square."""
    if not is_wall(card):
        return True
    if any(p.on_board and p.square == square for p in st.pawns):
        return False
    return walls_in_column(st, square % st.geo.columns) < st.data.max_walls_per_column


def draw_non_wall(st: ToxicityFields, zone: int) -> str | None:
    """Draw for an empty landing square: a wall goes back, the deck is shuffled, draw
    again (*Gamemaster*); None if the deck holds no card but walls."""
    deck = st.decks[zone]
    if all(is_wall(c) for c in deck):
        return None
    card = deck.pop()
    while is_wall(card):
        st.log("The gamemaster draws a wall for an empty square and shuffles it back")
        deck.append(card)
        st.rng.shuffle(deck)
        card = deck.pop()
    return card


def deal_landing(st: ToxicityFields, square: int) -> None:
    """A pawn lands on a square without a card: the gamemaster deals one (never a wall)."""
    card = draw_non_wall(st, st.geo.zone(square))
    st.board[square] = card or ""
    st.log(f"The gamemaster deals a card to {st.geo.names[square]}")


def _collinear(st: ToxicityFields, squares: list[int]) -> bool:
    xs = {s % st.geo.columns for s in squares}
    ys = {s // st.geo.columns for s in squares}
    return len(xs) == 1 or len(ys) == 1


def reveal(st: ToxicityFields, landing: int, direction: str, running: bool) -> None:
    """Draw a card for each square the move reveals, for the gamemaster to place.

    Each square draws from its own zone's deck. In the third zone, three walls for
    three squares in one line go back and are re-drawn (*Gamemaster*).
    """
    targets: list[int] = []
    for square in st.geo.fog(landing, direction, running):
        fresh = st.board[square] is None and not st.in_gas(square)
        if square != landing and fresh and square not in targets:
            targets.append(square)
    for zone in range(3):
        group = [s for s in targets if st.geo.zone(s) == zone]
        if not group:
            continue
        deck = st.decks[zone]
        cards = [deck.pop() for _ in range(min(len(group), len(deck)))]
        while (
            zone == LAST_ZONE
            and len(cards) == 3
            and all(is_wall(c) for c in cards)
            and _collinear(st, group)
            and not all(is_wall(c) for c in deck)
        ):
            st.log("Three walls in a row: back to the deck, shuffled, re-drawn")
            deck.extend(cards)
            st.rng.shuffle(deck)
            cards = [deck.pop() for _ in range(3)]
        if not cards:
            continue
        where = ", ".join(st.geo.names[s] for s in group)
        walls = sum(1 for c in cards if is_wall(c))
        st.log(f"The gamemaster draws {len(cards)} card(s) for {where}, {walls} wall(s)")
        others = [c for c in cards if not is_wall(c)]
        if others:
            st.log(f"You draw {', '.join(others)}", frozenset({st.gamemaster}))
        st.pending.append([cards, group])


def placement_actions(st: ToxicityFields) -> list[str]:
    """`place:<square>` for the next drawn card, on each square allowed to it."""
    cards, squares = st.pending[0]
    card = cards[0]
    return [f"place:{st.geo.names[s]}" for s in squares if can_place(st, card, s)]


def place(st: ToxicityFields, action: str) -> None:
    """Put the next drawn card on a square: walls face up, the rest face down."""
    _put(st, st.geo.index_of[Action.parse(action).arg])


def _put(st: ToxicityFields, square: int) -> None:
    cards, squares = st.pending[0]
    card = cards.pop(0)
    squares.remove(square)
    st.board[square] = card
    st.face_up[square] = is_wall(card)
    name = st.geo.names[square]
    if is_wall(card):
        st.log(f"The gamemaster places {card} at {name}")
    else:
        st.log(f"The gamemaster places a face-down card at {name}")
        st.log(f"You place {card} at {name}", frozenset({st.gamemaster}))
    if not cards:
        st.pending.pop(0)


def auto_place(st: ToxicityFields) -> bool:
    """Make a placement that leaves no choice; False if the gamemaster must decide.

    A wall with no allowed square goes back to its deck for a non-wall card; if the
    deck has none, it simply goes back and one square stays unrevealed.
    """
    cards, squares = st.pending[0]
    if not cards:
        st.pending.pop(0)
        return True
    card = cards[0]
    allowed = [s for s in squares if can_place(st, card, s)]
    if len(allowed) == 1:
        _put(st, allowed[0])
        return True
    if allowed:
        return False
    zone = st.geo.zone(squares[0])
    st.decks[zone].append(cards.pop(0))
    st.log("A wall cannot be placed (five walls a column): back to the deck")
    replacement = draw_non_wall(st, zone)
    if replacement is not None:
        cards.insert(0, replacement)
    elif not cards:
        st.pending.pop(0)
    return True
