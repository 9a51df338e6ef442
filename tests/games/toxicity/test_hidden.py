"""Hidden information: face-down cards, hidden hands, hidden decks, determinization."""

from __future__ import annotations

import json
import random
import re

import pytest

from ludoteca.games.toxicity.cards import is_item, is_wall, kind
from ludoteca.games.toxicity.state import ToxicityState

from .helpers import bare, card, new_state, place_pawn, put


def _tokens(state: ToxicityState, seat: int | None) -> set[str]:
    return set(re.findall(r"[A-Za-z0-9_.:#+-]+", json.dumps(state.observation(seat))))


def _states(players: int, seed: int, every: int = 7) -> list[ToxicityState]:
    st = new_state(players, seed)
    rng = random.Random(seed)
    out = [st.clone()]
    n = 0
    while not st.is_terminal:
        st.apply(rng.choice(st.legal_actions()))
        n += 1
        if n % every == 0:
            out.append(st.clone())
    return out


@pytest.mark.parametrize("players", [3, 4, 5])
def test_no_observation_leaks_a_hidden_card(players: int) -> None:
    """No seat's observation (nor the spectator's) names a card it must not see; and
    there is always something hidden (the decks), so the check bites."""
    for state in _states(players, seed=players):
        for seat in [None, *range(players)]:
            hidden = state.secrets(seat)
            if not state.is_terminal:
                assert hidden
            assert not hidden & _tokens(state, seat)


def test_face_down_cards_hidden_from_pawns_known_to_gamemaster() -> None:
    """*Gamemaster*: the cards it places face down are hidden from the pawns."""
    st = bare()
    put(st, "d4", card("trap-stun"), face_up=False)
    for seat in range(5):
        seen = card("trap-stun") in _tokens(st, seat)
        assert seen == (seat == st.gamemaster)
    assert card("trap-stun") not in _tokens(st, None)


def test_blue_starting_item_only_blue_knows() -> None:
    """*Distribuição Inicial*: the blue pawn's random item is its own secret."""
    st = new_state(5, seed=1)
    item = st.pawns[0].items[0]
    for seat in range(5):
        assert (item in _tokens(st, seat)) == (seat == st.seat_of(0))


def test_deck_order_hidden_from_everyone() -> None:
    """The decks show only their sizes, to every seat."""
    st = new_state(5, seed=2)
    for seat in [None, *range(5)]:
        obs = st.observation(seat)
        assert obs["decks"] == [32, 24, 24]
        assert not {c for d in st.decks for c in d} & _tokens(st, seat)


def test_stepped_on_card_is_public() -> None:
    """Design: a card a pawn steps on is turned face up for everyone."""
    st = bare()
    put(st, "c4", card("trap-stun"), face_up=False)
    place_pawn(st, "blue", "b4")
    st.apply("walk:E")
    assert all(card("trap-stun") in _tokens(st, s) for s in range(5))


@pytest.mark.parametrize("seed", range(4))
def test_determinize_keeps_the_view_and_redeals_the_rest(seed: int) -> None:
    """A determinization keeps what the seat sees, re-deals the rest within the rules:
    keys stay in zone 2, the door in zone 3, no face-down wall, hands hold items."""
    for state in _states(5, seed, every=11)[:20]:
        for seat in range(5):
            world = state.determinize(seat, random.Random(seed))
            assert world.observation(seat) == state.observation(seat)
            for s, c in enumerate(world.board):
                if c and not world.face_up[s]:
                    assert not is_wall(c)
                    if kind(c) == "key":
                        assert world.geo.zone(s) == 1
                    if kind(c) == "door":
                        assert world.geo.zone(s) == 2
            assert all(kind(c) != "door" for c in world.decks[0] + world.decks[1])
            assert all(kind(c) != "key" for c in world.decks[0] + world.decks[2])
            assert all(is_item(c) for p in world.pawns for c in p.items)


def test_determinize_depends_only_on_what_the_seat_sees() -> None:
    """Two worlds of one information set re-sample identically with the same RNG."""
    for state in _states(4, 5, every=9)[:15]:
        for seat in range(4):
            one = state.determinize(seat, random.Random(1))
            two = state.determinize(seat, random.Random(2))
            a = one.determinize(seat, random.Random(9)).dump()
            b = two.determinize(seat, random.Random(9)).dump()
            assert a == b


def test_determinize_reshuffles_face_down_cards_for_a_pawn_not_the_gamemaster() -> None:
    """Pawns do not know face-down cards, so they are re-dealt; the gamemaster's stay."""
    st = bare()
    st.decks[0] = [card("floor-plain", n) for n in range(1, 6)]
    put(st, "d4", card("trap-stun"), face_up=False)
    worlds = {st.determinize(st.seat_of(0), random.Random(i)).board[39] for i in range(12)}
    assert len(worlds) > 1
    gm_worlds = {st.determinize(st.gamemaster, random.Random(i)).board[39] for i in range(12)}
    assert gm_worlds == {card("trap-stun")}


def test_picked_up_item_hidden_from_other_pawns() -> None:
    """Other pawns' items are hidden: a face-down item taken into a free slot is not
    shown to the other pawns; the gamemaster, who placed it, knows it."""
    st = bare()
    put(st, "c4", card("item-pistol"), face_up=False)
    place_pawn(st, "blue", "b4")
    st.apply("walk:E")
    assert st.pawns[0].items == [card("item-pistol")]
    for seat in [None, *range(5)]:
        knows = seat in (st.seat_of(0), st.gamemaster)
        assert (card("item-pistol") in _tokens(st, seat)) == knows
    red_view = st.observation(st.seat_of(1))["pawns"][0]["items"]
    assert red_view == ["?"]


def test_switch_shows_both_cards_to_both_pawns_only() -> None:
    """*Switch*: the two pawns learn the exchanged cards; the others learn nothing new."""
    st = bare()
    for p in st.pawns:
        p.square = st.geo.index_of["f1"]
    mine, theirs = card("item-knife"), card("item-pistol")
    st.pawns[0].items = [card("item-switch"), mine]
    st.private[mine] = [st.seat_of(0)]
    st.pawns[1].items = [theirs]
    st.private[theirs] = [st.seat_of(1)]
    st._legal = None
    st.apply(f"item:{card('item-switch')}:red:{mine}")
    blue, red, yellow = st.seat_of(0), st.seat_of(1), st.seat_of(2)
    assert {mine, theirs} <= _tokens(st, blue) and {mine, theirs} <= _tokens(st, red)
    assert not {mine, theirs} & _tokens(st, yellow)
