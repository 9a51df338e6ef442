"""Toxicity 101 knowledge: pawns race the gas to the door, picking up a key on the
way; the gamemaster lays walls and traps in front of the pawns and hides the
helpful cards (keys, the door, items, good floors) far from them.

A pawn reads only what its seat sees (face-up cards, which squares are face down
or undealt, positions, keys, deck sizes, the discard, the gas, its own items); its
route is planned in `toxicity_route`. The gamemaster, who placed every card, reads
the card it must place now.
"""

from __future__ import annotations

import math
import random

from ludoteca.core import State
from ludoteca.games.toxicity.abilities import DASH
from ludoteca.games.toxicity.action import Verb, parse
from ludoteca.games.toxicity.ai import outlook, route
from ludoteca.games.toxicity.cards import item_kind, kind
from ludoteca.games.toxicity.items import line
from ludoteca.games.toxicity.moves import RUN_COST, walk_cost
from ludoteca.games.toxicity.pawn import Pawn
from ludoteca.games.toxicity.state import ToxicityState

HARMFUL = ("wall", "trap-stamina", "trap-stun", "floor-muddy")
"""Cards the gamemaster wants in the pawns' path."""


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


evaluate = outlook.evaluate
"""Leaf value: `seat`'s expected return from its chance of the top final total
(`toxicity_outlook`: fitted escape chances, the rounds to come)."""
evaluate_all = outlook.evaluate_all
"""Every seat's `evaluate` at once (ISMCTS values a leaf for each mover)."""


def checkpoint(world: State) -> bool:
    """True at the start of a general turn (*Gás Tóxico*: the gas has just moved and
    every pawn still on the board has had its turn) and at the end of the game."""
    assert isinstance(world, ToxicityState)
    if world.over:
        return True
    if world.pending or world.moved or world.items_used or world.ability_used:
        return False
    first = next((i for i, p in enumerate(world.pawns) if p.on_board), None)
    return world.turn == first


# -- pawns --------------------------------------------------------------------------------
EXTRA_MOVE_COST = 0.05
"""Spending a dash, a column move, a Hook or a Bounce Pad: kept for later it is worth
about one extra landing in zone 3 (a door chance of about 1/16)."""


def _distance(state: ToxicityState, a: int, b: int) -> int:
    (ax, ay), (bx, by) = state.geo.xy(a), state.geo.xy(b)
    return max(abs(ax - bx), abs(ay - by))


def _extra_landing(state: ToxicityState, pawn: Pawn, action: str) -> int | None:
    """Where a dash, column move, Hook or Bounce Pad puts the pawn (None: not a move)."""
    move = parse(action)
    if move.is_ability("dash") and move.targets:
        return route.landing(state, pawn.square, move.targets[0], DASH)
    if move.is_ability("column") and move.targets:
        return state.geo.index_of[move.targets[0]]
    if move.verb is Verb.ITEM and item_kind(move.arg) == "hook":
        way = move.targets[0]
        return route.landing(state, line(state, pawn.square, way, state.geo.columns)[-1], way, 0)
    if move.verb is Verb.ITEM and item_kind(move.arg) == "bounce":
        return route.landing(state, pawn.square, move.targets[0], 2)
    return None


def _pawn_turn(state: ToxicityState, actions: list[str], rng: random.Random) -> str:
    """Escape if possible; freeze the gas once it runs two columns a turn; else the
    move, dash or item whose landing plus the two-turn look-ahead is worth most."""
    pawn = state.pawns[state.turn]
    if "escape" in actions:
        return "escape"
    freeze = [
        a for a in actions if parse(a).verb is Verb.ITEM and item_kind(parse(a).arg) == "freeze"
    ]
    if freeze and state.zone_reached >= route.DOOR_ZONE:
        return freeze[0]
    view = route.outlook(state, pawn)
    here, stamina = pawn.square, pawn.stamina
    best = route.plan_value(view, here, True, stamina, ()) if "end" in actions else -math.inf
    choice = "end"
    for action in actions:
        move = parse(action)
        if move.verb in (Verb.WALK, Verb.RUN):
            rest, walking = move.arg, move.verb is Verb.WALK
            steps = 1 if walking else 2
            cost = walk_cost(state, here, rest) if walking else RUN_COST
            target = route.landing(state, here, rest, steps)
            moved, spent = True, 0.0
        else:  # a dash, column move, Hook or Bounce Pad: free, besides the move
            target = _extra_landing(state, pawn, action)
            cost, moved, spent = 0, state.moved, EXTRA_MOVE_COST
        if target is None or cost >= stamina:  # no square is worth dying for (*Stamina*)
            continue
        landed = route.gain(view, target, stamina - cost, ())
        value = route.plan_value(view, target, moved, stamina - cost, (target,), landed) - spent
        value += rng.random() * 1e-4
        if value > best:
            best, choice = value, action
    return choice


# -- the gamemaster -------------------------------------------------------------------------
def _place(state: ToxicityState, actions: list[str], rng: random.Random) -> str:
    """Harmful cards right in front of the nearest pawn; helpful ones far from all."""
    card = state.pending[0][0][0]
    pawns = [p.square for p in state.pawns if p.on_board]
    if not pawns:
        return actions[rng.randrange(len(actions))]
    harmful = kind(card) in HARMFUL

    def value(action: str) -> float:
        square = state.geo.index_of[parse(action).arg]
        x, y = state.geo.xy(square)
        near = min(_distance(state, square, p) for p in pawns)
        ahead = any(x > state.geo.xy(p)[0] and abs(y - state.geo.xy(p)[1]) <= 1 for p in pawns)
        return (-near + (2.0 if ahead else 0.0)) if harmful else near

    return max(actions, key=lambda a: (value(a), rng.random()))
