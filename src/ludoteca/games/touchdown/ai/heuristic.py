"""Touch down knowledge: run the ball carrier at the opponents' end zone, send the
receivers downfield and throw a forward pass to an open one when the pass table
makes it worth it, close on and tackle the opposing carrier, chase a loose ball,
punt on a hopeless fourth down, kick a field goal only from close range, and end
movement phases as soon as nobody has a useful move left (so matches stay short).

Everything in Touch down is public, so the choice reads the state directly.
"""

from __future__ import annotations

import random

from ludoteca.core import State
from ludoteca.games.touchdown import paths, plays
from ludoteca.games.touchdown.action import Verb, arg_of, of_verb, parse
from ludoteca.games.touchdown.ai.value import evaluate
from ludoteca.games.touchdown.fields import Phase
from ludoteca.games.touchdown.state import TouchdownState
from ludoteca.games.touchdown.tables import tackle_odds
from ludoteca.games.touchdown.verbs import to_actions

__all__ = ["checkpoint", "evaluate", "policy", "routine"]

MOVES_PER_PHASE = 4
"""At most this many players are moved in one movement phase."""
FG_LINES = 2
"""The most 10-yard lines a field goal may cross to be tried (d6 must beat lines+1)."""
TOUCHDOWN = 1000.0
TACKLE_CARRIER = 100.0
BLOCK = 30.0
"""Value of a block that surely fells a defender near our carrier and leaves the blocker up."""
PASS_ROWS = 3.0
"""A forward pass is thrown when its chance of an R times the rows it gains is at least this."""
END_ZONE_ROWS = 8.0
"""Rows a catch in the end zone (a touch down) is worth on top of its gain."""
ROUTE = 2.0
"""Value of each row a receiver runs downfield before the pass."""
PASS_MOVES = 3
"""Moves of an attack in which the quarterback stays behind the line to pass."""
SAFE_DOWN = 3.0
"""The worth of leaving a missed field goal dead (our first down outside our end zone),
against a square's `far - 3 * near` (king moves to the nearest opponent and to our
nearest player): the ball is put on one of ours only with no opponent this close."""


def policy(world: State, rng: random.Random) -> str:
    """A sensible action for the team to act in `world` (a touchdown state)."""
    assert isinstance(world, TouchdownState)
    actions = world.legal_actions()
    phase = world.phase
    if phase == Phase.MOVE:
        return _move(world, actions, rng)
    if phase == Phase.TOSS:
        return "receive"
    if phase == Phase.DECLARE:
        return _declare(world, actions)
    if phase == Phase.SETUP:
        return _setup(world, actions, rng)
    if phase == Phase.PASS:
        return _pass(world, actions)
    if phase in (Phase.FREEBALL, Phase.BALLMOVE):
        return _place_ball(world, actions)
    if phase == Phase.TIE:
        return actions[world.actor]  # keep the initiative: move first with the low die
    if phase == Phase.SHIFT:
        return "noshift" if "noshift" in actions else actions[0]
    if phase == Phase.BLITZ:
        return actions[-1]  # blitz when allowed
    if phase == Phase.TIMEOUT:
        return "notimeout"
    return actions[rng.randrange(len(actions))]  # intercept: any adjacent defender


def routine(world: State) -> bool:
    """Decisions ISMCTS leaves to this policy: placing players (*Schieramento*: the
    expected points of the ball do not depend on where the eleven stand) and moving
    them (*Mosse*: searched at one second a move, they made the agent lose to this
    policy, 1-1-7 in 9 matches; see docs/agents.md). Play calls, passes, kicks and
    the rest are searched."""
    assert isinstance(world, TouchdownState)
    return world.phase in (Phase.SETUP, Phase.MOVE)


def checkpoint(world: State) -> bool:
    """The start of an action (a declaration, or a kick-off's first set-up): the
    previous action's dead ball and administration are done (*Palla morta*)."""
    assert isinstance(world, TouchdownState)
    if world.phase == Phase.DECLARE:
        return True
    return world.phase == Phase.SETUP and world.kind == "kickoff" and not world.pos


# -- play calls -------------------------------------------------------------------
def _fg_lines(state: TouchdownState) -> int:
    """10-yard lines a field goal crosses from two rows behind the line of scrimmage."""
    b, team = state.board, state.play_offence
    kick_row = state.row_for(team, state.adv(team, b.row(state.spot)) - 2)
    goal_row = b.height - 1 if state.direction[team] == 1 else 0
    return b.lines_crossed(kick_row, goal_row)


