"""A seat's observation tensor (issue 21): what `observation(seat)` shows, as numbers.

Float32 in [0, 1] (counts divided by their largest value, or cut at a cap), in named
blocks (`layout`): one row per card of the deck (`game.cards`, in order) saying
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

from ludoteca.core.layout import Block, TensorLayout, scaled
from ludoteca.games.toinc.config import ToincConfig
from ludoteca.games.toinc.fields import Phase, ToincFields

PHASES = tuple(Phase)
PLACES = 16  # the rows' columns: where a card is seen
COUNTS = 28
YARDS = 100
"""The field's yards; hand sizes and substitutions are cut at `SMALL_CAP`, scores at
`SCORE_CAP`, overtime turns at `OVERTIME_CAP`."""
SMALL_CAP = 20
SCORE_CAP = 100
OVERTIME_CAP = 20


def layout(game: ToincConfig) -> TensorLayout:
    """The blocks for this deck (and variant): where each card is seen, the phase, the
    draw piles' sizes and the counts. No board: Toinc's tensor has no planes."""
    return TensorLayout(
        [
            Block("cards", (len(game.cards), PLACES)),
            Block("phase", (len(PHASES),)),
            Block("piles", (len(game.decks),)),
            Block("counts", (COUNTS,)),
        ]
    )


def encode(state: ToincFields, seat: int) -> npt.NDArray[np.float32]:
    """`seat`'s tensor."""
    game = state.config
    index = {card: row for row, card in enumerate(game.cards)}
    shape = game.observation_layout()
    flat = shape.zeros()
    parts = shape.split(flat)
    places = parts["cards"]
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
    parts["phase"][PHASES.index(state.phase)] = 1.0
    parts["piles"][:] = [scaled(len(state.piles[key]), len(game.cards)) for key in game.decks]
    other = 1 - seat
    parts["counts"][:] = [
        scaled(len(state.hand[seat]), SMALL_CAP),
        scaled(len(state.hand[other]), SMALL_CAP),
        scaled(len(state.ohand[seat]), SMALL_CAP),
        scaled(len(state.ohand[other]), SMALL_CAP),
        state.offense == seat,
        state.actor == seat,
        scaled(state.pos, YARDS),
        scaled(state.down, 4),
        scaled(state.line, YARDS),
        scaled(state.line - state.pos, YARDS),
        scaled(state.period, 4),
        scaled(state.turns, game.period_turns or 1),
        scaled(game.period_turns, YARDS),
        scaled(state.ot_turns, OVERTIME_CAP),
        scaled(state.ot_stage, 3),
        state.conversion,
        scaled(state.score[seat], SCORE_CAP),
        scaled(state.score[other], SCORE_CAP),
        scaled(state.subs[seat], SMALL_CAP),
        scaled(state.subs[other], SMALL_CAP),
        scaled(state.start, YARDS),
        scaled(state.carry, SMALL_CAP),
        state.blitz,
        state.c_second,
        bool(state.c_pending),
        state.hider == seat,
        state.hider == seat and state.marker == "left",
        state.hider == seat and state.marker == "right",
    ]
    return flat
