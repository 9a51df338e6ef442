"""Phases 6-8: the movement phases, picks and walks: fallen players, the loose ball,
sidelines, end zone and tackles (where he may go and by which path: `paths`)."""

from __future__ import annotations

from ludoteca.core.i18n import T
from ludoteca.games.touchdown import admin, kicks, plays
from ludoteca.games.touchdown.action import Verb, arg_of, parse
from ludoteca.games.touchdown.fields import (
    OOB_PHASE,
    TEAM_LETTERS,
    Phase,
    TouchdownFields,
)
from ludoteca.games.touchdown.paths import end_squares, kicker_waits, walk_path
from ludoteca.games.touchdown.roster import who
from ludoteca.games.touchdown.tackles import tackle
from ludoteca.games.touchdown.verbs import pick, to_actions, to_ids

BLITZ_PHASE = 5


# -- starting and ending phases -------------------------------------------------
def start_movement(state: TouchdownFields, phase: int) -> None:
    """Phase 6 (initiative: low d4), 7 (other: high d4), 8 (initiative: difference)."""
    low, high = min(state.rolls), max(state.rolls)
    if phase == 6:
        if blitz_candidates(state):
            state.phase, state.actor = Phase.BLITZ, 1 - state.initiative
            return
        team, allow, bonus = state.initiative, low, True
    elif phase == 7:
        team, allow, bonus = 1 - state.initiative, high, True
    else:
        if state.tie or high == low:
            plays.start_move(state)
            return
        team, allow, bonus = state.initiative, high - low, not state.bonus_used
    open_phase(state, phase, team, allow, bonus)


# -- league: the blitz ---------------------------------------------------------
def blitz_candidates(state: TouchdownFields) -> list[str]:
    """*Blitz*: once a match, a D with the ability may move first in phase 6
    although his team lacks the initiative (league rules)."""
    team = 1 - state.initiative
    if not state._league_on() or state.blitz_used[team]:
        return []
    return sorted(
        p
        for p, c in state.cards.items()
        if c.blitz
        and c.role == "D"
        and state.team_of(p) == team
        and p in state.pos
        and p not in state.fallen
        and p not in state.frozen_next
    )


def blitz_legal(state: TouchdownFields) -> list[str]:
    return ["noblitz"] + [Verb.BLITZ.of(p) for p in blitz_candidates(state)]


def blitz_apply(state: TouchdownFields, action: str) -> None:
    if action == "noblitz":
        open_phase(state, 6, state.initiative, min(state.rolls), True)
        return
    pid = arg_of(action)
    team = state.team_of(pid)
    state.blitz_used[team] = True
    state.blitzer = pid
    state.log("{player} blitzes", player=who(pid))
    open_phase(state, BLITZ_PHASE, team, max(state.rolls), True)
    if state.phase == Phase.MOVE:
        state.picked = pid


def open_phase(state: TouchdownFields, phase: int, team: int, allow: int, bonus: bool) -> None:
    state.phase, state.mphase, state.mover, state.actor = Phase.MOVE, phase, team, team
    state.allow, state.bonus_ok = allow, bonus
    state.moved, state.picked, state.extra = set(), None, False
    if phase == 7 and state.blitzer is not None and state.team_of(state.blitzer) == team:
        state.moved.add(state.blitzer)
    state.frozen = {p for p in state.frozen_next if state.team_of(p) == team}
    state.frozen_next -= state.frozen
    if not move_candidates(state):
        end_movement(state)


def end_movement(state: TouchdownFields) -> None:
    state.frozen = set()
    state.picked, state.extra = None, False
    if state.mphase == OOB_PHASE:
        admin.dead(state, state.ball_square(), T("carrier out of bounds (*uscito dal campo*)"))
    elif state.mphase == BLITZ_PHASE:
        open_phase(state, 6, state.initiative, min(state.rolls), True)
    elif state.mphase == 6:
        start_movement(state, 7)
    elif state.mphase == 7:
        start_movement(state, 8)
    else:
        plays.start_move(state)


def move_candidates(state: TouchdownFields) -> list[str]:
    letter = TEAM_LETTERS[state.mover]
    done = state.fallen | state.moved | state.frozen
    out = sorted([p for p in state.pos if p[0] == letter and p not in done])
    if state.mphase == BLITZ_PHASE:
        return [p for p in out if p == state.blitzer]
    if (
        state.ball is None
        and state.kind in ("fieldgoal", "conv1")
        and any(kicker_waits(state, p) for p in out)
    ):
        out = [p for p in out if not kicker_waits(state, p)]
    return out


