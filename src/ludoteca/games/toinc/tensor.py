"""A seat's observation tensor (issue 21): what `observation(seat)` shows, as numbers.

Flat float32, in blocks: one row per card of the deck (`game.cards`, in order) saying
where the reader sees it (its own hand, its own outcome cards drawn, the table, a
discard pile, and each role of the play in progress: the defense's and the attack's
play, leaders and bonus players, the contest's leaders and bonus players, the cancelled
bonuses, the kept *desfechos*, the fouls pending); the phase (one-hot); and the counts,
the reader's side first (hand and draw sizes, the draw piles, ball, down, line, clock,
score, the play's state). Never a card of the other hand, the other's draws or a deck's
order; the ball marker only to the coach who hid it.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ludoteca.games.toinc.config import ToincConfig
from ludoteca.games.toinc.fields import Phase, ToincFields

PHASES = tuple(Phase)
PLACES = 16  # the rows' columns: where a card is seen
COUNTS = 28


def shape(game: ToincConfig) -> tuple[int]:
    """The tensor's length for this deck (and variant)."""
    return (len(game.cards) * PLACES + len(PHASES) + len(game.decks) + COUNTS,)


def encode(state: ToincFields, seat: int) -> npt.NDArray[np.float32]:
    """`seat`'s tensor."""
    game = state.config
    index = {card: row for row, card in enumerate(game.cards)}
    places = np.zeros((len(game.cards), PLACES), dtype=np.float32)
    discards = [card for key in game.decks for card in state.piles[key + "x"]]
    seen = (
        state.hand[seat],
        state.ohand[seat],
        state.table,
        discards,
        [state.d_play] if state.d_play else [],
        state.d_lead,
        state.d_bonus,
        [state.a_play] if state.a_play else [],
        state.a_lead,
        state.a_bonus,
        state.c_lead,
        state.c_bonus,
        state.contested,
        [pick for pick in state.picks if pick],
        state.fouls,
        state.known,
    )
    for column, cards in enumerate(seen):
        for card in cards:
            if card in index:
                places[index[card], column] = 1.0
    phase = [float(state.phase == p) for p in PHASES]
    piles = [len(state.piles[key]) for key in game.decks]
    other = 1 - seat
    counts = [
        len(state.hand[seat]),
        len(state.hand[other]),
        len(state.ohand[seat]),
        len(state.ohand[other]),
        state.offense == seat,
        state.actor == seat,
        state.pos,
        state.down,
        state.line,
        state.line - state.pos,
        state.period,
        state.turns,
        game.period_turns,
        state.ot_turns,
        state.ot_stage,
        state.conversion,
        state.score[seat],
        state.score[other],
        state.subs[seat],
        state.subs[other],
        state.start,
        state.carry,
        state.blitz,
        state.c_second,
        bool(state.c_pending),
        state.hider == seat,
        state.hider == seat and state.marker == "left",
        state.hider == seat and state.marker == "right",
    ]
    return np.concatenate([places.ravel(), np.array([*phase, *piles, *counts], dtype=np.float32)])
