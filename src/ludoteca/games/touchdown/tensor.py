"""A seat's observation tensor (issue 21): the match as numbers, from the seat's side.

Touch down has no hidden information, so every seat's tensor holds the same facts; each
is turned to its reader: its own team first. Float32 in [0, 1], in named blocks
(`layout`): planes over the squares (the reader's players, the other team's, each
team's fallen players, the ball); one row per squad player (on the field, its column
and row, fallen, moved, carrying, picked, bench zone, tackle, speed, role); the phase
and the kind of action (one-hot); and the counts (quarter, clock, down, line to gain,
scrimmage, direction, move, timing dice, initiative, movement phase, allowance, score,
time outs), each divided by its largest value.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ludoteca.core.layout import Block, TensorLayout, scaled
from ludoteca.games.touchdown.config import TouchdownConfig
from ludoteca.games.touchdown.fields import OOB_PHASE, Phase, TouchdownFields
from ludoteca.games.touchdown.roster import ROLES, TEAM_LETTERS
from ludoteca.games.touchdown.tables import QUARTER_MINUTES

KINDS = ("kickoff", "attack", "punt", "fieldgoal", "conv1", "conv2")
PHASES = tuple(Phase)
PER_PLAYER = 11 + len(ROLES)
CARD_MAX = 3
"""A counter's tackle and speed (*contrasto*, *velocità*) run 0-3; bench zones 1-3."""
SCORE_CAP = 100
"""Scores and moves within an action are cut at these counts."""
MOVES_CAP = 30


def layout(game: TouchdownConfig) -> TensorLayout:
    """The blocks for this board and these squads: planes (the reader's players, the
    other team's, each team's fallen players, the ball), a row per squad player, the
    phase and kind of action, and the counts."""
    board = game.board
    grid = (board.height, board.width)
    return TensorLayout(
        [
            Block("players", (4, *grid)),
            Block("ball", (1, *grid)),
            Block("player_rows", (len(game.cards), PER_PLAYER)),
            Block("phase", (len(PHASES),)),
            Block("kind", (len(KINDS),)),
            Block("counts", (24,)),
        ],
        board=grid,
    )


def players_of(game: TouchdownConfig, seat: int) -> list[str]:
    """The squad players' ids, the reader's team first, each team by number."""
    teams = (TEAM_LETTERS[seat], TEAM_LETTERS[1 - seat])
    return sorted(game.cards, key=lambda p: (teams.index(p[0]), int(p[1:])))


def encode(state: TouchdownFields, seat: int) -> npt.NDArray[np.float32]:
    """`seat`'s tensor."""
    game, board = state.config, state.board
    shape = game.observation_layout()
    flat = shape.zeros()
    parts = shape.split(flat)
    planes = parts["players"].reshape(4, -1)
    mine = TEAM_LETTERS[seat]
    for player, square in state.pos.items():
        theirs = player[0] != mine
        planes[int(theirs), square] = 1.0
        if player in state.fallen:
            planes[2 + int(theirs), square] = 1.0
    if state.ball is not None:
        parts["ball"].reshape(-1)[state.ball] = 1.0
    last_col, last_row = board.width - 1, board.height - 1
    players = parts["player_rows"]
    for row, player in enumerate(players_of(game, seat)):
        card, at = game.cards[player], state.pos.get(player)
        players[row, :11] = [
            at is not None,
            0 if at is None else board.col(at) / last_col,
            0 if at is None else board.row(at) / last_row,
            player in state.fallen,
            player in state.moved,
            state.carrier == player,
            state.picked == player,
            player in state.bench,
            state.bench.get(player, 0) / CARD_MAX,
            card.tackle / CARD_MAX,
            card.speed / CARD_MAX,
        ]
        players[row, 11 + ROLES.index(card.role)] = 1.0
    parts["phase"][PHASES.index(state.phase)] = 1.0
    if state.kind in KINDS:
        parts["kind"][KINDS.index(state.kind)] = 1.0
    them = 1 - seat
    parts["counts"][:] = [
        scaled(state.quarter, 4),
        scaled(state.clock, 60 * (game.int_option("quarter_minutes") or QUARTER_MINUTES)),
        state.last,
        state.possession == seat,
        state.play_offence == seat,
        state.actor == seat,
        scaled(state.down, 4),
        scaled(state.yc, last_row),
        board.col(state.spot) / last_col,
        board.row(state.spot) / last_row,
        *((d + 1) / 2 for d in state.direction),
        scaled(state.move_no, MOVES_CAP),
        *(scaled(roll, 4) for roll in state.rolls),
        state.initiative == seat,
        scaled(state.mphase, OOB_PHASE),
        scaled(state.allow, MOVES_CAP),
        state.bonus_ok,
        state.extra,
        scaled(state.score[seat], SCORE_CAP),
        scaled(state.score[them], SCORE_CAP),
        state.timeouts[seat],
        state.timeouts[them],
    ]
    return flat
