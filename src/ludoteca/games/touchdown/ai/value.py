"""Touch down leaf evaluation: the score margin plus the expected points of the ball.

The team with the ball is worth `EP_DOWN[down - 1] + EP_PER_ROW * rows` points,
`rows` counted from its own goal line; a kick-off is worth `EP_KICKOFF` to the
receiving team. The constants are a least-squares fit of the next score on
heuristic self-play (`benchmarks/fit_touchdown_ep.py`, 400 matches at the
rulebook's length). A ball still in play is valued as if it went dead where it
is now (*Palla morta*: the next down, a first down beyond the ten-yard marker,
the ball to the other team after a failed fourth down), so positions inside a
play and between plays are valued alike. The expected points shrink as the half
runs out of plays, since there is no time left to score them.
"""

from __future__ import annotations

import math

from ludoteca.core import State
from ludoteca.games.touchdown.fields import Phase
from ludoteca.games.touchdown.state import TouchdownState

EP_DOWN = (-0.17, -0.51, -0.81, -1.18)
"""Expected points of a first..fourth down on one's own goal line."""
EP_PER_ROW = 0.108
"""Expected points of each row further from one's own goal line."""
EP_KICKOFF = 0.17
"""Expected points of the receiving team at a kick-off."""
PLAY_SECONDS = 150
"""About how long an action takes on the clock (+2 minutes and the timing dice)."""
FULL_EP_PLAYS = 3.0
"""With fewer plays than this left in the half, the expected points shrink."""
POINTS_SCALE = 7.0
"""Points of margin that make `ep_evaluate`'s value tanh(1) (a touch down and its kick)."""
WP_VAR_BASE = 12.5
"""Variance (points squared) of the margin still to come with no time left."""
WP_VAR_PER_QUARTER = 45.0
"""Variance (points squared) the margin still to come gains per quarter left."""


def expected_points(state: TouchdownState, team: int, down: int, row: int) -> float:
    """Points a `down` with the ball on absolute `row` is worth to `team`."""
    b = state.board
    if down > 4:  # a failed fourth down: the other team's first down here
        return -expected_points(state, 1 - team, 1, row)
    rows = min(max(state.adv(team, row) - b.first_field_row(), 0), b.field_rows)
    return EP_DOWN[down - 1] + EP_PER_ROW * rows


def ball_value(state: TouchdownState) -> tuple[int, float]:
    """The team the ball is worth something to, and its expected points, as if the
    ball went dead now."""
    b = state.board
    sq = state.ball_square()
    kicking = state.kind in ("kickoff", "punt")
    if state.kind == "kickoff" and (
        sq is None
        or (state.carrier is not None and state.team_of(state.carrier) == state.play_offence)
    ):
        return 1 - state.play_offence, EP_KICKOFF
    if sq is None:  # between actions: the down about to be played
        return state.possession, expected_points(
            state, state.possession, state.down, b.row(state.spot)
        )
    team = state.team_of(state.carrier) if state.carrier is not None else state.possession
    if (kicking or state.kick_missed) and state.carrier is None:
        team = 1 - state.play_offence  # a kicked ball in the air or on the ground
    row = b.row(sq)
    if team != state.play_offence or kicking:
        return team, expected_points(state, team, 1, row)
    if state.adv(team, row) - state.adv(team, state.yc) > b.rows_per_ten_yards:
        return team, expected_points(state, team, 1, row)
    return team, expected_points(state, team, state.down + 1, row)


def plays_left(state: TouchdownState) -> float:
    """About how many actions the current half still has."""
    total = state.game_quarters()
    half_end = total // 2 if state.quarter <= total // 2 else total
    quarter = state.quarter_seconds()
    left = (half_end - state.quarter) * quarter + max(quarter - state.clock, 0)
    return 1.0 if state.last and state.quarter == half_end else 1.0 + left / PLAY_SECONDS


def quarters_left(state: TouchdownState) -> float:
    """Quarters of the match still to play (0 on the match's last action)."""
    total, quarter = state.game_quarters(), state.quarter_seconds()
    if state.last and state.quarter == total:
        return 0.0
    return (total - state.quarter) + max(quarter - state.clock, 0) / quarter


def expected_margin(state: TouchdownState, seat: int) -> float:
    """Score margin plus the ball's expected points (shrunk near the end of the
    half), from `seat`'s side."""
    margin = float(state.score[seat] - state.score[1 - seat])
    if state.phase != Phase.OVER:
        team, points = ball_value(state)
        weight = min(1.0, plays_left(state) / FULL_EP_PLAYS)
        margin += weight * (points if team == seat else -points)
    return margin


def win_value(margin: float, quarters: float) -> float:
    """P(win) - P(loss) of an expected `margin` with `quarters` left: the margin
    still to come is taken as normal, with variance `WP_VAR_BASE +
    WP_VAR_PER_QUARTER * quarters`."""
    sd = math.sqrt(WP_VAR_BASE + WP_VAR_PER_QUARTER * max(quarters, 0.0))
    return math.erf(margin / (sd * math.sqrt(2.0)))


def evaluate(state: State, seat: int) -> float:
    """The win-probability style value of the expected margin (`win_value`), from
    `seat`'s side, in [-1, 1]; the true result at the end."""
    assert isinstance(state, TouchdownState)
    if state.is_terminal:
        return state.returns()[seat]
    return win_value(expected_margin(state, seat), quarters_left(state))


def ep_evaluate(state: State, seat: int) -> float:
    """The former leaf value: `tanh(expected margin / POINTS_SCALE)`; the true
    result at the end."""
    assert isinstance(state, TouchdownState)
    if state.is_terminal:
        return state.returns()[seat]
    return math.tanh(expected_margin(state, seat) / POINTS_SCALE)
