"""Active items (*Itens Ativos*, *Condições dos Itens*); passive ones act elsewhere."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludoteca.games.toxicity import moves, rounds
from ludoteca.games.toxicity.action import Verb, parse
from ludoteca.games.toxicity.cards import card_name, item_kind, kind
from ludoteca.games.toxicity.data import ITEM_KINDS, PASSIVE_ITEMS, PAWNS
from ludoteca.games.toxicity.geometry import DIRECTIONS, STRAIGHT, target_words
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


Targets = Callable[["ToxicityFields", Pawn, str], list[str]]
Use = Callable[["ToxicityFields", int, str, list[str]], None]


@dataclass(frozen=True)
class Item:
    """One active item's rule: the targets it may take now, and its use."""

    targets: Targets
    use: Use


# -- each active item: what it may aim at now, and what using it does ----------------
# A target is the argument string after `item:<card>` ("" for none); `use` gets the
# acting pawn's index and the target's parts.


def _adjacent_foes(state: ToxicityFields, pawn: Pawn, card: str) -> list[str]:
    """*Knife*: an enemy in one of the 8 squares around (*Condições dos Itens*)."""
    near = state.geo.adjacent[pawn.square]
    return [state.pawns[i].colour for i in others(state, pawn) if state.pawns[i].square in near]


def _foes_in_line(reach: int | None) -> Targets:
    """*Pistol* (5 squares) and *Magnet* (None: the board's width, a house reading in
    docs/rules/toxicity.md, decision 16): an enemy in a straight line, before the first wall."""

    def aim(state: ToxicityFields, pawn: Pawn, card: str) -> list[str]:
        far = state.geo.columns if reach is None else reach
        return [
            state.pawns[i].colour
            for i in others(state, pawn)
            if _in_line(state, pawn.square, state.pawns[i].square, far)
        ]

    return aim


def _in_line(state: ToxicityFields, here: int, there: int, reach: int) -> bool:
    """True if `there` lies straight from `here` within `reach`, no wall on the way
    (`there` is in one of `line`'s four lines from `here`)."""
    columns = state.geo.columns
    dx, dy = there % columns - here % columns, there // columns - here // columns
    if (dx == 0) == (dy == 0) or max(abs(dx), abs(dy)) > reach:  # not one straight line
        return False
    step = (dx > 0) - (dx < 0) + columns * ((dy > 0) - (dy < 0))
    return not any(state.is_wall_at(here + step * k) for k in range(1, abs(dx + dy) + 1))


def _wound(state: ToxicityFields, index: int, what: str, args: list[str]) -> None:
    """*Knife* takes 1 stamina, *Pistol* 2 (a Shield blocks either)."""
    attack(state, index, state.pawn_by_colour(args[0]), DAMAGE[what])


def _drill_targets(state: ToxicityFields, pawn: Pawn, card: str) -> list[str]:
    """*Drill*: an adjacent wall, and may step onto its square (not into the gas)."""
    names = state.geo.names
    walls = [s for s in state.geo.adjacent[pawn.square] if state.is_wall_at(s)]
    return [names[s] for s in walls] + [f"{names[s]}:enter" for s in walls if not state.in_gas(s)]


def _drill(state: ToxicityFields, index: int, what: str, args: list[str]) -> None:
    square = state.geo.index_of[args[0]]
    destroy(state, square)
    if len(args) > 1:
        pawn = state.pawns[index]
        moves.enter(state, index, square, direction_between(state, pawn.square, square), False)


def _thrown(state: ToxicityFields, pawn: Pawn, card: str) -> list[str]:
    """*Molotov*, *Flashbang*: any square up to two away in any direction."""
    x, y = state.geo.xy(pawn.square)
    r = range(-THROW_RANGE, THROW_RANGE + 1)
    names = state.geo.names
    return [names[s] for dy in r for dx in r if (s := state.geo.at(x + dx, y + dy)) is not None]


def _zone(state: ToxicityFields, index: int, what: str, args: list[str]) -> None:
    """The centre and its four straight neighbours become the item's zone."""
    centre = state.geo.index_of[args[0]]
    area = [centre] + [
        s for n in STRAIGHT if (s := state.geo.step(centre, DIRECTIONS[n])) is not None
    ]
    state.zones.append([what, index, area])


