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


def expected_points(s: TouchdownState, team: int, down: int, row: int) -> float:
    """Points a `down` with the ball on absolute `row` is worth to `team`."""
    b = s.board
    if down > 4:  # a failed fourth down: the other team's first down here
        return -expected_points(s, 1 - team, 1, row)
    rows = min(max(s.adv(team, row) - b.first_field_row(), 0), b.field_rows)
    return EP_DOWN[down - 1] + EP_PER_ROW * rows


def ball_value(s: TouchdownState) -> tuple[int, float]:
    """The team the ball is worth something to, and its expected points, as if the
    ball went dead now."""
    b = s.board
    sq = s.ball_square()
    kicking = s.kind in ("kickoff", "punt")
    if s.kind == "kickoff" and (
        sq is None or (s.carrier is not None and s.team_of(s.carrier) == s.play_offence)
    ):
        return 1 - s.play_offence, EP_KICKOFF
    if sq is None:  # between actions: the down about to be played
        return s.possession, expected_points(s, s.possession, s.down, b.row(s.spot))
    team = s.team_of(s.carrier) if s.carrier is not None else s.possession
    if kicking and s.carrier is None:
        team = 1 - s.play_offence  # a kicked ball in the air or on the ground
    row = b.row(sq)
    if team != s.play_offence or kicking:
        return team, expected_points(s, team, 1, row)
    if s.adv(team, row) - s.adv(team, s.yc) > b.rows_per_ten_yards:
        return team, expected_points(s, team, 1, row)
    return team, expected_points(s, team, s.down + 1, row)


def plays_left(s: TouchdownState) -> float:
    """About how many actions the current half still has."""
    total = s.game_quarters()
    half_end = total // 2 if s.quarter <= total // 2 else total
    quarter = s.quarter_seconds()
    left = (half_end - s.quarter) * quarter + max(quarter - s.clock, 0)
    return 1.0 if s.last and s.quarter == half_end else 1.0 + left / PLAY_SECONDS


def quarters_left(s: TouchdownState) -> float:
    """Quarters of the match still to play (0 on the match's last action)."""
    total, quarter = s.game_quarters(), s.quarter_seconds()
    if s.last and s.quarter == total:
        return 0.0
    return (total - s.quarter) + max(quarter - s.clock, 0) / quarter


def expected_margin(s: TouchdownState, seat: int) -> float:
    """Score margin plus the ball's expected points (shrunk near the end of the
    half), from `seat`'s side."""
    margin = float(s.score[seat] - s.score[1 - seat])
    if s.phase != Phase.OVER:
        team, points = ball_value(s)
        weight = min(1.0, plays_left(s) / FULL_EP_PLAYS)
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
