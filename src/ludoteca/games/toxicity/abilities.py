"""Character abilities (*Personagens e Habilidades*); at most one a turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.toxicity import fog, moves, rounds
from ludoteca.games.toxicity.board import DIRECTIONS, STRAIGHT
from ludoteca.games.toxicity.cards import item_kind
from ludoteca.games.toxicity.data import PASSIVE_ITEMS
from ludoteca.games.toxicity.items import destroy, direction_between
from ludoteca.games.toxicity.pawn import Pawn

if TYPE_CHECKING:
    from ludoteca.games.toxicity.fields import ToxicityFields

DASH = 3


def _dash_targets(st: ToxicityFields, pawn: Pawn) -> list[str]:
    """Yellow: three squares straight, none of them a wall."""
    out = []
    for name in STRAIGHT:
        path = st.geo.rays[name][pawn.square][:DASH]
        if len(path) == DASH and all(moves.passable(st, pawn, s) for s in path):
            out.append(name)
    return out


def _column_targets(st: ToxicityFields, pawn: Pawn) -> list[int]:
    """Yellow: any square of its column reached without crossing a wall."""
    out = []
    for name in ("N", "S"):
        for s in st.geo.rays[name][pawn.square]:
            if not moves.passable(st, pawn, s):
                break
            out.append(s)
    return out


def ability_actions(st: ToxicityFields, pawn: Pawn) -> list[str]:
    """`ability:<name>[:<target>]` for each ability with uses left; never two a turn."""
    if st.ability_used:
        return []
    uses, names = pawn.uses, st.geo.names
    acts: list[str] = []
    if uses.get("double", 0) and st.items_allowed == 1:
        active = [c for c in pawn.items if item_kind(c) not in PASSIVE_ITEMS]
        if len(active) >= 2 - st.items_used:
            acts.append("ability:double")
    if uses.get("destroy", 0):
        acts += [f"ability:destroy:{names[s]}" for s in range(st.geo.size) if st.is_wall_at(s)]
    if uses.get("blast", 0):
        near = st.geo.adjacent[pawn.square]
        if any(st.is_wall_at(s) for s in near) or any(
            p is not pawn and p.on_board and p.square in near for p in st.pawns
        ):
            acts.append("ability:blast")
    if uses.get("dash", 0):
        acts += [f"ability:dash:{n}" for n in _dash_targets(st, pawn)]
    if uses.get("column", 0):
        acts += [f"ability:column:{names[s]}" for s in _column_targets(st, pawn)]
    if uses.get("rearrange", 0) and _swaps(st, pawn):
        acts.append("ability:rearrange")
    return acts


def _swaps(st: ToxicityFields, pawn: Pawn) -> list[tuple[int, int]]:
    """Green: pairs (adjacent wall, adjacent dealt square without wall or pawn) whose
    exchange keeps at most five walls a column."""
    near = st.geo.adjacent[pawn.square]
    walls = [s for s in near if st.is_wall_at(s)]
    occupied = {p.square for p in st.pawns if p.on_board}
    cols, limit = st.geo.columns, st.data.max_walls_per_column
    return [
        (w, t)
        for w in walls
        for t in near
        if st.board[t] is not None
        and not st.is_wall_at(t)
        and t not in occupied
        and (t % cols == w % cols or fog.walls_in_column(st, t % cols) < limit)
    ]


def swap_actions(st: ToxicityFields) -> list[str]:
    """While rearranging: `swap:<wall>:<square>` or `done`."""
    names = st.geo.names
    pawn = st.pawns[st.turn]
    return [f"swap:{names[w]}:{names[t]}" for w, t in _swaps(st, pawn)] + ["done"]


def apply_ability(st: ToxicityFields, action: str) -> None:
    """Carry out an ability (or a step of the green pawn's rearrangement)."""
    parts = action.split(":")
    index = st.turn
    pawn = st.pawns[index]
    if parts[0] == "done":
        st.swaps_left = 0
        return
    if parts[0] == "swap":
        a, b = st.geo.index_of[parts[1]], st.geo.index_of[parts[2]]
        st.board[a], st.board[b] = st.board[b], st.board[a]
        st.face_up[a], st.face_up[b] = st.face_up[b], st.face_up[a]
        st.swaps_left -= 1
        st.log(f"The green pawn swaps {parts[1]} and {parts[2]}")
        return
    name = parts[1]
    pawn.uses[name] -= 1
    st.ability_used = True
    st.log(f"The {pawn.colour} pawn uses its ability '{':'.join(parts[1:])}'")
    if name == "double":
        st.items_allowed = 2
    elif name == "destroy":
        destroy(st, st.geo.index_of[parts[2]])
    elif name == "blast":
        blast(st, index)
    elif name == "dash":
        target = st.geo.step(pawn.square, DIRECTIONS[parts[2]], DASH)
        assert target is not None
        moves.enter(st, index, target, parts[2], True)
    elif name == "column":
        target = st.geo.index_of[parts[2]]
        direction = "N" if target < pawn.square else "S"
        moves.enter(st, index, target, direction, True)
    elif name == "rearrange":
        st.swaps_left = sum(1 for s in st.geo.adjacent[pawn.square] if st.is_wall_at(s))


def blast(st: ToxicityFields, index: int) -> None:
    """Red: destroy every adjacent wall, then push each adjacent pawn one square away
    (*knockback*); a pawn pushed into the gas dies unless masked."""
    pawn = st.pawns[index]
    near = st.geo.adjacent[pawn.square]
    for s in near:
        if st.is_wall_at(s):
            destroy(st, s)
    for i, other in enumerate(st.pawns):
        if other is pawn or not other.on_board or other.square not in near:
            continue
        d = DIRECTIONS[direction_between(st, pawn.square, other.square)]
        dest = st.geo.step(other.square, d)
        if dest is not None and not st.is_wall_at(dest):
            other.square = dest
            st.log(f"The {other.colour} pawn is knocked back to {st.geo.names[dest]}")
            rounds.gas_check(st, i, index)
