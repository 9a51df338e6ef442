"""Movement, landing effects and escape (*Movimentação*, *Stamina*, *Cartas Floor e Traps*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.toxicity import fog, rounds
from ludoteca.games.toxicity.action import Verb, parse
from ludoteca.games.toxicity.cards import card_name, is_item, kind
from ludoteca.games.toxicity.data import ABILITY_WORDS, PAWNS
from ludoteca.games.toxicity.geometry import CORNERS, DIRECTION_NAMES, DIRECTIONS, STRAIGHT
from ludoteca.games.toxicity.pawn import Pawn

if TYPE_CHECKING:
    from ludoteca.games.toxicity.fields import ToxicityFields

RUN_COST = 2


def passable(state: ToxicityFields, pawn: Pawn, square: int | None) -> bool:
    """A pawn may enter a square on the board with no wall, outside the gas
    (unless its Gas Mask is already protecting it)."""
    if square is None or state.is_wall_at(square):
        return False
    return not state.in_gas(square) or pawn.mask_turns > 0


def walk_cost(state: ToxicityFields, square: int, direction: str) -> int:
    """1 stamina a step; 2 for a diagonal with a wall ahead, i.e. on either square
    the diagonal cuts between (*Stamina*)."""
    if direction in CORNERS:
        for side in CORNERS[direction]:
            corner = state.geo.next[side][square]
            if corner is not None and state.is_wall_at(corner):
                return 2
    return 1


WALKS = {name: Verb.WALK.of(name) for name in DIRECTIONS}
RUNS = {name: Verb.RUN.of(name) for name in STRAIGHT}


def move_actions(state: ToxicityFields, pawn: Pawn) -> list[str]:
    """Walk one square in 8 directions or run two straight, once a turn (*Movimentação*:
    *não pode andar 2 vezes*), as far as the stamina pays, the last point included: the
    rulebook forbids no move, it says a pawn at 0 dies (docs/rules/toxicity.md).

    `passable` and `walk_cost`, written out: this runs before every decision."""
    if state.moved:
        return []
    acts = []
    here, step, board = pawn.square, state.geo.next, state.board
    columns, gas = state.geo.columns, (0 if pawn.mask_turns > 0 else state.gas)
    stamina = pawn.stamina
    for name in DIRECTIONS:
        target = step[name][here]
        if target is None or target % columns < gas:
            continue
        card = board[target]
        if card is not None and card.startswith("w"):
            continue
        if stamina >= 2 or walk_cost(state, here, name) <= stamina:  # a step costs 1 or 2
            acts.append(WALKS[name])
    if not pawn.no_run and stamina >= RUN_COST:
        for name in STRAIGHT:
            ray = step[name]
            mid = ray[here]
            if mid is None or mid % columns < gas:
                continue
            card = board[mid]
            if card is not None and card.startswith("w"):
                continue
            end = ray[mid]
            if end is None or end % columns < gas:
                continue
            card = board[end]
            if card is None or not card.startswith("w"):
                acts.append(RUNS[name])
    return acts


def apply_move(state: ToxicityFields, action: str) -> None:
    """Pay the stamina and move; the landing square and the sight are revealed."""
    move = parse(action)
    direction = move.arg
    pawn = state.pawns[state.turn]
    running = move.verb is Verb.RUN
    cost = RUN_COST if running else walk_cost(state, pawn.square, direction)
    target = state.geo.step(pawn.square, DIRECTIONS[direction], 2 if running else 1)
    assert target is not None
    state.moved = True
    if cost >= pawn.stamina:  # *Stamina*: "Se um jogador chegar a 0 de stamina ... morre"
        if running:
            state.log(
                "The {pawn} runs {direction} with its last stamina",
                pawn=PAWNS[pawn.colour],
                direction=DIRECTION_NAMES[direction],
            )
        else:
            state.log(
                "The {pawn} walks {direction} with its last stamina",
                pawn=PAWNS[pawn.colour],
                direction=DIRECTION_NAMES[direction],
            )
        rounds.hurt(state, state.turn, cost, None)  # it collapses before it lands: nothing revealed
        return
    pawn.stamina -= cost
    square = state.geo.names[target]
    if running:
        state.log(
            "The {pawn} runs {direction} to {square}",
            pawn=PAWNS[pawn.colour],
            direction=DIRECTION_NAMES[direction],
            square=square,
        )
    else:
        state.log(
            "The {pawn} walks {direction} to {square}",
            pawn=PAWNS[pawn.colour],
            direction=DIRECTION_NAMES[direction],
            square=square,
        )
    enter(state, state.turn, target, direction, running)


def enter(state: ToxicityFields, index: int, square: int, direction: str, running: bool) -> None:
    """A pawn arrives on a square by its own movement: it gets a card if it had none,
    the card takes effect (a Wet Floor slides it on), then the fog is revealed."""
    pawn = state.pawns[index]
    while True:
        pawn.square = square
        rounds.reach(state, square)
        rounds.gas_check(state, index)
        if not pawn.on_board:
            return
        if state.board[square] is None:
            fog.deal_landing(state, square)
        if not step_on(state, index, square):
            break
        ahead = state.geo.step(square, DIRECTIONS[direction])
        if ahead is None or state.is_wall_at(ahead):
            break
        state.log(
            "The {pawn} slides to {square}", pawn=PAWNS[pawn.colour], square=state.geo.names[ahead]
        )
        square, running = ahead, False
    if pawn.on_board:
        fog.reveal(state, pawn.square, direction, running)


def step_on(state: ToxicityFields, index: int, square: int) -> bool:
    """Turn the card face up and apply it; True if it is a Wet Floor (slide on)."""
    pawn = state.pawns[index]
    card = state.board[square]
    if not card:
        return False
    if not state.face_up[square]:
        if is_item(card) and len(pawn.items) < state.characters[pawn.colour].slots:
            take_secretly(state, index, square)
            return False
        state.face_up[square] = True
        state.log(
            "The {pawn} steps on {card} at {square}",
            pawn=PAWNS[pawn.colour],
            card=card_name(card),
            square=state.geo.names[square],
        )
    what = kind(card)
    if what == "floor-wet":
        return True
    if what == "floor-muddy":
        pawn.mud = True
    elif what == "floor-refresh":
        refresh(state, pawn)
    elif what == "floor-regenerate" and not pawn.regenerated:
        pawn.regenerated = True
        pawn.stamina = pawn.max_stamina(state.characters[pawn.colour])
        state.log(
            "The {pawn} regenerates to {stamina} stamina",
            pawn=PAWNS[pawn.colour],
            stamina=pawn.stamina,
        )
    elif what in ("trap-stamina", "trap-stun"):
        spring_trap(state, index, what)
    elif what == "key" and pawn.key is None:
        pawn.key = card
        state.board[square] = ""
        state.log("The {pawn} takes {card}", pawn=PAWNS[pawn.colour], card=card_name(card))
    elif is_item(card) and len(pawn.items) < state.characters[pawn.colour].slots:
        pawn.take(card)
        state.board[square] = ""
        if kind(card) == "item-syringe":
            pawn.stamina += 1
        state.log("The {pawn} takes {card}", pawn=PAWNS[pawn.colour], card=card_name(card))
    return False


def take_secretly(state: ToxicityFields, index: int, square: int) -> None:
    """A face-down item the pawn can carry goes to its hand unseen by the other pawns
    (the gamemaster, who placed it, knows it)."""
    pawn = state.pawns[index]
    card = state.board[square]
    assert card
    pawn.take(card)
    state.board[square] = ""
    state.face_up[square] = True
    knowers = sorted({state.seat_of(index), state.gamemaster})
    state.private[card] = knowers
    state.log(
        "The {pawn} picks up the item at {square}",
        pawn=PAWNS[pawn.colour],
        square=state.geo.names[square],
    )
    state.log(
        "The {pawn} takes {card}",
        frozenset(knowers),
        pawn=PAWNS[pawn.colour],
        card=card_name(card),
    )
    if kind(card) == "item-syringe":
        pawn.stamina += 1


def refresh(state: ToxicityFields, pawn: Pawn) -> None:
    """*Refresh*: one use back of the ability most used; once per character."""
    full = state.characters[pawn.colour].abilities
    spent = [(full[a] - pawn.uses[a], a) for a in full if pawn.uses[a] < full[a]]
    if pawn.refreshed or not spent:
        return
    pawn.refreshed = True
    ability = max(spent, key=lambda pair: pair[0])[1]
    pawn.uses[ability] += 1
    state.log(
        "The {pawn} regains a use of its ability: {ability}",
        pawn=PAWNS[pawn.colour],
        ability=ABILITY_WORDS[ability],
    )


def spring_trap(state: ToxicityFields, index: int, what: str) -> None:
    """*Stamina Trap*: -1 stamina; *Stun Trap*: the next turn is lost. The green pawn
    ignores the first two traps it meets."""
    pawn = state.pawns[index]
    if pawn.immunity > 0:
        pawn.immunity -= 1
        state.log("The green pawn is immune to the trap ({left} immunity left)", left=pawn.immunity)
        return
    if what == "trap-stun":
        pawn.stunned = True
        state.log("The {pawn} is stunned: it loses its next turn", pawn=PAWNS[pawn.colour])
    else:
        state.log("The {pawn} loses 1 stamina to the trap", pawn=PAWNS[pawn.colour])
        rounds.hurt(state, index, 1, None)


def escape_actions(state: ToxicityFields, pawn: Pawn) -> list[str]:
    """`escape` on the door with a key, or on a Trap Door with a Crowbar."""
    card = state.board[pawn.square]
    if not card:
        return []
    if kind(card) == "door" and pawn.key is not None:
        return ["escape"]
    if kind(card) == "trap-trapdoor" and pawn.has("crowbar"):
        return ["escape"]
    return []


def apply_escape(state: ToxicityFields) -> None:
    """Leave the board by the door (key) or the trapdoor (the Crowbar is used)."""
    pawn = state.pawns[state.turn]
    card = state.board[pawn.square]
    assert card is not None
    if kind(card) == "door":
        pawn.escaped = "door"
    else:
        crowbar = pawn.first("crowbar")
        assert crowbar is not None
        pawn.items.remove(crowbar)
        state.private.pop(crowbar, None)
        state.discard.append(crowbar)
        pawn.escaped = "trapdoor"
    if pawn.escaped == "trapdoor":
        state.log("The {pawn} escapes through the trapdoor", pawn=PAWNS[pawn.colour])
    else:
        state.log("The {pawn} escapes through the door", pawn=PAWNS[pawn.colour])
