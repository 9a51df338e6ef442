"""Character abilities (*Personagens e Habilidades*); at most one a turn."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ludoteca.games.toxicity import fog, moves, rounds
from ludoteca.games.toxicity.action import Verb, parse
from ludoteca.games.toxicity.cards import item_kind
from ludoteca.games.toxicity.data import PASSIVE_ITEMS, PAWNS
from ludoteca.games.toxicity.geometry import DIRECTIONS, STRAIGHT, ability_words
from ludoteca.games.toxicity.items import destroy, direction_between
from ludoteca.games.toxicity.pawn import Pawn

if TYPE_CHECKING:
    from ludoteca.games.toxicity.fields import ToxicityFields

DASH = 3


def _dash_targets(state: ToxicityFields, pawn: Pawn) -> list[str]:
    """Yellow: three squares straight, none of them a wall."""
    out = []
    for name in STRAIGHT:
        path = state.geo.rays[name][pawn.square][:DASH]
        if len(path) == DASH and all(moves.passable(state, pawn, s) for s in path):
            out.append(name)
    return out


def _column_targets(state: ToxicityFields, pawn: Pawn) -> list[int]:
    """Yellow: any square of its column reached without crossing a wall."""
    out = []
    for name in ("N", "S"):
        for s in state.geo.rays[name][pawn.square]:
            if not moves.passable(state, pawn, s):
                break
            out.append(s)
    return out


@functools.lru_cache(maxsize=1024)  # one a square, asked before each of red's decisions
def _destroy(square: str) -> str:
    return Verb.ABILITY.of("destroy", square)


def ability_actions(state: ToxicityFields, pawn: Pawn) -> list[str]:
    """`ability:<name>[:<target>]` for each ability with uses left; never two a turn."""
    if state.ability_used:
        return []
    uses, names = pawn.uses, state.geo.names
    acts: list[str] = []
    if uses.get("double", 0) and state.items_allowed == 1:
        active = [c for c in pawn.items if item_kind(c) not in PASSIVE_ITEMS]
        if len(active) >= 2 - state.items_used:
            acts.append("ability:double")
    if uses.get("destroy", 0):
        acts += [
            _destroy(names[s])
            for s, card in enumerate(state.board)
            if card and card[0] == "w"  # `is_wall_at`, over the whole board at once
        ]
    if uses.get("blast", 0):
        near = state.geo.adjacent[pawn.square]
        if any(state.is_wall_at(s) for s in near) or any(
            p is not pawn and p.on_board and p.square in near for p in state.pawns
        ):
            acts.append("ability:blast")
    if uses.get("dash", 0):
        acts += [Verb.ABILITY.of("dash", n) for n in _dash_targets(state, pawn)]
    if uses.get("column", 0):
        acts += [Verb.ABILITY.of("column", names[s]) for s in _column_targets(state, pawn)]
    if uses.get("rearrange", 0) and _swaps(state, pawn):
        acts.append("ability:rearrange")
    return acts


def _swaps(state: ToxicityFields, pawn: Pawn) -> list[tuple[int, int]]:
    """Green: pairs (adjacent wall, adjacent dealt square without wall or pawn) whose
    exchange keeps at most five walls a column."""
    near = state.geo.adjacent[pawn.square]
    walls = [s for s in near if state.is_wall_at(s)]
    occupied = {p.square for p in state.pawns if p.on_board}
    cols, limit = state.geo.columns, state.data.max_walls_per_column
    return [
        (w, t)
        for w in walls
        for t in near
        if state.board[t] is not None
        and not state.is_wall_at(t)
        and t not in occupied
        and (t % cols == w % cols or fog.walls_in_column(state, t % cols) < limit)
    ]


def swap_actions(state: ToxicityFields) -> list[str]:
    """While rearranging: `swap:<wall>:<square>` or `done`."""
    names = state.geo.names
    pawn = state.pawns[state.turn]
    return [Verb.SWAP.of(names[w], names[t]) for w, t in _swaps(state, pawn)] + ["done"]


def apply_ability(state: ToxicityFields, action: str) -> None:
    """Carry out an ability (or a step of the green pawn's rearrangement)."""
    move = parse(action)
    index = state.turn
    pawn = state.pawns[index]
    if move.verb is Verb.DONE:
        state.swaps_left = 0
        return
    if move.verb is Verb.SWAP:
        first, second = move.args
        a, b = state.geo.index_of[first], state.geo.index_of[second]
        state.board[a], state.board[b] = state.board[b], state.board[a]
        state.face_up[a], state.face_up[b] = state.face_up[b], state.face_up[a]
        state.swaps_left -= 1
        state.log("The green pawn swaps {first} and {second}", first=first, second=second)
        return
    name, target_name = move.arg, (move.targets or ("",))[0]
    pawn.uses[name] -= 1
    state.ability_used = True
    state.log(
        "The {pawn} uses its ability: {ability}",
        pawn=PAWNS[pawn.colour],
        ability=ability_words(list(move.args)),
    )
    if name == "double":
        state.items_allowed = 2
    elif name == "destroy":
        destroy(state, state.geo.index_of[target_name])
    elif name == "blast":
        blast(state, index)
    elif name == "dash":
        target = state.geo.step(pawn.square, DIRECTIONS[target_name], DASH)
        assert target is not None
        moves.enter(state, index, target, target_name, True)
    elif name == "column":
        target = state.geo.index_of[target_name]
        direction = "N" if target < pawn.square else "S"
        moves.enter(state, index, target, direction, True)
    elif name == "rearrange":
        state.swaps_left = sum(1 for s in state.geo.adjacent[pawn.square] if state.is_wall_at(s))


def blast(state: ToxicityFields, index: int) -> None:
    """Red: destroy every adjacent wall, then push each adjacent pawn one square away
    (*knockback*); a pawn pushed into the gas dies unless masked."""
    pawn = state.pawns[index]
    near = state.geo.adjacent[pawn.square]
    for s in near:
        if state.is_wall_at(s):
            destroy(state, s)
    for i, other in enumerate(state.pawns):
        if other is pawn or not other.on_board or other.square not in near:
            continue
        d = DIRECTIONS[direction_between(state, pawn.square, other.square)]
        dest = state.geo.step(other.square, d)
        if dest is not None and not state.is_wall_at(dest):
            other.square = dest
            state.log(
                "The {pawn} is knocked back to {square}",
                pawn=PAWNS[other.colour],
                square=state.geo.names[dest],
            )
            rounds.gas_check(state, i, index)
