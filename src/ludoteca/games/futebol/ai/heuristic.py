"""Futebol knowledge: shoot when the lane is clear, carry or pass the ball forward
away from opponents, win the ball back with clean steals, chase a loose ball.

Everything read here is public (the pitch, the pawns, the ball), so the choice
never depends on the one secret of the game, a penalty pick.
"""

from __future__ import annotations

import math
import random

from ludoteca.core import State
from ludoteca.games.futebol.action import Verb, of_verb, parse
from ludoteca.games.futebol.fields import Phase
from ludoteca.games.futebol.pawns import PAWNS_PER_SIDE, pawn_index
from ludoteca.games.futebol.state import FutebolState

CARRIER_AT_RISK = 3.0
"""How many rows of progress one opponent next to the ball is worth."""
LOOSE_BALL = 4.0
"""The cost of leaving the ball on an empty space the opponents reach first."""


def policy(world: State, rng: random.Random) -> str:
    """A sensible action for the side to move in `world` (a futebol state)."""
    assert isinstance(world, FutebolState)
    actions = world.legal_actions()
    if world.phase == Phase.PLAY:
        return _play(world, actions, rng)
    if world.phase == Phase.CHAIN:
        return _chain(world, actions)
    if world.phase == Phase.PLACE:
        return _place(world, actions, rng)
    if world.phase == Phase.KICKOFF:
        return min(
            actions,
            key=lambda a: _distance(
                world, world.pos[pawn_index(parse(a).pawn)], world.board.kickoff
            ),
        )
    if world.phase == Phase.KEEPER:
        return actions[0]
    if world.phase == Phase.RULING:
        return "coaching:deny"  # computer team-mates never talk to each other
    return actions[rng.randrange(len(actions))]  # penalty aim and dive: a fair guess


