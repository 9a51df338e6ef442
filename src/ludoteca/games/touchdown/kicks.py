"""Kicks: punt, kick-off and field goal (*Punt*, *Kick off*, *Field goal*)."""

from __future__ import annotations

from ludoteca.core.i18n import T
from ludoteca.games.touchdown import admin
from ludoteca.games.touchdown.action import Verb, arg_of
from ludoteca.games.touchdown.fields import Phase, TouchdownFields
from ludoteca.games.touchdown.roster import who
from ludoteca.games.touchdown.tables import field_goal_scores, field_goal_target, punt_stays


def kick_squares(state: TouchdownFields) -> list[int]:
    """*Punt*: any square more than ten yards beyond the line of scrimmage."""
    b, team = state.board, state.possession
    spot_adv = state.adv(team, b.row(state.spot))
    return [
        b.sq(c, r)
        for r in range(1, b.height - 1)
        if state.adv(team, r) > spot_adv + b.rows_per_ten_yards
        for c in range(1, b.columns + 1)
    ]


def punt(state: TouchdownFields, sq: int) -> None:
    """*Punt*/*kick off*: the ball stays if 1d6 beats the 10-yard lines crossed."""
    lines = state.board.lines_crossed(state.board.row(state.spot), state.board.row(sq))
    roll = state.d6(
        T(
            "{player} kicks to {square}",
            player=who(str(state.carrier)),
            square=state.board.name_of(sq),
        )
    )
    state.no_pass = True
    state.carrier, state.ball = None, sq
    if punt_stays(roll, lines):
        state.log("The kick stays ({roll} > {lines} lines)", roll=roll, lines=lines)
        land_ball(state, sq)
        if state.phase != Phase.DEAD:
            state._start_movement(6)
        return
    state.log(
        "The receivers may move the ball up to {roll} squares ({roll} <= {lines})",
        roll=roll,
        lines=lines,
    )
    state.ball_from, state.ball_range = sq, roll
    state.phase, state.actor = Phase.BALLMOVE, 1 - state.possession


def field_goal(state: TouchdownFields, goal: int) -> None:
    """*Field goal*: 1d6, -1 per adjacent opponent, above the lines (first twice).
    Missed, *"il giocatore può spostare la palla di un numero di caselle pari al
    punteggio ottenuto"*: the defence may move it up to the modified score, and the
    kicking side may not take it (docs/rules/touchdown.md, *Field goal miss*)."""
    kicker = state.carrier
    assert kicker is not None
    team = state.possession
    lines = state.board.lines_crossed(state.board.row(state.pos[kicker]), state.board.row(goal))
    roll = state.d6(T("{player} kicks at goal", player=who(kicker)))
    modified = roll - len(state.adjacent_opponents(kicker))
    state.log("Field goal: {roll} against {target}", roll=modified, target=field_goal_target(lines))
    state.carrier, state.ball = None, goal
    state.pending, state.pending_team = "kickoff", team
    if field_goal_scores(modified, lines):
        points = 1 if state.kind == "conv1" else 3
        state.score[team] += points
        admin.dead(state, None, T("field goal good: {points} point(s)", points=points))
        return
    if state.kind == "conv1":
        admin.dead(state, None, T("conversion kick missed"))
        return
    state.pending = ""
    state.no_pass, state.kick_missed = True, True
    state.log(
        "Missed: the defence may move the ball up to {roll} squares",
        roll=max(0, modified),
    )
    state.ball_from, state.ball_range = goal, max(0, modified)
    state.phase, state.actor = Phase.BALLMOVE, 1 - team


def ballmove_squares(state: TouchdownFields) -> list[int]:
    """The squares within the die's score, in the field, holding no standing player
    of the kicking side (*"anche portandola in una casella occupata da un proprio
    giocatore"*: one's own, not the kickers')."""
    b, here, reach = state.board, state.ball_from, state.ball_range
    c0, r0 = b.col(here), b.row(here)
    kickers = {
        s for p, s in state.pos.items() if p not in state.fallen and state.team_of(p) != state.actor
    }
    return [
        b.sq(c, r)
        for r in range(max(1, r0 - reach), min(b.height - 2, r0 + reach) + 1)
        for c in range(max(1, c0 - reach), min(b.columns, c0 + reach) + 1)
        if (c, r) != (c0, r0) and b.sq(c, r) not in kickers
    ]


def ballmove_legal(state: TouchdownFields) -> list[str]:
    return ["ball:stay"] + [Verb.BALL.of(state.board.name_of(s)) for s in ballmove_squares(state)]


def ballmove_apply(state: TouchdownFields, action: str) -> None:
    """The coach entitled moves the short kick up to the die's score in squares, or
    leaves it: a punt lies where it fell; a missed field goal, behind the goal and
    off the field, is dead, and the defence's (*runback*)."""
    arg = arg_of(action)
    if arg == "stay" and state.kick_missed:
        admin.dead(state, state.ball_from, T("the missed kick is left behind the goal"))
        return
    sq = state.ball_from if arg == "stay" else state.board.parse(arg)
    assert sq is not None
    state.log("The ball is moved to {square}", square=state.board.name_of(sq))
    land_ball(state, sq)
    if state.phase != Phase.DEAD:
        state._start_movement(6)


def may_take_ball(state: TouchdownFields, pid: str) -> bool:
    """Whether `pid` may pick up the loose ball: after a missed field goal the kicking
    side may not (*runback*: the team that *"ha preso palla dopo ... un field goal"*
    is the defence)."""
    return not (state.kick_missed and state.team_of(pid) == state.play_offence)


def land_ball(state: TouchdownFields, sq: int) -> None:
    """A kicked ball landing on a standing player is his; else it lies free."""
    if state.kind in ("kickoff", "punt"):  # the kick's length, from the ball spot
        team, b = state.possession, state.board
        state.add_play_rows(
            state.kind, state.adv(team, b.row(sq)) - state.adv(team, b.row(state.spot))
        )
    state.ball = sq
    here = sorted(state.standing_at(sq))
    if here:
        state._take_ball(here[0])