def _no_target(state: ToxicityFields, pawn: Pawn, card: str) -> list[str]:
    return [""]


def _freeze(state: ToxicityFields, index: int, what: str, args: list[str]) -> None:
    """*Freeze Gun*: the gas waits one more general turn."""
    state.gas_timer += 1


def _magnet_targets(state: ToxicityFields, pawn: Pawn, card: str) -> list[str]:
    """*Magnet*: *"puxa um jogador inimigo"*, no range given: option `magnet`, an enemy
    in a straight line before the first wall (the house reading), or anywhere."""
    if state.game.options["magnet"] == "anywhere":
        return [state.pawns[i].colour for i in others(state, pawn)]
    return _MAGNET_LINE(state, pawn, card)


_MAGNET_LINE = _foes_in_line(None)


def _pull(state: ToxicityFields, index: int, what: str, args: list[str]) -> None:
    """*Magnet*: the enemy comes to the user's square (and may meet the gas there)."""
    target = state.pawn_by_colour(args[0])
    assert target is not None
    state.pawns[target].square = state.pawns[index].square
    rounds.gas_check(state, target, index)


def _bounce_targets(state: ToxicityFields, pawn: Pawn, card: str) -> list[str]:
    """*Bounce Pad*: a straight direction with a wall next, and a square past it."""
    here = pawn.square
    return [
        n
        for n in STRAIGHT
        if (w := state.geo.step(here, DIRECTIONS[n])) is not None
        and state.is_wall_at(w)
        and moves.passable(state, pawn, state.geo.step(here, DIRECTIONS[n], 2))
    ]


def _bounce(state: ToxicityFields, index: int, what: str, args: list[str]) -> None:
    landing = state.geo.step(state.pawns[index].square, DIRECTIONS[args[0]], 2)
    assert landing is not None
    moves.enter(state, index, landing, args[0], False)


def _crowbar_targets(state: ToxicityFields, pawn: Pawn, card: str) -> list[str]:
    """*Crowbar*: a face-up trap on the pawn's square or next to it."""
    names, here = state.geo.names, pawn.square
    near = [here, *state.geo.adjacent[here]]
    return [
        names[s] for s in near if (c := state.board[s]) and state.face_up[s] and kind(c) in TRAPS
    ]


def _crowbar(state: ToxicityFields, index: int, what: str, args: list[str]) -> None:
    destroy(state, state.geo.index_of[args[0]])


def _switch_targets(state: ToxicityFields, pawn: Pawn, card: str) -> list[str]:
    """*Switch*: one of the user's other items, to a pawn holding items."""
    mine = [c for c in pawn.items if c != card]
    pawns = state.pawns
    return [f"{pawns[i].colour}:{c}" for i in others(state, pawn) if pawns[i].items for c in mine]


def _switch(state: ToxicityFields, index: int, what: str, args: list[str]) -> None:
    switch(state, index, state.pawn_by_colour(args[0]), args[1])


def _hook_targets(state: ToxicityFields, pawn: Pawn, card: str) -> list[str]:
    """*Grappling Hook*: a straight direction ending on a wall, to the square before it."""
    out = []
    for n in STRAIGHT:
        path = line(state, pawn.square, n, state.geo.columns)
        after = state.geo.step(pawn.square, DIRECTIONS[n], len(path) + 1)
        if path and after is not None and moves.passable(state, pawn, path[-1]):
            out.append(n)
    return out


def _hook(state: ToxicityFields, index: int, what: str, args: list[str]) -> None:
    landing = line(state, state.pawns[index].square, args[0], state.geo.columns)[-1]
    moves.enter(state, index, landing, args[0], False)


