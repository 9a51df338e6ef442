"""Rounds, turns, the gas, deaths and scoring (*Estrutura do Jogo*, *Gás Tóxico*, *Pontuação*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.toxicity.cards import build_decks, prefilled_cards
from ludoteca.games.toxicity.pawn import Pawn

if TYPE_CHECKING:
    from ludoteca.games.toxicity.fields import ToxicityFields

ROUNDS = 5
DIE = 6
MASK_TURNS = 2


def opening_roll(st: ToxicityFields) -> list[int]:
    """Seats ordered by the opening roll, highest first; ties re-roll among themselves.

    *Decidir o Gamemaster e Ordem de Jogo*: the highest roll is the gamemaster,
    the next the blue pawn, then red, yellow, green.
    """

    def order(seats: list[int]) -> list[int]:
        if len(seats) == 1:
            return seats
        rolls = {seat: st.rng.randint(1, DIE) for seat in seats}
        st.log("Opening roll: " + ", ".join(f"seat {s} rolls {rolls[s]}" for s in seats))
        ranked: list[int] = []
        for value in sorted(set(rolls.values()), reverse=True):
            ranked += order([s for s in seats if rolls[s] == value])
        return ranked

    return order(list(range(st.seats)))


def rotate(roles: list[int]) -> list[int]:
    """*Rotação de Personagens*: blue -> gamemaster, red -> blue, ..., gamemaster -> last pawn."""
    return roles[1:] + roles[:1]


def start_round(st: ToxicityFields) -> None:
    """Lay the board and deal the decks (*Setup do Tabuleiro*, *Distribuição Inicial*)."""
    st._reset_round()
    st.round += 1
    names = ", ".join(f"{c} = seat {st.seat_of(i)}" for i, c in enumerate(st.colours))
    st.log(f"Round {st.round}: gamemaster = seat {st.gamemaster}; {names}")
    floors = prefilled_cards(st.data, st.round)
    for x in st.data.prefilled_columns:
        for y in range(st.geo.rows):
            square = st.geo.at(x, y)
            assert square is not None
            st.board[square] = floors.pop(0)
            st.face_up[square] = True
    blue_item, st.decks = build_decks(st.data, st.rng, st.round)
    for colour in st.colours:
        x, y = st.data.start[colour]
        square = st.geo.at(x, y)
        assert square is not None
        st.pawns.append(Pawn.new(colour, square))
    st.pawns[0].items.append(blue_item)
    st.private[blue_item] = [st.seat_of(0)]
    st.log(f"The blue pawn starts with {blue_item}", frozenset({st.seat_of(0)}))
    st.log("The blue pawn starts with a random item")
    st.turn = 0
    start_turn(st)


def start_turn(st: ToxicityFields) -> None:
    """Begin the current pawn's individual turn (*Stamina*: full at the start of one's turn).

    Marked zones thrown by this pawn (or by a pawn no longer on the board) expire;
    a Molotov zone it stands in costs 1
    stamina, a Flashbang zone or a Stun Trap costs the whole turn.
    """
    pawn_index = st.turn
    pawn = st.pawns[pawn_index]
    st.zones = [z for z in st.zones if z[1] != pawn_index and st.pawns[z[1]].on_board]
    st.moved, st.items_used, st.items_allowed = False, 0, 1
    st.ability_used, st.swaps_left = False, 0
    if not pawn.on_board:
        return
    pawn.stamina = pawn.max_stamina
    pawn.no_run, pawn.mud = pawn.mud, False
    skip = pawn.stunned
    pawn.stunned = False
    for kind, owner, squares in list(st.zones):
        if pawn.square in squares and kind == "molotov":
            st.log(f"The {pawn.colour} pawn burns in a Molotov zone: -1 stamina")
            hurt(st, pawn_index, 1, owner)
        elif pawn.square in squares and kind == "flashbang":
            skip = True
    if skip and pawn.on_board:
        st.log(f"The {pawn.colour} pawn loses its turn")
        pawn.stamina = pawn.max_stamina
        end_turn(st)


def end_turn(st: ToxicityFields) -> None:
    """Pass to the next pawn still on the board; after the last, a general turn ends."""
    index = st.turn + 1
    while index < len(st.pawns) and not st.pawns[index].on_board:
        index += 1
    if index >= len(st.pawns):
        end_general_turn(st)
        if not any(p.on_board for p in st.pawns):
            return
        index = next(i for i, p in enumerate(st.pawns) if p.on_board)
    st.turn = index
    start_turn(st)


def end_general_turn(st: ToxicityFields) -> None:
    """The gas advances (*Gás Tóxico*): every 2 general turns, then every turn once a
    pawn reached zone 2, two columns a turn once one reached zone 3."""
    for pawn in st.pawns:
        if pawn.on_board and pawn.mask_turns and st.in_gas(pawn.square):
            pawn.mask_turns -= 1
    st.gas_timer -= 1
    if st.gas_timer <= 0:
        step = 2 if st.phase >= 2 else 1
        st.gas = min(st.geo.columns, st.gas + step)
        st.gas_timer = 1 if st.phase >= 1 else 2
        st.log(f"The gas consumes column {st.gas} (general turn {st.general_turn})")
    for index in range(len(st.pawns)):
        gas_check(st, index)
    st.general_turn += 1


def gas_check(st: ToxicityFields, index: int, by: int | None = None) -> None:
    """A pawn in a consumed column dies unless a Gas Mask protects it (2 turns)."""
    pawn = st.pawns[index]
    if not pawn.on_board or not st.in_gas(pawn.square) or pawn.mask_turns > 0:
        return
    mask = pawn.first("mask")
    if mask is not None:
        pawn.items.remove(mask)
        st.private.pop(mask, None)
        st.discard.append(mask)
        pawn.mask_turns = MASK_TURNS
        st.log(f"The {pawn.colour} pawn's {mask} protects it from the gas for 2 turns")
        return
    die(st, index, by, "the gas")


def reach(st: ToxicityFields, square: int) -> None:
    """Note the furthest zone a pawn reached: it sets the gas's pace."""
    zone = st.geo.zone(square)
    if zone > st.phase:
        st.phase = zone
        st.gas_timer = min(st.gas_timer, 1)
        st.log(f"A pawn reaches zone {zone + 1}: the gas speeds up")