# -- actions --------------------------------------------------------------------
def move_legal(state: TouchdownFields) -> list[str]:
    if state.picked is None:
        free, state._picks_memo = state._picks_memo, None
        return ["end"] + [pick(p) for p in (move_candidates(state) if free is None else free)]
    names, pid = to_actions(state.board)[0], state.picked
    squares, reach, halting = end_squares(state, pid)
    state._reach_memo = (pid, reach, halting)
    legal = ["stay"] + [names[s] for s in squares]
    space = state.game.action_space  # "stay" comes before the `to:` actions
    state._legal_ids = (legal, [space.id_of("stay"), *to_ids(space, state.board, squares)])
    return legal


def move_apply(state: TouchdownFields, action: str) -> None:
    memo, state._reach_memo = state._reach_memo, None
    if action == "end":
        end_movement(state)
        return
    if parse(action).verb is Verb.PICK:
        state.picked = arg_of(action)
        state.log("{player} chosen to move", player=who(state.picked))
        return
    pid = state.picked
    assert pid is not None
    state.picked, state.extra, extra_before = None, False, state.extra
    state.moved.add(pid)
    if action == "stay":
        state.log(
            "{player} stays on {square}",
            player=who(pid),
            square=state.board.names[state.pos[pid]],
        )
    else:
        sq = to_actions(state.board)[1][action]
        state.extra = extra_before
        path = walk_path(state, pid, sq, memo)
        state.extra = False
        if not extra_before and len(path) > state.allow and state.mphase == 6:
            state.bonus_used = True
        walk(state, pid, path)
    if state.phase == Phase.MOVE and none_picked(state):
        free = move_candidates(state)
        if free:
            state._picks_memo = free
        else:
            end_movement(state)


def none_picked(state: TouchdownFields) -> bool:
    """No player picked now. (A method: after `_walk`, which may pick one, mypy still
    takes `state.picked` for the None set above, and the compiled build trusts it.)"""
    return state.picked is None


def walk(state: TouchdownFields, pid: str, path: list[int]) -> None:
    """Move square by square: fallen players, loose ball, sidelines, end zone, tackle."""
    team = state.team_of(pid)
    start, last, lying_on = state.pos[pid], path[-1], state.fallen_squares()
    state.log(
        "{player} moves {start}->{end}",
        player=who(pid),
        start=state.board.name_of(start),
        end=state.board.name_of(last),
    )
    for s in path:
        if s != start and lying_on >> s & 1:
            lying = state.fallen_at(s)
            if (
                lying
                and state.d6(T("{player} crosses {lying} fallen", player=who(pid), lying=lying))
                == lying
            ):
                state.pos[pid] = s
                state.fallen.add(pid)
                state.log(
                    "{player} falls on {square}", player=who(pid), square=state.board.name_of(s)
                )
                if pid == state.carrier:
                    admin.dead(state, s, T("the ball carrier fell"))
                return
        state.pos[pid] = s
        if state.carrier is None and state.ball == s and kicks.may_take_ball(state, pid):
            state.log("{player} picks up the ball", player=who(pid))
            plays.take_ball(state, pid)
            if state.phase == Phase.DEAD:
                return
        # Standing opponents halt or block the path search: only its last square has any.
        targets = [p for p in state.standing_at(s) if state.team_of(p) != team] if s == last else []
        if pid == state.carrier:
            state.run_best = max(state.run_best, state.adv(team, state.board.row(s)))
            plays.check_crossed(state)
            if state.board.out_of_bounds(s) and not targets:
                out_of_bounds(state, pid, s)
                return
        if targets:
            tackle(state, pid, targets[0])
        if state.phase != Phase.DEAD and pid == state.carrier and pid not in state.fallen:
            plays.check_touchdown(state, pid)
        if targets or state.phase == Phase.DEAD:
            return


def out_of_bounds(state: TouchdownFields, pid: str, sq: int) -> None:
    """*Uscire dal campo*: the opponents may move only to tackle the carrier."""
    state.out_side = -1 if state.board.col(sq) == 0 else 1
    state.log("{player} runs out of bounds", player=who(pid))
    open_phase(state, OOB_PHASE, 1 - state.team_of(pid), max(state.rolls), True)
