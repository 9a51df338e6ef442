"""Toxicity 101 leaf value: each seat's chance to finish with the highest total.

Every seat's final total is modelled as normal: its points so far (*Pontuação*), plus
this round's expected points (each pawn on the board escapes with the fitted
`escape_probability`, and otherwise dies, a point for the gamemaster), plus the
rounds still to come, where the roles rotate (*Rondas*: "ao fim de cada ronda, altera-se
o gamemaster e os restantes jogadores"; blue becomes the gamemaster) and each colour
escapes at its rate in heuristic self-play. The variances are the rounds' Bernoulli
variances. The value is the seat's expected return under that model: +1 for the
top total, -1/(seats - 1) otherwise, as in `State.returns`.

`WEIGHTS`, `RATES` and `ESCAPE_POINTS` are fitted by `benchmarks/fit_toxicity_value.py`
on heuristic self-play; the logistic fit reads only public facts (the projection of
`toxicity_value.escape_chance`, the key, the gas, the column, the furthest zone reached, a mask and
the colour).
"""

from __future__ import annotations

import math

import numpy as np

from ludoteca.core import State
from ludoteca.games.toxicity.ai.value import Picture, escape_chance
from ludoteca.games.toxicity.pawn import Pawn
from ludoteca.games.toxicity.state import ToxicityState

WEIGHTS: tuple[float, ...] = (
    -1.795,
    4.003,
    1.423,
    0.006,
    -0.51,
    -0.749,
    -0.267,
    -1.484,
    -1.998,
    -0.021,
    0.787,
    0.904,
)
"""Logistic weights of `features` (refit with `benchmarks/fit_toxicity_value.py`)."""
RATES: dict[str, float] = {"blue": 0.115, "red": 0.097, "yellow": 0.391, "green": 0.282}
"""Escapes per pawn round of each colour in heuristic self-play."""
ESCAPE_POINTS = 1.249
"""Mean points of an escape (1 through the door, 2 through the trapdoor, plus kills)."""
MIN_SPREAD = 0.5
"""Standard deviation floor of a final total (totals are whole points)."""
_NODES = tuple(
    (float(z), float(w)) for z, w in zip(*np.polynomial.hermite_e.hermegauss(10), strict=True)
)
"""Gauss-Hermite nodes and weights (probabilists', ten points; weights sum to sqrt(2 pi))."""


def features(view: Picture, pawn: Pawn, chance: float) -> tuple[float, ...]:
    """Inputs of the escape fit for `pawn` on the board (`chance`: its projection)."""
    state = view.state
    last = state.geo.columns - 1
    x = pawn.square % state.geo.columns
    key = 1.0 if pawn.key is not None else 0.0
    margin = x - state.gas
    return (
        1.0,
        chance,
        key,
        margin / last,
        float(margin <= 2),
        x / last,
        state.zone_reached / 2,
        key * x / last,
        float(pawn.mask_turns > 0 or pawn.has("mask")),
        float(pawn.colour == "red"),
        float(pawn.colour == "yellow"),
        float(pawn.colour == "green"),
    )


def escape_probability(view: Picture, pawn: Pawn) -> float:
    """Fitted chance that `pawn` (on the board) escapes this round."""
    row = features(view, pawn, escape_chance(view, pawn))
    z = sum(w * f for w, f in zip(WEIGHTS, row, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def outlook(state: ToxicityState) -> list[tuple[float, float]]:
    """(expected final total, its variance) of every seat."""
    mean = [float(t) for t in state.totals]
    var = [0.0] * state.seats
    view = Picture.of(state)
    master = state.gamemaster
    for index, pawn in enumerate(state.pawns):
        seat = state.seat_of(index)
        if pawn.escaped:
            mean[seat] += (2 if pawn.escaped == "trapdoor" else 1) + pawn.kills
        elif not pawn.alive:
            mean[master] += 1
        else:
            p = escape_probability(view, pawn)
            _add(mean, var, seat, master, p)
    for ahead in range(1, state.last_round - state.round + 1):
        roles = state.roles[ahead:] + state.roles[:ahead]
        for colour, seat in zip(state.colours, roles[1:], strict=False):
            _add(mean, var, seat, roles[0], RATES.get(colour, 0.2))
    return list(zip(mean, var, strict=True))


def _add(mean: list[float], var: list[float], seat: int, master: int, p: float) -> None:
    """A pawn of `seat` that escapes with chance `p`, else dies for `master`."""
    mean[seat] += p * ESCAPE_POINTS
    var[seat] += p * (1 - p) * ESCAPE_POINTS**2
    mean[master] += 1 - p
    var[master] += p * (1 - p)


def _cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def win_chances(totals: list[tuple[float, float]]) -> list[float]:
    """Chance that each seat's total is the highest, the totals independent normals
    given as (mean, variance) (by quadrature, scaled to sum to one)."""
    sds = [max(MIN_SPREAD, math.sqrt(v)) for _, v in totals]
    chances = []
    for seat, (mean, _) in enumerate(totals):
        area = 0.0
        for z, weight in _NODES:
            t = mean + sds[seat] * z
            product = weight
            for other, (m, _) in enumerate(totals):
                if other != seat:
                    product *= _cdf((t - m) / sds[other])
            area += product
        chances.append(area)
    whole = sum(chances)
    return [c / whole for c in chances]


def evaluate_all(state: State) -> list[float]:
    """Every seat's expected return (+1 a win, -1/(seats - 1) a loss) under the normal
    model of the final totals; the true returns at the end."""
    assert isinstance(state, ToxicityState)
    if state.is_terminal:
        return list(state.returns())
    share = 1.0 / (state.seats - 1)
    return [c - (1 - c) * share for c in win_chances(outlook(state))]


def evaluate(state: State, seat: int) -> float:
    """`seat`'s value from `evaluate_all`."""
    return evaluate_all(state)[seat]
