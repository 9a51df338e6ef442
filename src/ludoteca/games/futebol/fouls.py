"""Placement, steals and cards, substitution, coaching calls, keepers and penalties."""

from __future__ import annotations

import random

from ludoteca.games.futebol.actions import keeper_choices, keeper_counts
from ludoteca.games.futebol.fields import FutebolFields, Phase
from ludoteca.games.futebol.pawns import (
    EXPELLED,
    OFF,
    PAWNS_PER_SIDE,
    PITCH,
    SIDE_NAMES,
    pawn_index,
    pawn_name,
)

KEEPER, PENALTY = 0, 1  # kinds of pending steps: [kind, side, shooter pawn or -1]
RED_CARDS_TO_LOSE = 4


def placement_cells(state: FutebolFields, side: int) -> list[int]:
    """Free spaces of the side's half where a pawn may start (*Contexto*): not a speed
    zone, long-pass space or the centre line, and one pawn at most in the goal-kick area."""
    board = state.board
    keeper_full = keeper_counts(state)[side][side] > 0
    return [
        c
        for c in board.placeable[side]
        if state.occ[c] < 0 and not (keeper_full and board.keeper_area_of[c] == side)
    ]


def place(state: FutebolFields, cell: int) -> None:
    """Place the side's next pawn; sides alternate until both have placed six."""
    side = state.side
    pawn = state.slots[side][state.placed[side]]
    state.status[pawn], state.pos[pawn], state.occ[cell] = PITCH, cell, pawn
    state.formation[side].append(cell)
    state.placed[side] += 1
    state.log(f"{SIDE_NAMES[side]} places {pawn_name(pawn)} on {state.board.cell_names[cell]}")
    total = len(state.slots[side])
    if state.placed[0] == total and state.placed[1] == total:
        state.phase, state.side = Phase.KICKOFF, state.kickoff_side
    elif state.placed[1 - side] < total:
        state.side = 1 - side


def steal(state: FutebolFields, stealer: int) -> None:
    """Steal (*Roubar*): the pawns swap spaces and the ball changes hands.

    A diagonal steal (*Robô diagonal*) earns a yellow card, a second yellow a red:
    the pawn is expelled and the ball stays on the space it left. A diagonal steal
    inside one's own penalty area gives the robbed side a penalty; four red cards
    lose the match (*Desqualificação*).
    """
    board, side = state.board, state.side
    target = state.ball
    robbed = state.occ[target]
    start = state.pos[stealer]
    state.occ[target], state.pos[stealer] = stealer, target
    state.occ[start], state.pos[robbed] = robbed, start
    state.no_steal = robbed
    diagonal = board.is_diagonal(start, target)
    who = f"{SIDE_NAMES[side]} {pawn_name(stealer)}"
    how = "diagonally " if diagonal else ""
    state.log(f"{who} steals the ball {how}from {pawn_name(robbed)} at {board.cell_names[target]}")
    penalty = diagonal and board.penalty_area_of[target] == side
    if diagonal:
        state.yellow[stealer] += 1
        state.log(f"Yellow card for {pawn_name(stealer)} ({state.yellow[stealer]})")
        if state.yellow[stealer] >= 2:
            state.status[stealer], state.pos[stealer], state.occ[target] = EXPELLED, -1, -1
            state.reds[side] += 1
            state.log(f"Red card: {pawn_name(stealer)} is expelled; the ball stays loose")
            if state.reds[side] >= RED_CARDS_TO_LOSE:
                state.log(f"{SIDE_NAMES[side]} has {RED_CARDS_TO_LOSE} red cards and loses")
                state.finish(1 - side)
                return
            was_keeper = board.keeper_area_of[start] == side
            if was_keeper and not penalty and not has_keeper(state, side):
                state.pending.append([KEEPER, side, -1])
    if penalty:
        state.log(f"Foul in {SIDE_NAMES[side]}'s penalty area: penalty to {SIDE_NAMES[1 - side]}")
        state.pending.append([PENALTY, 1 - side, robbed])
    state._complete_turn()


