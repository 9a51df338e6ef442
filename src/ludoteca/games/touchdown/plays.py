"""Phases 4-5: timing, and the hand-off, forward pass, punt or field goal."""

from __future__ import annotations

from ludoteca.core.i18n import T
from ludoteca.games.touchdown import admin, kicks
from ludoteca.games.touchdown.action import Verb, arg_of, parse
from ludoteca.games.touchdown.fields import KICK_KINDS, TEAM_LETTERS, TEAMS, Phase, TouchdownFields
from ludoteca.games.touchdown.roster import RECEIVER_ROLES, who
from ludoteca.games.touchdown.tables import (
    MAX_PASS,
    QUARTER_MINUTES,
    clock_markers,
    forward_pass_distance,
    last_play,
    pass_odds,
    pass_result,
    timing,
)


# -- phase 4: timing ------------------------------------------------------------
def start_move(state: TouchdownFields) -> None:
    """*Timing*: both roll 1d4, the lower has the initiative; the clock runs."""
    if not any(p not in state.fallen for p in state.pos):
        admin.dead(state, state.ball_square(), T("nobody is standing to play the ball"))
        return
    state.move_no += 1
    state.rolls = [state.rng.randint(1, 4), state.rng.randint(1, 4)]
    state.clock += max(state.rolls)
    if last_play(state.clock, state.game.int_option("quarter_minutes") or QUARTER_MINUTES):
        state.last = True
    m, t, s = clock_markers(state.clock)
    state.log(
        "Move {move}: timing Yellow d4 {yellow}, White d4 {white}; clock {clock}{last}",
        move=state.move_no,
        yellow=state.rolls[0],
        white=state.rolls[1],
        clock=f"{m}:{t}{s}",
        last=T(" (last action of the quarter)") if state.last else "",
    )
    state.bonus_used, state.blitzer = False, None
    winner = timing(state.rolls[0], state.rolls[1])
    state.tie = winner is None
    if winner is None:
        state.phase, state.actor = Phase.TIE, 1 - state.possession
        return
    state.initiative = winner
    phase5(state)


def tie_legal(state: TouchdownFields) -> list[str]:
    return [Verb.INITIATIVE.of(letter) for letter in TEAM_LETTERS]


def tie_apply(state: TouchdownFields, action: str) -> None:
    """A tied timing: the defence chooses who has the initiative."""
    state.initiative = TEAM_LETTERS.index(arg_of(action))
    state.log("The defence gives the initiative to {team}", team=TEAMS[state.initiative])
    phase5(state)


# -- phase 5 -------------------------------------------------------------------
def phase5(state: TouchdownFields) -> None:
    if (
        state.kind == "conv1"
        and state.move_no == 2
        and (state.carrier is None or state.cards[state.carrier].role != "AK")
    ):
        admin.dead(state, state.ball_square(), T("the kicker has no ball: conversion failed"))
        return
    if state.carrier is None or state.team_of(state.carrier) != state.possession:
        state._start_movement(6)
        return
    state.phase, state.actor = Phase.PASS, state.possession


def handoff_targets(state: TouchdownFields, kicker: bool = False) -> list[str]:
    """*Passaggio (hand off)*: ball not past the line, passer level with or ahead."""
    c = state.carrier
    if c is None or state.no_pass or state.crossed:
        return []
    team, here = state.team_of(c), state.pos[c]
    ahead = state.adv(team, state.board.row(here))
    roles = {"AK"} if kicker else RECEIVER_ROLES
    return sorted(
        p
        for p, s in state.pos.items()
        if p != c
        and state.team_of(p) == team
        and p not in state.fallen
        and state.cards[p].role in roles
        and state.adv(team, state.board.row(s)) <= ahead
        and state.board.distance(here, s) <= MAX_PASS
    )


def forward_targets(state: TouchdownFields) -> list[str]:
    """*Lancio (forward pass)*: *"solo se il giocatore che passa è dietro la linea di
    scrimmage"* (a row behind the line's, where the A stand), forward, to AB/AE/AQ."""
    c = state.carrier
    if c is None or state.no_pass or state.crossed or state.move_no == 1:
        return []
    team, here = state.team_of(c), state.pos[c]
    from_adv = state.adv(team, state.board.row(here))
    if from_adv >= state.adv(team, state.board.row(state.spot)):
        return []
    qb = state.cards[c].role == "AQ"
    return sorted(
        p
        for p, s in state.pos.items()
        if state.team_of(p) == team
        and p not in state.fallen
        and state.cards[p].role in RECEIVER_ROLES
        and state.adv(team, state.board.row(s)) > from_adv
        and forward_pass_distance(state.board.distance(here, s), qb) <= MAX_PASS
    )


