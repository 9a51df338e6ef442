"""Rounds, turns, the gas, deaths and scoring (*Estrutura do Jogo*, *Gás Tóxico*, *Pontuação*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.i18n import N_, Seat, T, Tn
from ludoteca.games.toxicity.cards import build_decks, card_name, prefilled_cards
from ludoteca.games.toxicity.data import COLOUR_NAMES, PAWNS
from ludoteca.games.toxicity.pawn import Pawn

GAS = N_("The {pawn} dies in the gas")
EXHAUSTION = N_("The {pawn} dies of exhaustion")
"""How a pawn dies when no other pawn kills it: each its own sentence (the languages
word the two differently)."""

if TYPE_CHECKING:
    from ludoteca.games.toxicity.fields import ToxicityFields

DIE = 6
MASK_TURNS = 2


def opening_roll(state: ToxicityFields) -> list[int]:
    """Seats ordered by the opening roll, highest first; ties re-roll among themselves.

    *Decidir o Gamemaster e Ordem de Jogo*: the highest roll is the gamemaster,
    the next the blue pawn, then red, yellow, green.
    """

    def order(seats: list[int]) -> list[int]:
        if len(seats) == 1:
            return seats
        rolls = {seat: state.rng.randint(1, DIE) for seat in seats}
        each = tuple(T("{player} rolls {value}", player=Seat(s), value=rolls[s]) for s in seats)
        state.log("Opening roll: {rolls}", rolls=each)
        ranked: list[int] = []
        for value in sorted(set(rolls.values()), reverse=True):
            ranked += order([s for s in seats if rolls[s] == value])
        return ranked

    return order(list(range(state.seats)))


def rotate(roles: list[int]) -> list[int]:
    """*Rotação de Personagens*: blue -> gamemaster, red -> blue, ..., gamemaster -> last pawn."""
    return roles[1:] + roles[:1]


def start_round(state: ToxicityFields) -> None:
    """Lay the board and deal the decks (*Setup do Tabuleiro*, *Distribuição Inicial*)."""
    state._reset_round()
    state.round += 1
    names = tuple(
        T("{colour}: {player}", colour=COLOUR_NAMES[c], player=Seat(state.seat_of(i)))
        for i, c in enumerate(state.colours)
    )
    state.log(
        "Round {round}: gamemaster {player}; {names}",
        round=state.round,
        player=Seat(state.gamemaster),
        names=names,
    )
    floors = prefilled_cards(state.data, state.round)
    for x in state.data.prefilled_columns:
        for y in range(state.geo.rows):
            square = state.geo.at(x, y)
            assert square is not None
            state.board[square] = floors.pop(0)
            state.face_up[square] = True
    blue_item, state.decks = build_decks(state.data, state.rng, state.round)
    for colour in state.colours:
        x, y = state.data.start[colour]
        square = state.geo.at(x, y)
        assert square is not None
        state.pawns.append(Pawn.new(colour, square, state.characters[colour]))
    state.pawns[0].take(blue_item)
    state.private[blue_item] = [state.seat_of(0)]
    state.log(
        "The blue pawn starts with {item}", frozenset({state.seat_of(0)}), item=card_name(blue_item)
    )
    state.log("The blue pawn starts with a random item")
    state.turn = 0
    start_turn(state)


def start_turn(state: ToxicityFields) -> None:
    """Begin the current pawn's individual turn (*Stamina*: full at the start of one's turn).

    Marked zones thrown by this pawn (or by a pawn no longer on the board) expire;
    a Molotov zone it stands in costs 1
    stamina, a Flashbang zone or a Stun Trap costs the whole turn.
    """
    pawn_index = state.turn
    pawn = state.pawns[pawn_index]
    state.zones = [z for z in state.zones if z[1] != pawn_index and state.pawns[z[1]].on_board]
    state.moved, state.items_used, state.items_allowed = False, 0, 1
    state.ability_used, state.swaps_left = False, 0
    if not pawn.on_board:
        return
    pawn.stamina = pawn.max_stamina(state.characters[pawn.colour])
    pawn.no_run, pawn.mud = pawn.mud, False
    skip = pawn.stunned
    pawn.stunned = False
    for kind, owner, squares in list(state.zones):
        if pawn.square in squares and kind == "molotov":
            state.log("The {pawn} burns in a Molotov zone: -1 stamina", pawn=PAWNS[pawn.colour])
            hurt(state, pawn_index, 1, owner)
        elif pawn.square in squares and kind == "flashbang":
            skip = True
    if skip and pawn.on_board:
        state.log("The {pawn} loses its turn", pawn=PAWNS[pawn.colour])
        pawn.stamina = pawn.max_stamina(state.characters[pawn.colour])
        end_turn(state)


def end_turn(state: ToxicityFields) -> None:
    """Pass to the next pawn still on the board; after the last, a general turn ends."""
    index = state.turn + 1
    while index < len(state.pawns) and not state.pawns[index].on_board:
        index += 1
    if index >= len(state.pawns):
        end_general_turn(state)
        if not any(p.on_board for p in state.pawns):
            return
        index = next(i for i, p in enumerate(state.pawns) if p.on_board)
    state.turn = index
    start_turn(state)


def end_general_turn(state: ToxicityFields) -> None:
    """The gas advances (*Gás Tóxico*): every 2 general turns, then every turn once a
    pawn reached zone 2, two columns a turn once one reached zone 3."""
    for pawn in state.pawns:
        if pawn.on_board and pawn.mask_turns and state.in_gas(pawn.square):
            pawn.mask_turns -= 1
    state.gas_timer -= 1
    if state.gas_timer <= 0:
        step = 2 if state.zone_reached >= 2 else 1
        state.gas = min(state.geo.columns, state.gas + step)
        state.gas_timer = 1 if state.zone_reached >= 1 else 2
        state.log(
            "The gas consumes column {column} (general turn {turn})",
            column=state.gas,
            turn=state.general_turn,
        )
    for index in range(len(state.pawns)):
        gas_check(state, index)
    state.general_turn += 1


def gas_check(state: ToxicityFields, index: int, by: int | None = None) -> None:
    """A pawn in a consumed column dies unless a Gas Mask protects it (2 turns)."""
    pawn = state.pawns[index]
    if not pawn.on_board or not state.in_gas(pawn.square) or pawn.mask_turns > 0:
        return
    mask = pawn.first("mask")
    if mask is not None:
        pawn.items.remove(mask)
        state.private.pop(mask, None)
        state.discard.append(mask)
        pawn.mask_turns = MASK_TURNS
        state.log(
            "The {pawn}'s {mask} protects it from the gas for 2 turns",
            pawn=PAWNS[pawn.colour],
            mask=card_name(mask),
        )
        return
    die(state, index, by, GAS)


def reach(state: ToxicityFields, square: int) -> None:
    """Note the furthest zone a pawn reached: it sets the gas's pace."""
    zone = state.geo.zone(square)
    if zone > state.zone_reached:
        state.zone_reached = zone
        state.gas_timer = min(state.gas_timer, 1)
        state.log("A pawn reaches zone {zone}: the gas speeds up", zone=zone + 1)


