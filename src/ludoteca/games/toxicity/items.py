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


def direction_between(st: ToxicityFields, a: int, b: int) -> str:
    """The compass name of the step from square `a` to the adjacent square `b`."""
    (ax, ay), (bx, by) = st.geo.xy(a), st.geo.xy(b)
    d = ((bx > ax) - (bx < ax), (by > ay) - (by < ay))
    return next(n for n, v in DIRECTIONS.items() if v == d)


def others(st: ToxicityFields, pawn: Pawn) -> list[int]:
    """Indexes of the other pawns still on the board."""
    return [i for i, p in enumerate(st.pawns) if p is not pawn and p.on_board]


def line(st: ToxicityFields, square: int, direction: str, reach: int) -> list[int]:
    """Squares in a straight line up to `reach`, stopping before the first wall."""
    found = []
    for s in st.geo.rays[direction][square][:reach]:
        if st.is_wall_at(s):
            break
        found.append(s)
    return found


def targets(st: ToxicityFields, pawn: Pawn, card: str) -> list[str]:
    """The argument strings an active item accepts now."""
    what = item_kind(card)
    here = pawn.square
    names = st.geo.names
    if what == "knife":
        return [
            st.pawns[i].colour
            for i in others(st, pawn)
            if st.pawns[i].square in st.geo.adjacent[here]
        ]
    if what in ("pistol", "magnet"):
        reach = PISTOL_RANGE if what == "pistol" else st.geo.columns
        seen = {s for name in STRAIGHT for s in line(st, here, name, reach)}
        return [st.pawns[i].colour for i in others(st, pawn) if st.pawns[i].square in seen]
    if what == "drill":
        walls = [s for s in st.geo.adjacent[here] if st.is_wall_at(s)]
        out = [names[s] for s in walls]
        return out + [f"{names[s]}:enter" for s in walls if not st.in_gas(s)]
    if what in ("molotov", "flashbang"):
        x, y = st.geo.xy(here)
        r = range(-THROW_RANGE, THROW_RANGE + 1)
        return [names[s] for dy in r for dx in r if (s := st.geo.at(x + dx, y + dy)) is not None]
    if what == "freeze":
        return [""]
    if what == "bounce":
        return [
            n
            for n in STRAIGHT
            if (w := st.geo.step(here, DIRECTIONS[n])) is not None
            and st.is_wall_at(w)
            and moves.passable(st, pawn, st.geo.step(here, DIRECTIONS[n], 2))
        ]
    if what == "crowbar":
        near = [here, *st.geo.adjacent[here]]
        return [names[s] for s in near if (c := st.board[s]) and st.face_up[s] and kind(c) in TRAPS]
    if what == "switch":
        mine = [c for c in pawn.items if c != card]
        return [
            f"{st.pawns[i].colour}:{c}" for i in others(st, pawn) if st.pawns[i].items for c in mine
        ]
    if what == "hook":
        out = []
        for n in STRAIGHT:
            path = line(st, here, n, st.geo.columns)
            after = st.geo.step(here, DIRECTIONS[n], len(path) + 1)
            if path and after is not None and moves.passable(st, pawn, path[-1]):
                out.append(n)
        return out
    return []


def item_actions(st: ToxicityFields, pawn: Pawn) -> list[str]:
    """`item:<card>[:<target>]` for each active item kind held (one a turn)."""
    if st.items_used >= st.items_allowed:
        return []
    acts: list[str] = []
    done: set[str] = set()
    for card in pawn.items:
        what = item_kind(card)
        if what in PASSIVE_ITEMS or what in done:
            continue
        done.add(what)
        acts += [f"item:{card}:{t}" if t else f"item:{card}" for t in targets(st, pawn, card)]
    return acts


def apply_item(st: ToxicityFields, action: str) -> None:
    """Use an active item; it goes to the discard pile (*Todos os itens após serem utilizados*)."""
    parts = action.split(":")
    card, args = parts[1], parts[2:]
    index = st.turn
    pawn = st.pawns[index]
    pawn.items.remove(card)
    st.private.pop(card, None)
    st.discard.append(card)
    st.items_used += 1
    what = item_kind(card)
    shown = args[:1] if what == "switch" else args  # the exchange itself is private
    st.log(f"The {pawn.colour} pawn uses {card}{' on ' + ' '.join(shown) if shown else ''}")
    if what in DAMAGE:
        attack(st, index, st.pawn_by_colour(args[0]), DAMAGE[what])
    elif what in ("molotov", "flashbang"):
        centre = st.geo.index_of[args[0]]
        area = [centre] + [
            s for n in STRAIGHT if (s := st.geo.step(centre, DIRECTIONS[n])) is not None
        ]
        st.zones.append([what, index, area])
    elif what == "freeze":
        st.gas_timer += 1
    elif what == "magnet":
        target = st.pawn_by_colour(args[0])
        assert target is not None
        st.pawns[target].square = pawn.square
        rounds.gas_check(st, target, index)
    elif what == "drill":
        square = st.geo.index_of[args[0]]
        destroy(st, square)
        if len(args) > 1:
            moves.enter(st, index, square, direction_between(st, pawn.square, square), False)
    elif what == "crowbar":
        destroy(st, st.geo.index_of[args[0]])
    elif what == "switch":
        switch(st, index, st.pawn_by_colour(args[0]), args[1])
    elif what in ("bounce", "hook"):
        d = DIRECTIONS[args[0]]
        if what == "bounce":
            landing = st.geo.step(pawn.square, d, 2)
        else:
            landing = line(st, pawn.square, args[0], st.geo.columns)[-1]
        assert landing is not None
        moves.enter(st, index, landing, args[0], False)


def attack(st: ToxicityFields, by: int, target: int | None, damage: int) -> None:
    """Knife or Pistol damage; a Shield blocks one such attack and is discarded."""
    assert target is not None
    victim = st.pawns[target]
    shield = victim.first("shield")
    if shield is not None:
        victim.items.remove(shield)
        st.private.pop(shield, None)
        st.discard.append(shield)
        st.log(f"The {victim.colour} pawn's {shield} blocks the attack")
        return
    st.log(f"The {victim.colour} pawn loses {damage} stamina")
    rounds.hurt(st, target, damage, by)


def destroy(st: ToxicityFields, square: int) -> None:
    """A card (wall or trap) on the square goes to the discard pile; the square is bare."""
    card = st.board[square]
    assert card
    st.discard.append(card)
    st.board[square] = ""
    st.face_up[square] = True
    st.log(f"{card} at {st.geo.names[square]} is destroyed")


def switch(st: ToxicityFields, index: int, target: int | None, given: str) -> None:
    """*Switch*: give one of one's items, take a random one of the other pawn's; the two
    pawns see both cards, the others only what they already knew."""
    assert target is not None
    me, other = st.pawns[index], st.pawns[target]
    had = (me.has("syringe"), other.has("syringe"))
    taken = other.items[st.rng.randrange(len(other.items))]
    other.items.remove(taken)
    me.items.remove(given)
    me.items.append(taken)
    other.items.append(given)
    pair = {st.seat_of(index), st.seat_of(target)}
    for c in (taken, given):
        if c in st.private:  # whoever knew where a card was follows it; public stays public
            st.private[c] = sorted(pair | set(st.private[c]))
    st.log(f"The {me.colour} pawn gives {given} and takes {taken}", frozenset(pair))
    for i, before in zip((index, target), had, strict=True):
        pawn = st.pawns[i]
        if pawn.has("syringe") and not before:
            pawn.stamina += 1
        elif before and not pawn.has("syringe"):
            rounds.hurt(st, i, 1, None)