def evaluate(state: State, seat: int) -> float:
    """Goals, then who holds (or will reach) the ball and how close it is to the
    goal it threatens, for `seat`'s side, in [-1, 1]."""
    assert isinstance(state, FutebolState)
    if state.is_terminal:
        return state.returns()[seat]
    side = seat % 2
    value = 2.0 * (state.goals[side] - state.goals[1 - side])
    ball = state.ball
    if ball >= 0 and state.board.goal_of[ball] < 0:
        holder = state.occ[ball]
        if holder >= 0:
            owner = holder // PAWNS_PER_SIDE
        else:  # a loose ball belongs to whoever reaches it first
            near = [
                (_distance(state, where, ball), pawn // PAWNS_PER_SIDE != side)
                for pawn, where in enumerate(state.pos)
                if where >= 0
            ]
            owner = side if min(near)[1] is False else 1 - side
        threat = 0.4 + 0.6 * _progress(state, ball, owner) / (state.board.height - 1)
        value += threat if owner == side else -threat
    return math.tanh(value)


# -- geometry -------------------------------------------------------------------------
def _progress(state: FutebolState, cell: int, side: int) -> int:
    """Rows gained towards the opponent's goal (Blue attacks down, Orange up)."""
    row = cell // state.board.width
    return row if side == 0 else state.board.height - 1 - row


def _distance(state: FutebolState, a: int, b: int) -> int:
    """King-move distance between two spaces."""
    ra, ca = divmod(a, state.board.width)
    rb, cb = divmod(b, state.board.width)
    return max(abs(ra - rb), abs(ca - cb))


def _pawns(state: FutebolState, side: int) -> list[int]:
    first = side * PAWNS_PER_SIDE
    return [state.pos[p] for p in range(first, first + PAWNS_PER_SIDE) if state.pos[p] >= 0]


def _ball_value(state: FutebolState, cell: int, side: int, held: bool) -> float:
    """Progress of a ball on `cell`, less the risk of opponents next to it (a steal)
    or reaching it first (a loose ball)."""
    width = state.board.width
    row, col = divmod(cell, width)
    value = float(row if side == 0 else state.board.height - 1 - row)
    theirs = ours = 99
    first = side * PAWNS_PER_SIDE
    for pawn, where in enumerate(state.pos):
        if where < 0:
            continue
        r, c = divmod(where, width)
        d = max(abs(r - row), abs(c - col))
        if first <= pawn < first + PAWNS_PER_SIDE:
            ours = min(ours, d)
        else:
            theirs = min(theirs, d)
            if d == 1:
                value -= CARRIER_AT_RISK
    if not held:
        value -= LOOSE_BALL if theirs <= ours else 1.0
    return value


# -- the turn -----------------------------------------------------------------------------
def _target(action: str) -> str:
    return parse(action).space


def _play(state: FutebolState, actions: list[str], rng: random.Random) -> str:
    board, side = state.board, state.side
    for action in actions:  # a shot, or the carrier running into the goal
        if (
            parse(action).verb in (Verb.PASS, Verb.MOVE)
            and board.goal_of[board.cell(_target(action))] >= 0
        ):
            return action
    holder = state.occ[state.ball] if state.ball >= 0 else -1
    if holder >= 0 and holder // PAWNS_PER_SIDE == side:
        return _attack(state, actions, holder, rng)
    steals = of_verb(actions, Verb.STEAL)
    if steals:
        return _best_steal(state, steals)
    return _chase(state, actions, rng)


def _attack(state: FutebolState, actions: list[str], holder: int, rng: random.Random) -> str:
    """Carry or pass the ball where it is furthest forward and least pressed;
    otherwise bring a team-mate up in support."""
    board, side, ball = state.board, state.side, state.ball
    best, choice = -math.inf, actions[0]
    here = _ball_value(state, ball, side, held=True)  # the same for every support move
    for action in actions:
        move = parse(action)
        verb = move.verb
        if verb in (Verb.PASS, Verb.LONG):
            cell = board.cell(move.space)
            value = _ball_value(state, cell, side, held=state.occ[cell] >= 0) + 0.5
        elif verb is Verb.MOVE and pawn_index(move.pawn) == holder:
            cell = board.cell(move.space)
            value = _ball_value(state, cell, side, held=True)
        elif verb is Verb.MOVE:
            cell = board.cell(move.space)
            support = -abs(_distance(state, cell, ball) - 2) + 0.1 * _progress(state, cell, side)
            value = here + 0.2 * support - 0.5
        else:
            continue
        value += rng.random() * 0.01  # tie-break
        if value > best:
            best, choice = value, action
    return choice


def _pawn(action: str) -> int:
    return pawn_index(parse(action).pawn)


def _best_steal(state: FutebolState, steals: list[str]) -> str:
    """Prefer a clean (orthogonal) steal; a diagonal one only far from one's own area."""
    board = state.board
    clean = [a for a in steals if not board.is_diagonal(state.pos[_pawn(a)], state.ball)]
    if clean:
        return clean[0]
    safe = [
        a
        for a in steals
        if board.penalty_area_of[state.ball] != state.side and state.yellow[_pawn(a)] == 0
    ]
    return safe[0] if safe else steals[0]


def _chase(state: FutebolState, actions: list[str], rng: random.Random) -> str:
    """Move the pawn that gets closest to the ball, keeping goal-side of it."""
    if state.ball < 0:
        return actions[rng.randrange(len(actions))]
    board, side, ball = state.board, state.side, state.ball
    width, last_row = board.width, board.height - 1
    ball_row, ball_col = divmod(ball, width)
    best, choice = -math.inf, actions[0]
    for action in actions:
        move = parse(action)
        if move.verb is not Verb.MOVE:
            continue
        pawn, target = move.pawn, move.space
        row, col = divmod(board.cell(target), width)
        start_row, start_col = divmod(state.pos[pawn_index(pawn)], width)
        # King-move distances to the ball (see `_distance`) and rows towards the goal
        # side (see `_progress`), inlined: this loop runs over every pawn's moves.
        after = max(abs(row - ball_row), abs(col - ball_col))
        gain = max(abs(start_row - ball_row), abs(start_col - ball_col)) - after
        goal_side = row <= ball_row if side == 0 else last_row - row <= last_row - ball_row
        value = 2 * gain - after + (0.5 if goal_side else 0.0)
        value += rng.random() * 0.01
        if value > best:
            best, choice = value, action
    return choice


def _chain(state: FutebolState, actions: list[str]) -> str:
    """Go on with a chain pass only while it moves the ball forward safely."""
    here = _ball_value(state, state.ball, state.side, held=True)
    best, choice = here + 0.5, "end"
    for action in actions:
        if parse(action).verb is Verb.PASS:
            value = _ball_value(state, state.board.cell(_target(action)), state.side, held=True)
            if value > best:
                best, choice = value, action
    return choice


def _place(state: FutebolState, actions: list[str], rng: random.Random) -> str:
    """A goalkeeper first, then the others spread between defence and midfield."""
    board = state.board
    keeper = [a for a in actions if board.keeper_area_of[board.cell(_target(a))] >= 0]
    if keeper and state.placed[state.side] == 0:
        return keeper[len(keeper) // 2]
    field = [a for a in actions if a not in keeper] or actions
    return field[rng.randrange(len(field))]