def hurt(state: ToxicityFields, index: int, amount: int, by: int | None) -> None:
    """Take `amount` stamina; at 0 the pawn dies (*Stamina*)."""
    pawn = state.pawns[index]
    pawn.stamina -= amount
    if pawn.stamina <= 0:
        die(state, index, by, EXHAUSTION)


def die(state: ToxicityFields, index: int, by: int | None, cause: str) -> None:
    """A pawn dies of `cause` (`GAS`, `EXHAUSTION`); `by` (a pawn) is credited with the kill."""
    pawn = state.pawns[index]
    pawn.alive = False
    pawn.stamina = 0
    pawn.mask_turns = 0
    if by is not None and by != index:
        state.pawns[by].kills += 1
        state.log(
            "The {pawn} is killed by the {killer}",
            pawn=PAWNS[pawn.colour],
            killer=PAWNS[state.pawns[by].colour],
        )
    else:
        state.log(cause, pawn=PAWNS[pawn.colour])


def round_points(state: ToxicityFields) -> list[int]:
    """Points of the round by seat (*Pontuação*).

    An escapee gets 1 (2 through the trapdoor) plus 1 per death it caused; the
    dead get nothing; the gamemaster 1 per dead pawn.
    """
    points = [0] * state.seats
    for index, pawn in enumerate(state.pawns):
        if pawn.escaped:
            base = 2 if pawn.escaped == "trapdoor" else 1
            points[state.seat_of(index)] += base + pawn.kills
        elif not pawn.alive:
            points[state.gamemaster] += 1
    return points


def finish_round(state: ToxicityFields) -> None:
    """Score the round, rotate the roles, and start the next round or end the game."""
    state.pending = []
    points = round_points(state)
    for pawn in state.pawns:
        if pawn.escaped:
            state.tally[pawn.escaped] += 1
        state.tally["deaths"] += 0 if pawn.alive else 1
        state.tally["kills"] += pawn.kills
        fate = pawn.escaped or ("deaths" if not pawn.alive else "")
        state.tally[f"{pawn.colour}.rounds"] = state.tally.get(f"{pawn.colour}.rounds", 0) + 1
        for group in (pawn.colour, *(f"item:{held}" for held in pawn.held)):
            if group != pawn.colour:
                state.tally[f"{group}.rounds"] = state.tally.get(f"{group}.rounds", 0) + 1
            if fate:
                state.tally[f"{group}.{fate}"] = state.tally.get(f"{group}.{fate}", 0) + 1
    state.tally["general_turns"] += state.general_turn
    state.totals = [t + p for t, p in zip(state.totals, points, strict=True)]
    roles = (T("the gamemaster"), *(PAWNS[c] for c in state.colours))
    scored = tuple(
        Tn("{role}: {n} point", "{role}: {n} points", points[seat], role=role)
        for role, seat in zip(roles, state.roles, strict=True)
    )
    state.log("Round {round} ends: {points}", round=state.round, points=scored)
    if state.round >= state.last_round:
        state.over = True
        return
    state.roles = rotate(state.roles)
    start_round(state)