def pass_legal(state: TouchdownFields) -> list[str]:
    b, c = state.board, state.carrier
    assert c is not None
    if state.kind in KICK_KINDS and state.move_no == 1:
        return [Verb.KICK.of(b.name_of(s)) for s in kicks.kick_squares(state)]
    if state.kind in ("fieldgoal", "conv1") and state.move_no <= 2:
        if state.move_no == 1:
            return [Verb.HANDOFF.of(p) for p in handoff_targets(state, kicker=True)] or ["kneel"]
        if state.cards[c].role == "AK":
            top = state.direction[state.possession] == 1
            return [Verb.FG.of(b.name_of(s)) for s in b.goal_squares(top)]
    if state.move_no == 1:
        return [Verb.HANDOFF.of(p) for p in handoff_targets(state)] or ["kneel"]
    return (
        ["play", "kneel"]
        + [Verb.HANDOFF.of(p) for p in handoff_targets(state)]
        + [Verb.PASS.of(p) for p in forward_targets(state)]
    )


def pass_apply(state: TouchdownFields, action: str) -> None:
    verb, arg = parse(action)
    if verb == "play":
        state._start_movement(6)
    elif verb == "kneel":
        state.log("{player} puts the ball down", player=who(str(state.carrier)))
        admin.dead(state, state.ball_square(), T("ball put down (*mettere a terra*)"))
    elif verb == "handoff":
        handoff(state, arg)
    elif verb == "pass":
        forward_pass(state, arg)
    elif verb == "kick":
        sq = state.board.parse(arg)
        assert sq is not None
        kicks.punt(state, sq)
    elif verb == "fg":
        sq = state.board.parse(arg)
        assert sq is not None
        kicks.field_goal(state, sq)


def handoff(state: TouchdownFields, receiver: str) -> None:
    """*Passaggio*: 1d6 on the pass table; P free ball, I intercepted, R received."""
    c = state.carrier
    assert c is not None
    dist = state.board.distance(state.pos[c], state.pos[receiver])
    handing = T("hand-off {player}->{receiver}", player=who(c), receiver=who(receiver))
    result = "R" if dist <= 1 else pass_result(dist, state.d6(handing))
    state.log(
        "Hand-off {player} -> {receiver} over {distance}: {result}",
        player=who(c),
        receiver=who(receiver),
        distance=dist,
        result=result,
    )
    resolve_pass(state, c, receiver, result, forward=False)


def forward_pass(state: TouchdownFields, receiver: str) -> None:
    """*Lancio*: AQ halves the distance; -1 per opponent adjacent to the passer."""
    c = state.carrier
    assert c is not None
    state.pass_tried = True
    dist = state.board.distance(state.pos[c], state.pos[receiver])
    if dist <= 1:
        result = "R"
    else:
        eff, modifier = pass_column(state, c, receiver)
        roll = state.d6(
            T("forward pass {player}->{receiver}", player=who(c), receiver=who(receiver))
        )
        result = pass_result(eff, roll + modifier)
        state.log(
            "Pass roll {roll}{modifier} at distance {distance}",
            roll=roll,
            modifier=f"{modifier:+d}",
            distance=eff,
        )
    state.log(
        "Forward pass {player} -> {receiver} over {distance}: {result}",
        player=who(c),
        receiver=who(receiver),
        distance=dist,
        result=result,
    )
    resolve_pass(state, c, receiver, result, forward=True)


def pass_column(state: TouchdownFields, passer: str, receiver: str) -> tuple[int, int]:
    """The pass table column (distance, an AQ's halved, at least 2) and the die
    modifier (-1 per opponent next to the passer, +1 for experience)."""
    dist = state.board.distance(state.pos[passer], state.pos[receiver])
    eff = forward_pass_distance(dist, state.cards[passer].role == "AQ")
    modifier = -len(state.adjacent_opponents(passer)) + pass_bonus(state, passer, receiver)
    return max(2, eff), modifier


def forward_pass_odds(state: TouchdownFields, receiver: str) -> float:
    """The chance that a forward pass from the carrier now to `receiver` is received
    (*R* on the pass table with every *modificatore*); 1 for an adjacent receiver."""
    c = state.carrier
    assert c is not None, "nobody holds the ball"
    if state.board.distance(state.pos[c], state.pos[receiver]) <= 1:
        return 1.0
    return pass_odds(*pass_column(state, c, receiver))


def pass_bonus(state: TouchdownFields, passer: str, receiver: str) -> int:
    """League experience: +1 for a seasoned AQ or receiver, not cumulative."""
    seasoned = state.cards[passer].experience == "quarterback" or (
        state.cards[receiver].experience == "receiver"
    )
    return 1 if seasoned else 0


def resolve_pass(
    state: TouchdownFields, passer: str, receiver: str, result: str, forward: bool
) -> None:
    if result == "R":
        if forward:
            pass_stats(state, passer, receiver)
        take_ball(state, receiver)
        if state.phase != Phase.DEAD:
            state._start_movement(6)
        return
    state.receiver = receiver
    if result == "I" and state.adjacent_opponents(receiver):
        state.carrier, state.ball = None, state.pos[receiver]
        state.phase, state.actor = Phase.INTERCEPT, 1 - state.team_of(passer)
        return
    if forward:
        admin.dead(state, state.pos[passer], T("incomplete forward pass"))
        return
    if not free_ball_squares(state):
        state.log("No free square beside the receiver: he keeps the ball")
        take_ball(state, receiver)
        if state.phase != Phase.DEAD:
            state._start_movement(6)
        return
    state.carrier, state.ball = None, state.pos[receiver]
    state.phase, state.actor = Phase.FREEBALL, 1 - state.team_of(passer)


