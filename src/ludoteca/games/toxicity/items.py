"""Active items (*Itens Ativos*, *Condições dos Itens*); passive ones act elsewhere."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.toxicity import moves, rounds
from ludoteca.games.toxicity.board import DIRECTIONS, STRAIGHT
from ludoteca.games.toxicity.cards import item_kind, kind
from ludoteca.games.toxicity.data import PASSIVE_ITEMS
from ludoteca.games.toxicity.pawn import Pawn

if TYPE_CHECKING:
    from ludoteca.games.toxicity.fields import ToxicityFields

PISTOL_RANGE = 5
THROW_RANGE = 2
DAMAGE = {"knife": 1, "pistol": 2}
TRAPS = ("trap-stamina", "trap-stun", "trap-trapdoor")


def direction_between(state: ToxicityFields, a: int, b: int) -> str:
    """The compass name of the step from square `a` to the adjacent square `b`."""
    (ax, ay), (bx, by) = state.geo.xy(a), state.geo.xy(b)
    d = ((bx > ax) - (bx < ax), (by > ay) - (by < ay))
    return next(n for n, v in DIRECTIONS.items() if v == d)


def others(state: ToxicityFields, pawn: Pawn) -> list[int]:
    """Indexes of the other pawns still on the board."""
    return [i for i, p in enumerate(state.pawns) if p is not pawn and p.on_board]


def line(state: ToxicityFields, square: int, direction: str, reach: int) -> list[int]:
    """Squares in a straight line up to `reach`, stopping before the first wall."""
    found = []
    for s in state.geo.rays[direction][square][:reach]:
        if state.is_wall_at(s):
            break
        found.append(s)
    return found


def targets(state: ToxicityFields, pawn: Pawn, card: str) -> list[str]:
    """The argument strings an active item accepts now."""
    what = item_kind(card)
    here = pawn.square
    names = state.geo.names
    if what == "knife":
        return [
            state.pawns[i].colour
            for i in others(state, pawn)
            if state.pawns[i].square in state.geo.adjacent[here]
        ]
    if what in ("pistol", "magnet"):
        reach = PISTOL_RANGE if what == "pistol" else state.geo.columns
        seen = {s for name in STRAIGHT for s in line(state, here, name, reach)}
        return [state.pawns[i].colour for i in others(state, pawn) if state.pawns[i].square in seen]
    if what == "drill":
        walls = [s for s in state.geo.adjacent[here] if state.is_wall_at(s)]
        out = [names[s] for s in walls]
        return out + [f"{names[s]}:enter" for s in walls if not state.in_gas(s)]
    if what in ("molotov", "flashbang"):
        x, y = state.geo.xy(here)
        r = range(-THROW_RANGE, THROW_RANGE + 1)
        return [names[s] for dy in r for dx in r if (s := state.geo.at(x + dx, y + dy)) is not None]
    if what == "freeze":
        return [""]
    if what == "bounce":
        return [
            n
            for n in STRAIGHT
            if (w := state.geo.step(here, DIRECTIONS[n])) is not None
            and state.is_wall_at(w)
            and moves.passable(state, pawn, state.geo.step(here, DIRECTIONS[n], 2))
        ]
    if what == "crowbar":
        near = [here, *state.geo.adjacent[here]]
        return [
            names[s]
            for s in near
            if (c := state.board[s]) and state.face_up[s] and kind(c) in TRAPS
        ]
    if what == "switch":
        mine = [c for c in pawn.items if c != card]
        return [
            f"{state.pawns[i].colour}:{c}"
            for i in others(state, pawn)
            if state.pawns[i].items
            for c in mine
        ]
    if what == "hook":
        out = []
        for n in STRAIGHT:
            path = line(state, here, n, state.geo.columns)
            after = state.geo.step(here, DIRECTIONS[n], len(path) + 1)
            if path and after is not None and moves.passable(state, pawn, path[-1]):
                out.append(n)
        return out
    return []


def item_actions(state: ToxicityFields, pawn: Pawn) -> list[str]:
    """`item:<card>[:<target>]` for each active item kind held (one a turn)."""
    if state.items_used >= state.items_allowed:
        return []
    acts: list[str] = []
    done: set[str] = set()
    for card in pawn.items:
        what = item_kind(card)
        if what in PASSIVE_ITEMS or what in done:
            continue
        done.add(what)
        acts += [f"item:{card}:{t}" if t else f"item:{card}" for t in targets(state, pawn, card)]
    return acts


def apply_item(state: ToxicityFields, action: str) -> None:
    """Use an active item; it goes to the discard pile (*Todos os itens após serem utilizados*)."""
    parts = action.split(":")
    card, args = parts[1], parts[2:]
    index = state.turn
    pawn = state.pawns[index]
    pawn.items.remove(card)
    state.private.pop(card, None)
    state.discard.append(card)
    state.items_used += 1
    what = item_kind(card)
    shown = args[:1] if what == "switch" else args  # the exchange itself is private
    state.log(f"The {pawn.colour} pawn uses {card}{' on ' + ' '.join(shown) if shown else ''}")
    if what in DAMAGE:
        attack(state, index, state.pawn_by_colour(args[0]), DAMAGE[what])
    elif what in ("molotov", "flashbang"):
        centre = state.geo.index_of[args[0]]
        area = [centre] + [
            s for n in STRAIGHT if (s := state.geo.step(centre, DIRECTIONS[n])) is not None
        ]
        state.zones.append([what, index, area])
    elif what == "freeze":
        state.gas_timer += 1
    elif what == "magnet":
        target = state.pawn_by_colour(args[0])
        assert target is not None
        state.pawns[target].square = pawn.square
        rounds.gas_check(state, target, index)
    elif what == "drill":
        square = state.geo.index_of[args[0]]
        destroy(state, square)
        if len(args) > 1:
            moves.enter(state, index, square, direction_between(state, pawn.square, square), False)
    elif what == "crowbar":
        destroy(state, state.geo.index_of[args[0]])
    elif what == "switch":
        switch(state, index, state.pawn_by_colour(args[0]), args[1])
    elif what in ("bounce", "hook"):
        d = DIRECTIONS[args[0]]
        if what == "bounce":
            landing = state.geo.step(pawn.square, d, 2)
        else:
            landing = line(state, pawn.square, args[0], state.geo.columns)[-1]
        assert landing is not None
        moves.enter(state, index, landing, args[0], False)


def attack(state: ToxicityFields, by: int, target: int | None, damage: int) -> None:
    """Knife or Pistol damage; a Shield blocks one such attack and is discarded."""
    assert target is not None
    victim = state.pawns[target]
    shield = victim.first("shield")
    if shield is not None:
        victim.items.remove(shield)
        state.private.pop(shield, None)
        state.discard.append(shield)
        state.log(f"The {victim.colour} pawn's {shield} blocks the attack")
        return
    state.log(f"The {victim.colour} pawn loses {damage} stamina")
    rounds.hurt(state, target, damage, by)


def destroy(state: ToxicityFields, square: int) -> None:
    """A card (wall or trap) on the square goes to the discard pile; the square is bare."""
    card = state.board[square]
    assert card
    state.discard.append(card)
    state.board[square] = ""
    state.face_up[square] = True
    state.log(f"{card} at {state.geo.names[square]} is destroyed")


def switch(state: ToxicityFields, index: int, target: int | None, given: str) -> None:
    """*Switch*: give one of one's items, take a random one of the other pawn's; the two
    pawns see both cards, the others only what they already knew."""
    assert target is not None
    me, other = state.pawns[index], state.pawns[target]
    had = (me.has("syringe"), other.has("syringe"))
    taken = other.items[state.rng.randrange(len(other.items))]
    other.items.remove(taken)
    me.items.remove(given)
    me.items.append(taken)
    other.items.append(given)
    pair = {state.seat_of(index), state.seat_of(target)}
    for c in (taken, given):
        if c in state.private:  # whoever knew where a card was follows it; public stays public
            state.private[c] = sorted(pair | set(state.private[c]))
    state.log(f"The {me.colour} pawn gives {given} and takes {taken}", frozenset(pair))
    for i, before in zip((index, target), had, strict=True):
        pawn = state.pawns[i]
        if pawn.has("syringe") and not before:
            pawn.stamina += 1
        elif before and not pawn.has("syringe"):
            rounds.hurt(state, i, 1, None)
