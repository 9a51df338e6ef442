"""Toinc's observation tensor (issue 21): a coach's own hand is in it, the other's never."""

from __future__ import annotations

import random

from ludoteca import games
from ludoteca.games.toinc import tensor


def test_the_tensor_holds_the_readers_hand_and_not_the_others() -> None:
    game = games.load("toinc", variant="two-deck", length="practice", practice_turns=4)
    state = game.new_game(5)
    rng = random.Random(5)
    while not (state.hand[0] and state.hand[1]):  # type: ignore[attr-defined]
        state.apply(rng.choice(state.legal_actions()))
    cards = list(game.cards)  # type: ignore[attr-defined]
    for seat in (0, 1):
        places = state.observation_tensor(seat)[: len(cards) * tensor.PLACES]
        mine = {cards[row] for row in places.reshape(len(cards), -1)[:, 0].nonzero()[0]}
        assert mine == set(state.hand[seat])  # type: ignore[attr-defined]
        theirs = set(state.hand[1 - seat]) - set(state.known)  # type: ignore[attr-defined]
        seen = places.reshape(len(cards), -1)[[cards.index(c) for c in theirs]]
        assert not seen.any(), "a card of the other hand shows in the tensor"
