"""Toinc leaf evaluation: the chance to win from the score, the drive and the turns left.

The rest of the game is modelled as a normal spread of net points around the drive's
expected points: the team with the ball expects `drive_points` more (its down, the
yards to go and its field position, fitted by turns left on heuristic self-play by
`benchmarks/fit_toinc_value.py`), with a spread that grows with the turns left
(*turnos*: a series ends with a first down, a score or a change of possession, and
the game ends after a fixed number of them). The value is P(win) - P(loss) with
scores in whole points, so a tie is worth 0, as in the game's returns.
"""

from __future__ import annotations

import math

from ludoteca.core import State
from ludoteca.games.toinc import tables as t
from ludoteca.games.toinc.fields import Phase
from ludoteca.games.toinc.state import ToincState

DRIVE: tuple[tuple[float, float, float, float, float, float], ...] = (
    (-2.638, -2.69, -2.497, -2.152, 0.035, 0.002),
    (-3.262, -3.131, -2.965, -2.128, 0.051, 0.004),
    (-3.118, -3.239, -3.127, -2.487, 0.048, 0.004),
    (-2.925, -2.832, -2.57, -2.261, 0.047, -0.003),
    (-3.229, -3.233, -3.058, -2.407, 0.051, 0.005),
    (-3.022, -3.14, -2.983, -2.516, 0.046, 0.007),
    (-2.689, -2.801, -2.672, -2.149, 0.042, -0.001),
    (-2.831, -2.837, -2.867, -2.261, 0.042, -0.003),
)
"""Net points the team with the ball expects over the rest of the game, by turns left
(1, 2, ..., the last row for as many or more): first..fourth down on its own goal
line, per yard of field position, per yard to go."""
SPREAD: tuple[float, ...] = (2.56, 4.06, 5.14, 6.04, 6.73, 7.46, 8.06, 9.18)
"""Standard deviation of the rest of the game's net points, by turns left (1, 2, ...;
beyond the table it grows as the square root of the turns left)."""
EXTRA_POINTS = 0.9
"""About what a touchdown's extra point adds (a 33-yard kick)."""
UNKNOWN_TURNS = 6
"""Turns left assumed where the game ends on a score target, not a turn count."""


def turns_left(state: ToincState) -> int:
    """Turns (*turnos*) before the game (or its overtime) ends by the clock, at least 1."""
    g = state.config
    if g.practice:
        left = g.practice_turns - state.turns if g.practice_turns else UNKNOWN_TURNS
    elif state.period <= 4:
        left = 4 * g.period_turns - state.turns
    else:
        left = g.overtime_turns - state.ot_turns
    return max(left, 1)


def drive_points(down: int, pos: int, to_go: int, left: int) -> float:
    """Net points expected by the team with the ball: `down` and `to_go` yards to go
    with the ball on its `pos` (0 its own goal line) and `left` turns left."""
    row = DRIVE[min(left, len(DRIVE)) - 1]
    return row[min(max(down, 1), 4) - 1] + row[4] * pos + row[5] * to_go


def spread(left: int) -> float:
    """Standard deviation of the net points still to come with `left` turns left."""
    if left <= len(SPREAD):
        return SPREAD[left - 1]
    return SPREAD[-1] * math.sqrt(left / len(SPREAD))


def expected_margin(state: ToincState, seat: int) -> float:
    """`seat`'s score margin plus the points it expects from the ball's position."""
    margin = float(state.score[seat] - state.score[1 - seat])
    left = turns_left(state)
    if state.phase in (Phase.HIDE, Phase.GUESS):
        return margin  # the ball marker's guess: either team may receive
    if state.phase == Phase.EXTRA or state.conversion:
        # the try, then a kick-off to the other team: its first down from the 25
        gain = EXTRA_POINTS - drive_points(1, t.TOUCHBACK, 10, max(left - 1, 1))
    else:
        gain = drive_points(state.down, state.pos, state.line - state.pos, left)
    return margin + (gain if state.offense == seat else -gain)


def _normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def evaluate(state: State, seat: int) -> float:
    """P(win) - P(loss) for `seat` in [-1, 1]; the true result at the end."""
    assert isinstance(state, ToincState)
    if state.is_terminal:
        return state.returns()[seat]
    mean = expected_margin(state, seat)
    sigma = spread(turns_left(state))
    win = 1.0 - _normal_cdf((0.5 - mean) / sigma)
    lose = _normal_cdf((-0.5 - mean) / sigma)
    return win - lose
