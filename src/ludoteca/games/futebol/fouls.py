"""Placement, steals and cards, substitution, coaching calls, keepers and penalties."""

from __future__ import annotations

import random

from ludoteca.core.i18n import T, Text
from ludoteca.games.futebol.action import FutebolAction
from ludoteca.games.futebol.fields import FutebolFields, Phase
from ludoteca.games.futebol.pawns import (
    EXPELLED,
    OFF,
    PAWNS_PER_SIDE,
    PITCH,
    SIDES,
    pawn_index,
    pawn_name,
    player,
)
from ludoteca.games.futebol.reach import keeper_choices, keeper_counts

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
    state.log(
        "{side} places {pawn} on {space}",
        side=SIDES[side],
        pawn=pawn_name(pawn),
        space=state.board.cell_names[cell],
    )
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
    thief, space = player(stealer), board.cell_names[target]
    if diagonal:
        state.log(
            "{player} steals the ball diagonally from {pawn} at {space}",
            player=thief,
            pawn=pawn_name(robbed),
            space=space,
        )
    else:
        state.log(
            "{player} steals the ball from {pawn} at {space}",
            player=thief,
            pawn=pawn_name(robbed),
            space=space,
        )
    penalty = diagonal and board.penalty_area_of[target] == side
    if diagonal:
        state.yellow[stealer] += 1
        state.log(
            "Yellow card for {pawn} ({count})", pawn=pawn_name(stealer), count=state.yellow[stealer]
        )
        if state.yellow[stealer] >= 2:
            state.status[stealer], state.pos[stealer], state.occ[target] = EXPELLED, -1, -1
            state.reds[side] += 1
            state.log("Red card: {pawn} is expelled; the ball stays loose", pawn=pawn_name(stealer))
            if state.reds[side] >= RED_CARDS_TO_LOSE:
                state.log(
                    "{side} has {count} red cards and loses",
                    side=SIDES[side],
                    count=RED_CARDS_TO_LOSE,
                )
                state.finish(1 - side)
                return
            was_keeper = board.keeper_area_of[start] == side
            if was_keeper and not penalty and not has_keeper(state, side):
                state.pending.append([KEEPER, side, -1])
    if penalty:
        state.log(
            "Foul in {side}'s penalty area: penalty to {other}",
            side=SIDES[side],
            other=SIDES[1 - side],
        )
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
    state.log(
        "{side} substitutes {sub} for {pawn} on {space}",
        side=SIDES[side],
        sub=pawn_name(sub),
        pawn=pawn_name(pawn),
        space=where,
    )


def call_coaching(state: FutebolFields) -> None:
    """Call the opponents' coaching (*treinar*): the player said to have been coached
    answers whether it happened (docs/rules/futebol.md, decision 21)."""
    side = state.side
    other = 1 - side
    state.called = True
    state.phase = Phase.RULING
    state.log(
        "{side} calls coaching on {other} player {member}",
        side=SIDES[side],
        other=SIDES[other],
        member=state.last_member[other] + 1,
    )


def rule_coaching(state: FutebolFields, admitted: bool) -> None:
    """*Equipes*: an admitted call is an offence: the first costs the coached player
    his next turn in his team's rotation (a team-mate plays it), each later one a
    penalty against his team. A denied call does not stand, and the caller's side
    loses the turn it called on (docs/rules/futebol.md, decision 21)."""
    side = state.side
    other = 1 - side
    state.phase = Phase.PLAY
    if not admitted:
        state.log(
            "{side} denies the coaching: the call does not stand, and {caller} loses the turn",
            side=SIDES[other],
            caller=SIDES[side],
        )
        state._complete_turn()
        return
    state.offences[other] += 1
    member = state.last_member[other]
    if state.offences[other] == 1:
        state.forfeit[other] = member
        state.log(
            "{side} admits the coaching: player {member} loses his next turn in the rotation",
            side=SIDES[other],
            member=member + 1,
        )
        return
    state.log(
        "{side} admits coaching again: penalty to {other}", side=SIDES[other], other=SIDES[side]
    )
    state.pending.append([PENALTY, side, -1])
    state.next_side, state.new_turn = side, False
    state.advance()


