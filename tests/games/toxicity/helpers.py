"""Scenario builders for Toxicity rule tests: a known board, known decks."""

from __future__ import annotations

from ludoteca import games
from ludoteca.games.toxicity import rounds
from ludoteca.games.toxicity.state import ToxicityState


def new_state(players: int = 5, seed: int = 0, **options: object) -> ToxicityState:
    """A fresh game at the start of round 1."""
    state = games.load("toxicity", players=players, **options).new_game(seed)
    assert isinstance(state, ToxicityState)
    return state


def bare(players: int = 5, seed: int = 0, **options: object) -> ToxicityState:
    """Round 1 with nothing dealt beyond the pre-filled columns, no hands, empty
    decks, and the blue pawn about to act."""
    st = new_state(players, seed, **options)
    prefilled = {x for x in st.data.prefilled_columns}
    for s in range(st.geo.size):
        if s % st.geo.columns not in prefilled:
            st.board[s] = None
            st.face_up[s] = False
    st.decks = [[], [], []]
    st.pending = []
    for p in st.pawns:
        p.items = []
    st.private = {}
    st.gas, st.gas_timer, st.zone_reached, st.zones = 0, 2, 0, []
    st.turn = 0
    rounds.start_turn(st)
    st._legal = None
    return st


def sq(state: ToxicityState, name: str) -> int:
    """The square index of a name like `c4`."""
    return state.geo.index_of[name]


def put(state: ToxicityState, name: str, card: str, face_up: bool | None = None) -> None:
    """Lay a card on a square (walls face up unless told otherwise)."""
    s = sq(state, name)
    state.board[s] = card
    state.face_up[s] = card.startswith("wall") if face_up is None else face_up
    state._legal = None


def place_pawn(state: ToxicityState, colour: str, name: str) -> None:
    """Move a pawn to a square without any effect."""
    index = state.pawn_by_colour(colour)
    assert index is not None
    state.pawns[index].square = sq(state, name)
    state._legal = None


def pawn(state: ToxicityState, colour: str) -> int:
    """The index of a colour's pawn."""
    index = state.pawn_by_colour(colour)
    assert index is not None
    return index


def turn_of(state: ToxicityState, colour: str) -> None:
    """Make it `colour`'s turn, freshly started."""
    state.turn = pawn(state, colour)
    rounds.start_turn(state)
    state._legal = None


def give(state: ToxicityState, colour: str, *cards: str) -> None:
    """Put items in a pawn's hand."""
    state.pawns[pawn(state, colour)].items.extend(cards)
    state._legal = None


def card(name: str, n: int = 1, rnd: int = 1) -> str:
    """A card id: `card("trap-stun")` -> `trap-stun-1#r1`."""
    return f"{name}-{n}#r{rnd}"
