"""A seat's observation tensor (issue 21): the match as numbers, from the seat's side.

Touch down has no hidden information, so every seat's tensor holds the same facts; each
is turned to its reader: its own team first. Flat float32, in blocks: three planes over
the squares (the reader's players, the other team's, the ball); one row per squad player
(on the field, its column and row, fallen, moved, carrying, picked, bench zone, tackle,
speed, role); the phase and the kind of action (one-hot); and the counts (quarter,
clock, down, line to gain, scrimmage, direction, move, timing dice, initiative,
movement phase, allowance, score, time outs).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ludoteca.games.touchdown.config import TouchdownConfig
from ludoteca.games.touchdown.fields import Phase, TouchdownFields
from ludoteca.games.touchdown.roster import ROLES, TEAM_LETTERS

KINDS = ("kickoff", "attack", "punt", "fieldgoal", "conv1", "conv2")
PHASES = tuple(Phase)
PER_PLAYER = 11 + len(ROLES)
COUNTS = 22


def shape(game: TouchdownConfig) -> tuple[int]:
    """The tensor's length for this board and these squads."""
    squares = len(game.board.names)
    return (3 * squares + len(game.cards) * PER_PLAYER + len(PHASES) + len(KINDS) + COUNTS,)


def players_of(game: TouchdownConfig, seat: int) -> list[str]:
    """The squad players' ids, the reader's team first, each team by number."""
    teams = (TEAM_LETTERS[seat], TEAM_LETTERS[1 - seat])
    return sorted(game.cards, key=lambda p: (teams.index(p[0]), int(p[1:])))


def encode(state: TouchdownFields, seat: int) -> npt.NDArray[np.float32]:
    """`seat`'s tensor."""
    game, board = state.config, state.board
    squares = len(board.names)
    planes = np.zeros((3, squares), dtype=np.float32)
    mine = TEAM_LETTERS[seat]
    for player, square in state.pos.items():
        planes[0 if player[0] == mine else 1, square] = 1.0
    if state.ball is not None:
        planes[2, state.ball] = 1.0
    players = np.zeros((len(game.cards), PER_PLAYER), dtype=np.float32)
    for row, player in enumerate(players_of(game, seat)):
        card, at = game.cards[player], state.pos.get(player)
        players[row, :11] = [
            at is not None,
            0 if at is None else board.col(at),
            0 if at is None else board.row(at),
            player in state.fallen,
            player in state.moved,
            state.carrier == player,
            state.picked == player,
            player in state.bench,
            state.bench.get(player, 0),
            card.tackle,
            card.speed,
        ]
        players[row, 11 + ROLES.index(card.role)] = 1.0
    phase = [float(state.phase == p) for p in PHASES]
    kind = [float(state.kind == k) for k in KINDS]
    them = 1 - seat
    counts = [
        state.quarter,
        state.clock,
        state.last,
        state.possession == seat,
        state.play_offence == seat,
        state.actor == seat,
        state.down,
        state.yc,
        board.col(state.spot),
        board.row(state.spot),
        *state.direction,
        state.move_no,
        *state.rolls,
        state.initiative == seat,
        state.mphase,
        state.allow,
        state.bonus_ok,
        state.extra,
        state.score[seat] - state.score[them],
        state.timeouts[seat],
    ]
    return np.concatenate(
        [planes.ravel(), players.ravel(), np.array([*phase, *kind, *counts], dtype=np.float32)]
    )