ITEMS: dict[str, Item] = {
    "knife": Item(_adjacent_foes, _wound),
    "pistol": Item(_foes_in_line(PISTOL_RANGE), _wound),
    "drill": Item(_drill_targets, _drill),
    "molotov": Item(_thrown, _zone),
    "flashbang": Item(_thrown, _zone),
    "freeze": Item(_no_target, _freeze),
    "magnet": Item(_magnet_targets, _pull),
    "bounce": Item(_bounce_targets, _bounce),
    "crowbar": Item(_crowbar_targets, _crowbar),
    "switch": Item(_switch_targets, _switch),
    "hook": Item(_hook_targets, _hook),
}
"""Every active item (*Itens Ativos*) by kind; the passive ones act where their
condition arises (the Shield in `attack`, the Mask in the gas, the Syringe in stamina)."""
assert set(ITEMS) == set(ITEM_KINDS) - PASSIVE_ITEMS


def targets(state: ToxicityFields, pawn: Pawn, card: str) -> list[str]:
    """The argument strings an active item accepts now."""
    return ITEMS[item_kind(card)].targets(state, pawn, card)


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
        acts += [
            Verb.ITEM.of(card, t) if t else Verb.ITEM.of(card) for t in targets(state, pawn, card)
        ]
    return acts


def apply_item(state: ToxicityFields, action: str) -> None:
    """Use an active item; it goes to the discard pile (*Todos os itens após serem utilizados*)."""
    card, *args = parse(action).args
    index = state.turn
    pawn = state.pawns[index]
    pawn.items.remove(card)
    state.private.pop(card, None)
    state.discard.append(card)
    state.items_used += 1
    what = item_kind(card)
    shown = args[:1] if what == "switch" else args  # the exchange itself is private
    if shown:
        state.log(
            "The {pawn} uses {card} on {target}",
            pawn=PAWNS[pawn.colour],
            card=card_name(card),
            target=target_words(shown),
        )
    else:
        state.log("The {pawn} uses {card}", pawn=PAWNS[pawn.colour], card=card_name(card))
    ITEMS[what].use(state, index, what, args)


def attack(state: ToxicityFields, by: int, target: int | None, damage: int) -> None:
    """Knife or Pistol damage; a Shield blocks one such attack and is discarded."""
    assert target is not None
    victim = state.pawns[target]
    shield = victim.first("shield")
    if shield is not None:
        victim.items.remove(shield)
        state.private.pop(shield, None)
        state.discard.append(shield)
        state.log(
            "The {pawn}'s {shield} blocks the attack",
            pawn=PAWNS[victim.colour],
            shield=card_name(shield),
        )
        return
    state.log("The {pawn} loses {damage} stamina", pawn=PAWNS[victim.colour], damage=damage)
    rounds.hurt(state, target, damage, by)


def destroy(state: ToxicityFields, square: int) -> None:
    """A card (wall or trap) on the square goes to the discard pile; the square is bare."""
    card = state.board[square]
    assert card
    state.discard.append(card)
    state.board[square] = ""
    state.face_up[square] = True
    state.log(
        "{card} at {square} is destroyed", card=card_name(card), square=state.geo.names[square]
    )


def switch(state: ToxicityFields, index: int, target: int | None, given: str) -> None:
    """*Switch*: give one of one's items, take a random one of the other pawn's; the two
    pawns see both cards, the others only what they already knew."""
    assert target is not None
    me, other = state.pawns[index], state.pawns[target]
    had = (me.has("syringe"), other.has("syringe"))
    taken = other.items[state.rng.randrange(len(other.items))]
    other.items.remove(taken)
    me.items.remove(given)
    me.take(taken)
    other.take(given)
    pair = {state.seat_of(index), state.seat_of(target)}
    for c in (taken, given):
        if c in state.private:  # whoever knew where a card was follows it; public stays public
            state.private[c] = sorted(pair | set(state.private[c]))
    state.log(
        "The {pawn} gives {given} and takes {taken}",
        frozenset(pair),
        pawn=PAWNS[me.colour],
        given=card_name(given),
        taken=card_name(taken),
    )
    for i, before in zip((index, target), had, strict=True):
        pawn = state.pawns[i]
        if pawn.has("syringe") and not before:
            pawn.stamina += 1
        elif before and not pawn.has("syringe"):
            rounds.hurt(state, i, 1, None)