def _declare(state: TouchdownState, actions: list[str]) -> str:
    """*Schieramento*: attack mostly; on 4th down kick at goal in range, punt in
    one's own half, else go for it."""
    if "conv1" in actions:
        return "conv1"
    if "conv2" in actions:
        return "conv2"
    if state.down < 4:
        return "attack"
    if "fieldgoal" in actions and _fg_lines(state) <= FG_LINES:
        return "fieldgoal"
    b = state.board
    own_half = (
        state.adv(state.play_offence, b.row(state.spot)) < b.first_field_row() + b.field_rows // 2
    )
    if "punt" in actions and own_half:
        return "punt"
    return "attack"


def _setup(state: TouchdownState, actions: list[str], rng: random.Random) -> str:
    """Place each player as near the ball spot as allowed (a defence close to the
    line, backs near the centre); kick receivers spread at random."""
    if state.picked is None:
        return actions[0]
    if state.kind in ("punt", "kickoff") and state.setup_team != state.play_offence:
        return actions[rng.randrange(len(actions))]
    b, square_of = state.board, to_actions(state.board)[1]
    return min(actions, key=lambda a: (b.distance(square_of[a], state.spot), a))


def _pass(state: TouchdownState, actions: list[str]) -> str:
    """Phase 5: kick deep, aim the middle goal square, snap to the quarterback (else
    the nearest receiver), throw to an open receiver when worth it, else carry the
    ball (*play*)."""
    b, c = state.board, state.carrier
    first = parse(actions[0])
    if first.verb is Verb.KICK and first.arg:
        return max(actions, key=lambda a: _kick_value(state, b.parse(arg_of(a)) or 0))
    if first.verb is Verb.FG:
        return actions[len(actions) // 2]
    handoffs = of_verb(actions, Verb.HANDOFF)
    throw = _best_pass(state, of_verb(actions, Verb.PASS))
    if throw is not None:
        return throw
    if "play" in actions:
        return "play"
    if handoffs and c is not None:
        # the snap goes to the quarterback (he halves the pass distance), else nearest
        return min(
            handoffs,
            key=lambda a: (
                state.cards[arg_of(a)].role != "AQ",
                b.distance(state.pos[c], state.pos[arg_of(a)]),
                a,
            ),
        )
    return actions[0]


def _best_pass(state: TouchdownState, passes: list[str]) -> str | None:
    """*Lancio*: the forward pass to an open receiver (no opponent beside him to
    intercept) with the best chance of an R on the pass table times the rows gained,
    if that is worth `PASS_ROWS`; else None (run instead)."""
    c = state.carrier
    if c is None or not passes:
        return None
    b, team = state.board, state.team_of(c)
    here = state.adv(team, b.row(state.pos[c]))
    best, choice = PASS_ROWS, None
    for action in passes:
        receiver = arg_of(action)
        if state.adjacent_opponents(receiver):
            continue
        sq = state.pos[receiver]
        gain = float(state.adv(team, b.row(sq)) - here)
        if state.in_opponent_end_zone(team, sq):
            gain += END_ZONE_ROWS
        value = plays.forward_pass_odds(state, receiver) * gain
        if value >= best:
            best, choice = value, action
    return choice


def _kick_value(state: TouchdownState, sq: int) -> float:
    """Deep but inside the field, near the centre column."""
    b, team = state.board, state.possession
    deep = min(state.adv(team, b.row(sq)), b.last_field_row())
    return deep - 0.1 * abs(b.col(sq) - b.centre_col)


def _place_ball(state: TouchdownState, actions: list[str]) -> str:
    """A free or kicked ball put where our nearest player reaches it first
    (on one of ours if possible), the further forward the better; a missed field goal
    left dead when opponents are close to every square in reach (`SAFE_DOWN`)."""
    b, team = state.board, state.actor
    ours = [sq for p, sq in state.pos.items() if state.team_of(p) == team and p not in state.fallen]
    theirs = [
        sq for p, sq in state.pos.items() if state.team_of(p) != team and p not in state.fallen
    ]

    def value(action: str) -> float:
        if action == "ball:stay" and state.kick_missed:  # dead: our first down, safe
            row = min(b.last_field_row(), max(b.first_field_row(), b.row(state.ball_from)))
            return SAFE_DOWN + 0.1 * state.adv(team, row)
        sq = state.ball_from if action == "ball:stay" else b.parse(arg_of(action))
        assert sq is not None
        near = min((b.distance(sq, o) for o in ours), default=99)
        far = min((b.distance(sq, o) for o in theirs), default=99)
        return -3.0 * near + far + 0.1 * state.adv(team, b.row(sq))

    return max(actions, key=lambda a: (value(a), a))


# -- movement ---------------------------------------------------------------------
def _move(state: TouchdownState, actions: list[str], rng: random.Random) -> str:
    """Pick the player with the biggest gain; end the phase when none is worth it."""
    if state.picked is not None:
        to, square_of = to_actions(state.board)
        reach = [square_of[a] for a in of_verb(actions, Verb.TO)]
        sq, _ = _destination(state, state.picked, reach)
        return "stay" if sq is None else to[sq]
    if len(state.moved) >= MOVES_PER_PHASE:
        return "end"
    best, choice = 0.5, "end"
    for action in actions:
        if parse(action).verb is not Verb.PICK:
            continue
        pid = arg_of(action)
        # The squares `pick:` would offer, without cloning the state (a clone copies
        # the whole log).
        _, gain = _destination(state, pid, paths.destinations(state, pid))
        gain += rng.random() * 0.01
        if gain > best:
            best, choice = gain, action
    return choice


def _destination(state: TouchdownState, pid: str, squares: list[int]) -> tuple[int | None, float]:
    """The best of `squares` for `pid` (None: stay) and its gain over staying."""
    here, team = state.pos[pid], state.team_of(pid)
    opponents = {
        q for p, q in state.pos.items() if state.team_of(p) != team and p not in state.fallen
    }
    base = _square_value(state, pid, here, here, opponents)
    if here in squares:  # an opponent shares his square: tackling him there is a move
        base = 0.0
    best, choice = 0.0, None
    for sq in squares:
        gain = _square_value(state, pid, sq, here, opponents) - base
        if gain > best:
            best, choice = gain, sq
    return choice, best


def _square_value(
    state: TouchdownState, pid: str, sq: int, start: int, opponents: set[int]
) -> float:
    """How good it is for `pid` to end its move on `sq` (`opponents`: the squares
    of standing opponents)."""
    b, team = state.board, state.team_of(pid)
    target = state.ball_square()
    if target is None:
        return 0.0
    if state.carrier == pid and _dropping_back(state, pid):
        # the quarterback waits behind the line for his receivers, away from the rush
        beyond = state.adv(team, b.row(sq)) >= state.adv(team, b.row(state.spot))
        near = b.distances[sq]
        rush = sum(max(0, 4 - near[q]) for q in opponents)
        return (-100.0 if beyond or b.out_of_bounds(sq) else 0.0) - 10.0 * rush
    if state.carrier == pid:
        value = 10.0 * state.adv(team, b.row(sq))
        if state.in_opponent_end_zone(team, sq):
            value += TOUCHDOWN
        if sq != start:
            near = b.distances[sq]
            value -= 8.0 * sum(1 for q in opponents if near[q] == 1)
            value -= 30.0 if b.out_of_bounds(sq) or sq in opponents else 0.0
        return value
    if state.carrier is None or state.team_of(state.carrier) != team:
        # a loose ball, or defence: reach the ball, tackle its carrier (the strongest
        # tacklers first: the value grows with the chance the carrier falls)
        if sq != target:
            return -3.0 * b.distances[sq][target]
        if state.carrier is None:
            return TACKLE_CARRIER
        # both down ends the action as well as a won tackle (*Palla morta*)
        return TACKLE_CARRIER * (0.5 + 0.5 * _fells(state, pid, state.carrier, both=1.0))
    if _may_still_pass(state) and state.cards[pid].role in ("AB", "AE"):
        # a receiver on his route: downfield, away from defenders (open for the pass)
        near = b.distances[sq]
        marked = sum(1 for q in opponents if near[q] <= 1)
        return ROUTE * state.adv(team, b.row(sq)) - 6.0 * marked
    # a blocker: knock down a defender close to our carrier, if he is likely to fall
    if sq == start or sq not in opponents or b.distance(sq, target) > 2:
        return 0.0
    tackled = next(
        p
        for p, q in state.pos.items()
        if q == sq and p not in state.fallen and state.team_of(p) != team
    )
    return BLOCK * _fells(state, pid, tackled, both=0.0)


def _fells(state: TouchdownState, mover: str, tackled: str, both: float) -> float:
    """The chance that `mover`'s tackle fells `tackled` and leaves `mover` up (plus
    `both` times the chance both fall), minus the chance of the reverse (*Contrasto*)."""
    attacking = state.team_of(mover) == state.possession
    difference = state.cards[mover].tackle - state.cards[tackled].tackle
    target_only, mover_only, both_fall = tackle_odds(attacking, difference)
    return target_only + both * both_fall - mover_only


def _dropping_back(state: TouchdownState, pid: str) -> bool:
    """The quarterback holds the ball behind the line for the first `PASS_MOVES`
    moves of an attack, while his receivers run downfield."""
    return state.cards[pid].role == "AQ" and state.move_no <= PASS_MOVES and _may_still_pass(state)


def _may_still_pass(state: TouchdownState) -> bool:
    """A forward pass may still come in this attack: the ball behind the line, no
    change of possession (*Lancio (forward pass)*)."""
    return state.kind == "attack" and not (state.no_pass or state.crossed or state.pass_tried)
