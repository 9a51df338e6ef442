"""Toxicity 101 knowledge: pawns race the gas to the door, picking up a key on the
way; the gamemaster lays walls and traps in front of the pawns and hides the
helpful cards (keys, the door, items, good floors) far from them.

A pawn reads only face-up cards, positions and its own key; the gamemaster, who
placed every card, reads the card it must place now.
"""

from __future__ import annotations

import math
import random

from ludoteca.core import State
from ludoteca.games.toxicity.board import DIRECTIONS
from ludoteca.games.toxicity.cards import kind
from ludoteca.games.toxicity.moves import RUN_COST, walk_cost
from ludoteca.games.toxicity.pawn import Pawn
from ludoteca.games.toxicity.state import ToxicityState

HARMFUL = ("wall", "trap-stamina", "trap-stun", "floor-muddy")
"""Cards the gamemaster wants in the pawns' path."""
GAS_MARGIN = 2
"""Columns a pawn keeps between itself and the gas when it can."""
EXHAUSTION_RISK = 8.0
"""The cost of landing on an unseen card with 1 stamina left: a Stamina Trap there
is death by exhaustion (*Armadilha de Stamina*; stamina 0 kills)."""


def policy(world: State, rng: random.Random) -> str:
    """A sensible action for the seat to act in `world` (a Toxicity state)."""
    assert isinstance(world, ToxicityState)
    actions = world.legal_actions()
    if world.pending:
        return _place(world, actions, rng)
    if "escape" in actions:
        return "escape"
    if world.swaps_left:
        return "done" if "done" in actions else actions[0]
    return _pawn_turn(world, actions, rng)


def evaluate(state: State, seat: int) -> float:
    """Projected total (points so far plus this round's expectation) against the
    best other seat, in [-1, 1]."""
    assert isinstance(state, ToxicityState)
    if state.is_terminal:
        return state.returns()[seat]
    projected = [float(t) for t in state.totals]
    for index, pawn in enumerate(state.pawns):
        chance = _escape_chance(state, pawn)
        projected[state.seat_of(index)] += chance
        projected[state.gamemaster] += 1 - chance if not pawn.escaped else 0.0
    best_other = max(p for s, p in enumerate(projected) if s != seat)
    return math.tanh((projected[seat] - best_other) / 2)


def _escape_chance(st: ToxicityState, pawn: Pawn) -> float:
    if pawn.escaped:
        return 1.0
    if not pawn.alive:
        return 0.0
    x = st.geo.xy(pawn.square)[0]
    return 0.1 + 0.3 * (pawn.key is not None) + 0.4 * x / (st.geo.columns - 1)


# -- pawns --------------------------------------------------------------------------------
def _distance(st: ToxicityState, a: int, b: int) -> int:
    (ax, ay), (bx, by) = st.geo.xy(a), st.geo.xy(b)
    return max(abs(ax - bx), abs(ay - by))


def _targets(st: ToxicityState, pawn: Pawn) -> list[int]:
    """Where to head: a visible key (without one) or the door (with one); else the
    face-down and unrevealed squares of the zone that may hide it; else the far edge."""
    wanted, zone = ("door", 2) if pawn.key is not None else ("key", 1)
    board, up = st.board, st.face_up
    seen = [s for s, c in enumerate(board) if c and up[s] and kind(c) == wanted]
    if seen:
        return seen
    maybe = [
        s
        for s, c in enumerate(board)
        if st.geo.zone(s) == zone and s != pawn.square and (c is None or (c and not up[s]))
    ]
    if maybe:
        return maybe
    last = st.geo.columns - 1
    return [y * st.geo.columns + last for y in range(st.geo.rows)]


def _distances(st: ToxicityState, pawn: Pawn) -> list[int]:
    """King-move steps from every square to the nearest target, around walls and gas."""
    far = st.geo.size
    dist = [far] * st.geo.size
    frontier = [s for s in _targets(st, pawn) if not st.is_wall_at(s)]
    for s in frontier:
        dist[s] = 0
    while frontier:
        nxt = []
        for s in frontier:
            for n in st.geo.adjacent[s]:
                if dist[n] == far and not st.is_wall_at(n) and not st.in_gas(n):
                    dist[n] = dist[s] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


def _square_value(st: ToxicityState, dist: list[int], square: int) -> float:
    x = st.geo.xy(square)[0]
    value = -3.0 * dist[square] + 0.5 * x
    if x - st.gas < GAS_MARGIN:
        value -= 6.0 * (GAS_MARGIN - (x - st.gas))
    card = st.board[square]
    if card and st.face_up[square]:
        what = kind(card)
        if what in ("trap-stamina", "trap-stun", "floor-muddy"):
            value -= 4.0
        elif what in ("floor-regenerate", "floor-refresh"):
            value += 0.5
    return value


def _unknown(st: ToxicityState, square: int) -> bool:
    """A square whose card the pawn cannot see: none yet (one is dealt on landing) or
    face down. Landing there may spring a Stamina Trap."""
    return st.board[square] is None or not st.face_up[square]


def _pawn_turn(st: ToxicityState, actions: list[str], rng: random.Random) -> str:
    """The move to the best square; a free dash forward; then end the turn."""
    pawn = st.pawns[st.turn]
    if "escape" in actions:
        return "escape"
    dist = _distances(st, pawn)
    best, choice = _square_value(st, dist, pawn.square) - 1.0, "end"  # staying costs time
    for action in actions:
        head, _, rest = action.partition(":")
        if head == "walk":
            steps, cost = 1, walk_cost(st, pawn.square, rest)
        elif head == "run":
            steps, cost = 2, RUN_COST
        elif action.startswith("ability:dash:"):
            rest, steps, cost = action.rsplit(":", 1)[1], 3, 0
        else:
            continue
        target = st.geo.step(pawn.square, DIRECTIONS[rest], steps)
        if target is None:
            continue
        value = _square_value(st, dist, target) + rng.random() * 0.01
        if pawn.stamina - cost <= 1 and _unknown(st, target) and pawn.immunity == 0:
            value -= EXHAUSTION_RISK
        card = st.board[target]
        if card and st.face_up[target] and kind(card) == "trap-trapdoor" and pawn.has("crowbar"):
            value += 20.0
        if value > best:
            best, choice = value, action
    return choice


# -- the gamemaster -------------------------------------------------------------------------
def _place(st: ToxicityState, actions: list[str], rng: random.Random) -> str:
    """Harmful cards right in front of the nearest pawn; helpful ones far from all."""
    card = st.pending[0][0][0]
    pawns = [p.square for p in st.pawns if p.on_board]
    if not pawns:
        return actions[rng.randrange(len(actions))]
    harmful = kind(card) in HARMFUL

    def value(action: str) -> float:
        square = st.geo.index_of[action.split(":", 1)[1]]
        x, y = st.geo.xy(square)
        near = min(_distance(st, square, p) for p in pawns)
        ahead = any(x > st.geo.xy(p)[0] and abs(y - st.geo.xy(p)[1]) <= 1 for p in pawns)
        return (-near + (2.0 if ahead else 0.0)) if harmful else near

    return max(actions, key=lambda a: (value(a), rng.random()))
