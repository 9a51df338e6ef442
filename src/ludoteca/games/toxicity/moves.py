"""Movement, landing effects and escape (*Movimentação*, *Stamina*, *Cartas Floor e Traps*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.games.toxicity import fog, rounds
from ludoteca.games.toxicity.board import CORNERS, DIRECTIONS, STRAIGHT
from ludoteca.games.toxicity.cards import is_item, kind
from ludoteca.games.toxicity.pawn import ABILITIES, Pawn

if TYPE_CHECKING:
    from ludoteca.games.toxicity.fields import ToxicityFields

RUN_COST = 2


def passable(st: ToxicityFields, pawn: Pawn, square: int | None) -> bool:
    """A pawn may enter a square on the board with no wall, outside the gas
    (unless its Gas Mask is already protecting it)."""
    if square is None or st.is_wall_at(square):
        return False
    return not st.in_gas(square) or pawn.mask_turns > 0


def walk_cost(st: ToxicityFields, square: int, direction: str) -> int:
    """1 stamina a step; 2 for a diagonal with a wall ahead, i.e. on either square
    the diagonal cuts between (*Stamina*)."""
    if direction in CORNERS:
        for side in CORNERS[direction]:
            corner = st.geo.next[side][square]
            if corner is not None and st.is_wall_at(corner):
                return 2
    return 1


def move_actions(st: ToxicityFields, pawn: Pawn) -> list[str]:
    """Walk one square in 8 directions or run two straight, once a turn (*Movimentação*:
    *não pode andar 2 vezes*), as far as the stamina pays, the last point included: the
    rulebook forbids no move, it says a pawn at 0 dies (docs/rules/toxicity.md)."""
    if st.moved:
        return []
    acts = []
    here, step = pawn.square, st.geo.next
    for name in DIRECTIONS:
        target = step[name][here]
        if passable(st, pawn, target) and walk_cost(st, here, name) <= pawn.stamina:
            acts.append(f"walk:{name}")
    if not pawn.no_run and pawn.stamina >= RUN_COST:
        for name in STRAIGHT:
            mid = step[name][here]
            if passable(st, pawn, mid) and passable(st, pawn, step[name][mid]):  # type: ignore[index]
                acts.append(f"run:{name}")
    return acts


def apply_move(st: ToxicityFields, action: str) -> None:
    """Pay the stamina and move; the landing square and the sight are revealed."""
    head, direction = Action.parse(action)
    pawn = st.pawns[st.turn]
    running = head == "run"
    cost = RUN_COST if running else walk_cost(st, pawn.square, direction)
    target = st.geo.step(pawn.square, DIRECTIONS[direction], 2 if running else 1)
    assert target is not None
    st.moved = True
    if cost >= pawn.stamina:  # *Stamina*: "Se um jogador chegar a 0 de stamina ... morre"
        st.log(f"The {pawn.colour} pawn {head}s {direction} with its last stamina")
        rounds.hurt(st, st.turn, cost, None)  # it collapses before it lands: nothing revealed
        return
    pawn.stamina -= cost
    st.log(f"The {pawn.colour} pawn {head}s {direction} to {st.geo.names[target]}")
    enter(st, st.turn, target, direction, running)


def enter(st: ToxicityFields, index: int, square: int, direction: str, running: bool) -> None:
    """A pawn arrives on a square by its own movement: it gets a card if it had none,
    the card takes effect (a Wet Floor slides it on), then the fog is revealed."""
    pawn = st.pawns[index]
    while True:
        pawn.square = square
        rounds.reach(st, square)
        rounds.gas_check(st, index)
        if not pawn.on_board:
            return
        if st.board[square] is None:
            fog.deal_landing(st, square)
        if not step_on(st, index, square):
            break
        ahead = st.geo.step(square, DIRECTIONS[direction])
        if ahead is None or st.is_wall_at(ahead):
            break
        st.log(f"The {pawn.colour} pawn slides to {st.geo.names[ahead]}")
        square, running = ahead, False
    if pawn.on_board:
        fog.reveal(st, pawn.square, direction, running)


def step_on(st: ToxicityFields, index: int, square: int) -> bool:
    """Turn the card face up and apply it; True if it is a Wet Floor (slide on)."""
    pawn = st.pawns[index]
    card = st.board[square]
    if not card:
        return False
    if not st.face_up[square]:
        if is_item(card) and len(pawn.items) < pawn.slots:
            take_secretly(st, index, square)
            return False
        st.face_up[square] = True
        st.log(f"The {pawn.colour} pawn steps on {card} at {st.geo.names[square]}")
    what = kind(card)
    if what == "floor-wet":
        return True
    if what == "floor-muddy":
        pawn.mud = True
    elif what == "floor-refresh":
        refresh(st, pawn)
    elif what == "floor-regenerate" and not pawn.regenerated:
        pawn.regenerated = True
        pawn.stamina = pawn.max_stamina
        st.log(f"The {pawn.colour} pawn regenerates to {pawn.stamina} stamina")
    elif what in ("trap-stamina", "trap-stun"):
        spring_trap(st, index, what)
    elif what == "key" and pawn.key is None:
        pawn.key = card
        st.board[square] = ""
        st.log(f"The {pawn.colour} pawn takes {card}")
    elif is_item(card) and len(pawn.items) < pawn.slots:
        pawn.items.append(card)
        st.board[square] = ""
        if kind(card) == "item-syringe":
            pawn.stamina += 1
        st.log(f"The {pawn.colour} pawn takes {card}")
    return False


def take_secretly(st: ToxicityFields, index: int, square: int) -> None:
    """A face-down item the pawn can carry goes to its hand unseen by the other pawns
    (the gamemaster, who placed it, knows it)."""
    pawn = st.pawns[index]
    card = st.board[square]
    assert card
    pawn.items.append(card)
    st.board[square] = ""
    st.face_up[square] = True
    knowers = sorted({st.seat_of(index), st.gamemaster})
    st.private[card] = knowers
    st.log(f"The {pawn.colour} pawn picks up the item at {st.geo.names[square]}")
    st.log(f"The {pawn.colour} pawn takes {card}", frozenset(knowers))
    if kind(card) == "item-syringe":
        pawn.stamina += 1


def refresh(st: ToxicityFields, pawn: Pawn) -> None:
    """*Refresh*: one use back of the ability most used; once per character."""
    full = ABILITIES[pawn.colour]
    spent = [(full[a] - pawn.uses[a], a) for a in full if pawn.uses[a] < full[a]]
    if pawn.refreshed or not spent:
        return
    pawn.refreshed = True
    ability = max(spent, key=lambda pair: pair[0])[1]
    pawn.uses[ability] += 1
    st.log(f"The {pawn.colour} pawn regains a use of '{ability}'")


def spring_trap(st: ToxicityFields, index: int, what: str) -> None:
    """*Stamina Trap*: -1 stamina; *Stun Trap*: the next turn is lost. The green pawn
    ignores the first two traps it meets."""
    pawn = st.pawns[index]
    if pawn.immunity > 0:
        pawn.immunity -= 1
        st.log(f"The green pawn is immune to the trap ({pawn.immunity} immunity left)")
        return
    if what == "trap-stun":
        pawn.stunned = True
        st.log(f"The {pawn.colour} pawn is stunned: it loses its next turn")
    else:
        st.log(f"The {pawn.colour} pawn loses 1 stamina to the trap")
        rounds.hurt(st, index, 1, None)


def escape_actions(st: ToxicityFields, pawn: Pawn) -> list[str]:
    """`escape` on the door with a key, or on a Trap Door with a Crowbar."""
    card = st.board[pawn.square]
    if not card:
        return []
    if kind(card) == "door" and pawn.key is not None:
        return ["escape"]
    if kind(card) == "trap-trapdoor" and pawn.has("crowbar"):
        return ["escape"]
    return []


def apply_escape(st: ToxicityFields) -> None:
    """Leave the board by the door (key) or the trapdoor (the Crowbar is used)."""
    pawn = st.pawns[st.turn]
    card = st.board[pawn.square]
    assert card is not None
    if kind(card) == "door":
        pawn.escaped = "door"
    else:
        crowbar = pawn.first("crowbar")
        assert crowbar is not None
        pawn.items.remove(crowbar)
        st.private.pop(crowbar, None)
        st.discard.append(crowbar)
        pawn.escaped = "trapdoor"
    st.log(f"The {pawn.colour} pawn escapes through the {pawn.escaped}")