def hurt(st: ToxicityFields, index: int, amount: int, by: int | None) -> None:
    """Take `amount` stamina; at 0 the pawn dies (*Stamina*)."""
    pawn = st.pawns[index]
    pawn.stamina -= amount
    if pawn.stamina <= 0:
        die(st, index, by, "exhaustion")


def die(st: ToxicityFields, index: int, by: int | None, cause: str) -> None:
    """A pawn dies; `by` (a pawn) is credited with the kill."""
    pawn = st.pawns[index]
    pawn.alive = False
    pawn.stamina = 0
    pawn.mask_turns = 0
    if by is not None and by != index:
        st.pawns[by].kills += 1
        st.log(f"The {pawn.colour} pawn is killed by the {st.pawns[by].colour} pawn")
    else:
        st.log(f"The {pawn.colour} pawn dies of {cause}")


def round_points(st: ToxicityFields) -> list[int]:
    """Points of the round by seat (*Pontuação*).

    An escapee gets 1 (2 through the trapdoor) plus 1 per death it caused; the
    dead get nothing; the gamemaster 1 per dead pawn.
    """
    points = [0] * st.seats
    for index, pawn in enumerate(st.pawns):
        if pawn.escaped:
            base = 2 if pawn.escaped == "trapdoor" else 1
            points[st.seat_of(index)] += base + pawn.kills
        elif not pawn.alive:
            points[st.gamemaster] += 1
    return points


def finish_round(st: ToxicityFields) -> None:
    """Score the round, rotate the roles, and start the next round or end the game."""
    st.pending = []
    points = round_points(st)
    for pawn in st.pawns:
        if pawn.escaped:
            st.tally[pawn.escaped] += 1
        st.tally["deaths"] += 0 if pawn.alive else 1
        st.tally["kills"] += pawn.kills
        fate = pawn.escaped or ("deaths" if not pawn.alive else "")
        st.tally[f"{pawn.colour}.rounds"] = st.tally.get(f"{pawn.colour}.rounds", 0) + 1
        if fate:
            st.tally[f"{pawn.colour}.{fate}"] = st.tally.get(f"{pawn.colour}.{fate}", 0) + 1
    st.tally["general_turns"] += st.general_turn
    st.totals = [t + p for t, p in zip(st.totals, points, strict=True)]
    st.log(f"Round {st.round} ends: points {points}, totals {st.totals}")
    if st.round >= ROUNDS:
        st.over = True
        return
    st.roles = rotate(st.roles)
    start_round(st)