def skip_forfeited_turn(state: FutebolFields, side: int) -> None:
    """*"esse jogador perde a vez na rotação desse time"*: a player who lost his turn to
    an admitted coaching offence is skipped in his team's rotation, and the next
    team-mate plays the team's turn (the team does not lose it)."""
    if state.forfeit[side] == state.member[side]:
        state.forfeit[side] = -1
        skipped = state.member[side]
        state.member[side] = (skipped + 1) % 3
        state.log(
            "{side} player {member} loses this turn of the rotation (coaching): "
            "player {next} plays it",
            side=SIDES[side],
            member=skipped + 1,
            next=state.member[side] + 1,
        )


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


def replace_keeper(state: FutebolFields, choice: FutebolAction) -> None:
    """Move a pawn into the goal-kick area as the new goalkeeper (`keeper:B1:e2`), or
    decline (`keeper:none`)."""
    side = state.side
    if choice.arg == "none":
        state.log("{side} leaves its goal-kick area empty", side=SIDES[side])
        state.pending.pop(0)
    else:
        name, space = choice.pawn, choice.space
        pawn, cell = pawn_index(name), state.board.cell(space)
        state.occ[state.pos[pawn]] = -1
        state.occ[cell], state.pos[pawn] = pawn, cell
        state.log("{side} puts {pawn} in goal at {space}", side=SIDES[side], pawn=name, space=space)
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
        state.log(
            "{pawn} steps aside to {space}", pawn=pawn_name(blocker), space=board.cell_names[aside]
        )
    state.occ[state.pos[shooter]] = -1
    state.occ[spot], state.pos[shooter] = shooter, spot
    state.ball = spot
    state.log("Penalty: {player} on the spot", player=player(shooter))


def _distance(state: FutebolFields, a: int, b: int) -> int:
    width = state.board.width
    return max(abs(a // width - b // width), abs(a % width - b % width))


def pick_token(state: FutebolFields) -> str:
    """The hidden pick as one token, unique to this penalty (`penalty#2:aim:3`)."""
    return f"penalty#{state.penalties}:aim:{state.aim}"


def _private_line(state: FutebolFields, taker: int) -> Text:
    return T(
        "{side} secretly aims {aim} ({token})",
        side=SIDES[taker],
        aim=state.aim,
        token=pick_token(state),
    )


def _taker_seats(state: FutebolFields, taker: int) -> frozenset[int]:
    return frozenset(s for s in range(state.game.num_seats) if s % 2 == taker)


def aim(state: FutebolFields, pick: int) -> None:
    """The taker's hidden pick of 1, 2 or 3 fingers (*Cobrança de pênalti*)."""
    taker = state.side
    state.aim = pick
    state.penalties += 1
    state.log(_private_line(state, taker), _taker_seats(state, taker))
    state.log(
        "{side} has picked (hidden until {other} picks)", side=SIDES[taker], other=SIDES[1 - taker]
    )
    state.phase, state.side = Phase.DIVE, 1 - taker


def dive(state: FutebolFields, pick: int) -> None:
    """The keeper's pick: a different number scores, the same is a save and the
    keeper keeps the ball."""
    keeper_side = state.side
    taker = 1 - keeper_side
    shot, state.aim = state.aim, 0
    state.pending.pop(0)
    state.log(
        "Penalty: {side} shoots {shot}, {keeper} dives {pick}",
        side=SIDES[taker],
        shot=shot,
        keeper=SIDES[keeper_side],
        pick=pick,
    )
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
        state.log("Saved! {pawn} keeps the ball", pawn=pawn_name(keepers[0]))
    else:
        state.log("Saved! The ball stays on the spot")
    state.advance()


def resample_aim(state: FutebolFields, rng: random.Random) -> None:
    """Re-draw the hidden pick (the core drops the taker's private log line)."""
    state.aim = rng.randint(1, 3)