def has_keeper(state: FutebolFields, side: int) -> bool:
    """True if `side` has a pawn in its own goal-kick area (its goalkeeper)."""
    return keeper_counts(state)[side][side] > 0


def substitute(state: FutebolFields, pawn: int) -> None:
    """The side's one substitution (*Substituições*): the bench pawn takes `pawn`'s
    space (and ball, if any); `pawn` leaves for good. Does not use up the turn."""
    side = pawn // PAWNS_PER_SIDE
    sub = side * PAWNS_PER_SIDE + PAWNS_PER_SIDE - 1
    cell = state.pos[pawn]
    state.status[pawn], state.pos[pawn] = OFF, -1
    state.status[sub], state.pos[sub], state.occ[cell] = PITCH, cell, sub
    state.slots[side][state.slots[side].index(pawn)] = sub
    state.sub_used[side] = True
    if state.no_steal == pawn:
        state.no_steal = sub
    where = state.board.cell_names[cell]
    state.log(f"{SIDE_NAMES[side]} substitutes {pawn_name(sub)} for {pawn_name(pawn)} on {where}")


def call_coaching(state: FutebolFields) -> None:
    """Call the opponents' coaching (*treinar*): the player said to have been coached
    answers whether it happened (docs/rules/futebol.md, decision 21)."""
    side = state.side
    other = 1 - side
    state.called = True
    state.phase = Phase.RULING
    state.log(
        f"{SIDE_NAMES[side]} calls coaching on {SIDE_NAMES[other]} player "
        f"{state.last_member[other] + 1}"
    )


def rule_coaching(state: FutebolFields, admitted: bool) -> None:
    """*Equipes*: an admitted call is an offence: the first costs the coached player
    its next turn in the rotation, each later one a penalty against its team. A
    denied call changes nothing; the caller's turn goes on."""
    side = state.side
    other = 1 - side
    state.phase = Phase.PLAY
    if not admitted:
        state.log(f"{SIDE_NAMES[other]} denies the coaching: the call does not stand")
        return
    state.offences[other] += 1
    member = state.last_member[other]
    if state.offences[other] == 1:
        state.forfeit[other] = member
        state.log(
            f"{SIDE_NAMES[other]} admits the coaching: player {member + 1} loses its next turn"
        )
        return
    state.log(f"{SIDE_NAMES[other]} admits coaching again: penalty to {SIDE_NAMES[side]}")
    state.pending.append([PENALTY, side, -1])
    state.next_side, state.new_turn = side, False
    state.advance()


def skip_forfeited_turns(state: FutebolFields, side: int) -> int:
    """The side that really plays next: a player who lost its turn to an admitted
    coaching offence is skipped in its team's rotation (*perde a vez na rotação*)."""
    while state.forfeit[side] == state.member[side] and state.turns < state.game.max_turns:
        state.log(f"{SIDE_NAMES[side]} loses this turn of the rotation (coaching)")
        state.forfeit[side] = -1
        state.turns += 1
        state.member[side] = (state.member[side] + 1) % 3
        if state.no_steal >= 0 and state.no_steal // PAWNS_PER_SIDE == side:
            state.no_steal = -1
        side = 1 - side
    return side


def start_pending(state: FutebolFields) -> bool:
    """Begin the first pending step; False if it needed no decision (and is done)."""
    kind, side, shooter = state.pending[0]
    if kind == KEEPER:
        if has_keeper(state, side) or not keeper_choices(state, side):
            state.pending.pop(0)
            return False
        state.phase, state.side = Phase.KEEPER, side
        return True
    defending = 1 - side
    if not has_keeper(state, defending) and keeper_choices(state, defending):
        state.phase, state.side = Phase.KEEPER, defending
        return True
    _take_spot(state, side, defending, shooter)
    state.phase, state.side = Phase.AIM, side
    return True