def pass_stats(state: TouchdownFields, passer: str, receiver: str) -> None:
    """Match report: yards received/thrown from the line of scrimmage (*referto*)."""
    team = state.team_of(passer)
    gain = state.adv(team, state.board.row(state.pos[receiver])) - state.adv(
        team, state.board.row(state.spot)
    )
    if gain > 0:
        state.add_stat(receiver, "received", gain)
        state.add_stat(passer, "thrown", gain)
        state.add_play_rows("pass", gain)
    if state.in_opponent_end_zone(team, state.pos[receiver]):
        state.add_stat(passer, "td_thrown")


def free_ball_squares(state: TouchdownFields) -> list[int]:
    assert state.receiver is not None
    here = state.pos[state.receiver]
    occupied = set(state.pos.values())
    return [
        s for s in state.board.neighbours[here] if state.board.in_bounds(s) and s not in occupied
    ]


def freeball_legal(state: TouchdownFields) -> list[str]:
    return [Verb.BALL.of(state.board.name_of(s)) for s in free_ball_squares(state)]


def intercept_legal(state: TouchdownFields) -> list[str]:
    assert state.receiver is not None
    return [Verb.INTERCEPT.of(p) for p in state.adjacent_opponents(state.receiver)]


def intercept_apply(state: TouchdownFields, action: str) -> None:
    """*Intercettato*: the defence puts the ball on an adjacent player of its own."""
    pid = arg_of(action)
    state.log("{player} intercepts", player=who(pid))
    state.ball = None
    take_ball(state, pid)
    if state.phase != Phase.DEAD:
        state._start_movement(6)


def freeball_apply(state: TouchdownFields, action: str) -> None:
    """*Incompleto*: the opponents put the free ball on an empty adjacent square."""
    sq = state.board.parse(arg_of(action))
    assert sq is not None
    state.ball = sq
    state.log("Free ball on {square}", square=arg_of(action))
    state._start_movement(6)


# -- the ball changing hands ------------------------------------------------------
def take_ball(state: TouchdownFields, pid: str) -> None:
    """`pid` takes the ball; a new team in possession may no longer pass (*runback*)."""
    credit_run(state)
    state.carrier, state.ball = pid, None
    team = state.team_of(pid)
    here = state.adv(team, state.board.row(state.pos[pid]))
    line = state.adv(team, state.board.row(state.spot))
    if team != state.play_offence:
        state.run_from = here
    else:
        state.run_from = line if here <= line else -1
    state.run_best = here
    if team != state.possession:
        state.possession = team
        state.no_pass = True
        state.log("Change of possession: {player} has the ball", player=who(pid))
    check_crossed(state)
    check_touchdown(state, pid)


def credit_run(state: TouchdownFields) -> None:
    """*Yard corse*: from the line (offence, ball taken behind it) or from where a
    defender took the ball, to the furthest row reached."""
    c = state.carrier
    if c is not None and state.run_from >= 0 and state.run_best > state.run_from:
        state.add_stat(c, "run", state.run_best - state.run_from)
        state.add_play_rows(run_type(state, c), state.run_best - state.run_from)
    state.run_from = -1


def run_type(state: TouchdownFields, carrier: str) -> str:
    """The play type of a run: a rush by the offence, else a return of the kick
    (*kick off*, *punt*) or of a ball taken from the offence (interception, fumble)."""
    if state.team_of(carrier) == state.play_offence:
        return "run"
    if state.kind in ("kickoff", "punt"):
        return f"{state.kind}_return"
    return "turnover_return"


def check_crossed(state: TouchdownFields) -> None:
    sq = state.ball_square()
    if sq is None or state.crossed:
        return
    off = state.play_offence
    if state.adv(off, state.board.row(sq)) > state.adv(off, state.board.row(state.spot)):
        state.crossed = True


def check_touchdown(state: TouchdownFields, pid: str) -> None:
    """*Touch down*: a carrier in the end zone he attacks scores 6 (2 on a conversion)."""
    team = state.team_of(pid)
    if state.carrier != pid or not state.in_opponent_end_zone(team, state.pos[pid]):
        return
    if state.kind in ("conv1", "conv2"):
        state.pending, state.pending_team = "kickoff", state.play_offence
        if team == state.play_offence and state.kind == "conv2":
            state.score[team] += 2
            state.add_stat(pid, "td")
            admin.dead(state, state.pos[pid], T("two-point conversion scored"))
        else:
            admin.dead(state, state.pos[pid], T("the conversion ends without points"))
        return
    state.score[team] += 6
    state.add_stat(pid, "td")
    state.pending, state.pending_team = "conversion", team
    admin.dead(state, state.pos[pid], T("touch down by {player}", player=who(pid)))