def replace_keeper(state: FutebolFields, choice: str) -> None:
    """Move a pawn into the goal-kick area as the new goalkeeper, or decline."""
    side = state.side
    if choice == "none":
        state.log(f"{SIDE_NAMES[side]} leaves its goal-kick area empty")
        state.pending.pop(0)
    else:
        name, _, space = choice.partition(":")
        pawn, cell = pawn_index(name), state.board.cell(space)
        state.occ[state.pos[pawn]] = -1
        state.occ[cell], state.pos[pawn] = pawn, cell
        state.log(f"{SIDE_NAMES[side]} puts {name} in goal at {space}")
        if state.pending[0][0] == KEEPER:
            state.pending.pop(0)
    state.advance()


def _take_spot(state: FutebolFields, taker: int, defending: int, shooter: int) -> None:
    """Put the penalty taker and the ball on the spot (*ponto de penalidade*)."""
    board = state.board
    spot = board.spot[defending]
    if shooter < 0 or state.pos[shooter] < 0:
        first = taker * PAWNS_PER_SIDE
        pawns = [p for p in range(first, first + PAWNS_PER_SIDE) if state.pos[p] >= 0]
        shooter = min(pawns, key=lambda p: (_distance(state, state.pos[p], spot), p))
    blocker = state.occ[spot]
    if blocker >= 0 and blocker != shooter:
        free = [
            c
            for c in range(len(board.kinds))
            if board.pitch[c] and state.occ[c] < 0 and board.keeper_area_of[c] < 0
        ]
        aside = min(free, key=lambda c: (_distance(state, c, spot), c))
        state.occ[aside], state.pos[blocker] = blocker, aside
        state.log(f"{pawn_name(blocker)} steps aside to {board.cell_names[aside]}")
    state.occ[state.pos[shooter]] = -1
    state.occ[spot], state.pos[shooter] = shooter, spot
    state.ball = spot
    state.log(f"Penalty: {SIDE_NAMES[taker]} {pawn_name(shooter)} on the spot")


def _distance(state: FutebolFields, a: int, b: int) -> int:
    width = state.board.width
    return max(abs(a // width - b // width), abs(a % width - b % width))


def pick_token(state: FutebolFields) -> str:
    """The hidden pick as one token, unique to this penalty (`penalty#2:aim:3`)."""
    return f"penalty#{state.penalties}:aim:{state.aim}"


def _private_line(state: FutebolFields, taker: int) -> str:
    return f"{SIDE_NAMES[taker]} secretly aims {state.aim} ({pick_token(state)})"


def _taker_seats(state: FutebolFields, taker: int) -> frozenset[int]:
    return frozenset(s for s in range(state.game.num_seats) if s % 2 == taker)


def aim(state: FutebolFields, pick: int) -> None:
    """The taker's hidden pick of 1, 2 or 3 fingers (*Cobrança de pênalti*)."""
    taker = state.side
    state.aim = pick
    state.penalties += 1
    state.log(_private_line(state, taker), _taker_seats(state, taker))
    state.log(f"{SIDE_NAMES[taker]} has picked (hidden until {SIDE_NAMES[1 - taker]} picks)")
    state.phase, state.side = Phase.DIVE, 1 - taker


def dive(state: FutebolFields, pick: int) -> None:
    """The keeper's pick: a different number scores, the same is a save and the
    keeper keeps the ball."""
    keeper_side = state.side
    taker = 1 - keeper_side
    shot, state.aim = state.aim, 0
    state.pending.pop(0)
    state.log(f"Penalty: {SIDE_NAMES[taker]} shoots {shot}, {SIDE_NAMES[keeper_side]} dives {pick}")
    if shot != pick:
        state._goal(taker)
        return
    first = keeper_side * PAWNS_PER_SIDE
    keepers = [
        p
        for p in range(first, first + PAWNS_PER_SIDE)
        if state.pos[p] >= 0 and state.board.keeper_area_of[state.pos[p]] == keeper_side
    ]
    if keepers:
        state.ball = state.pos[keepers[0]]
        state.log(f"Saved! {pawn_name(keepers[0])} keeps the ball")
    else:
        state.log("Saved! The ball stays on the spot")
    state.advance()


def resample_aim(state: FutebolFields, rng: random.Random) -> None:
    """Re-draw the hidden pick (the core drops the taker's private log line)."""
    state.aim = rng.randint(1, 3)
