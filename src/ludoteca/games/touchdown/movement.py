"""Phases 6-8: movement with a path search, fallen players, tackles and fumbles."""

from __future__ import annotations

from ludoteca.core.i18n import T
from ludoteca.games.touchdown import admin, kicks, plays
from ludoteca.games.touchdown.action import Verb, arg_of, parse
from ludoteca.games.touchdown.fields import (
    ATTACK_KINDS,
    OOB_PHASE,
    TEAM_LETTERS,
    Phase,
    TouchdownFields,
)
from ludoteca.games.touchdown.geometry import Board
from ludoteca.games.touchdown.reach import bits_of, layers, masks, on_paths, squares_of
from ludoteca.games.touchdown.roster import who
from ludoteca.games.touchdown.tackles import can_tackle, tackle
from ludoteca.games.touchdown.verbs import pick, to_actions, to_ids

# (board id, attacking direction) -> (board, mask of the end zone attacked)
_END_ZONES: dict[tuple[int, int], tuple[Board, int]] = {}
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


def kicker_waits(state: TouchdownFields, pid: str) -> bool:
    """*Field goal*: in the first move the AK may move only to pick up the ball."""
    return (
        state.kind in ("fieldgoal", "conv1")
        and state.move_no == 1
        and state.cards[pid].role == "AK"
        and state.team_of(pid) == state.play_offence
    )


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


# -- the path search ------------------------------------------------------------
def stop_masks(state: TouchdownFields, pid: str) -> tuple[int, int, int]:
    """Steps allowed to `pid`, and the squares (as masks) he may never enter
    (*blocked*: the sidelines unless he carries the ball, opponents he may not
    tackle) or may enter but not pass (*halting*: an opponent he tackles, and for
    the carrier the sidelines and the end zone he attacks)."""
    b, team = state.board, state.team_of(pid)
    steps = 1 if state.extra else state.allow + (state.cards[pid].speed if state.bonus_ok else 0)
    outside = masks(b).outside
    if pid == state.carrier:
        blocked, halting = 0, outside | end_zone_mask(state, team)
    else:
        blocked, halting = outside, 0
    fallen, tackle, spared = state.fallen, 0, 0
    anyone = state.kind not in ATTACK_KINDS or state.pass_tried or state.crossed
    opponents = TEAM_LETTERS[1 - team]
    for p, s in state.pos.items():
        if p[0] == opponents and p not in fallen:
            if anyone or can_tackle(state, p):
                tackle |= 1 << s
            else:
                spared |= 1 << s
    return steps, (blocked & ~tackle) | spared, (halting & ~spared) | tackle


def end_zone_mask(state: TouchdownFields, team: int) -> int:
    """Every square (sidelines included) of the end zone `team` attacks."""
    cache_key = (id(state.board), state.direction[team])
    known = _END_ZONES.get(cache_key)
    if known is None or known[0] is not state.board:
        width = state.board.width
        mask = bits_of(
            r * width + c
            for r in range(state.board.height)
            if state.in_opponent_end_zone(team, r * width)
            for c in range(width)
        )
        known = _END_ZONES[cache_key] = (state.board, mask)
    return known[1]


def search(state: TouchdownFields, pid: str, within: set[int]) -> dict[int, int | None]:
    """Shortest paths (king moves) over `within`, the squares of every shortest
    path to one destination (see `on_shortest_paths`: no square in it blocks).

    Among shortest paths it prefers one over a loose ball (picking it up, as
    *transitando nella casella*), then the fewest squares of fallen players.
    The key of a square is (0 over the loose ball, else 100) + fallen squares
    crossed: the smallest key wins, the first found on a tie. Returns the parent
    of every square of `within`.
    """
    start, fallen = state.pos[pid], state.fallen
    fallen_sq = {s for p, s in state.pos.items() if p in fallen}
    loose = state.ball if state.carrier is None and kicks.may_take_ball(state, pid) else -1
    neighbours = state.board.neighbours
    parent: dict[int, int | None] = {start: None}
    key = {start: 0 if start == loose else 100}
    frontier = [start]
    while frontier:
        layer: dict[int, int] = {}  # squares first reached at this step -> key
        for s in frontier:
            fs = key[s]
            for n in neighbours[s]:
                if n not in within:
                    continue
                seen = n in parent
                if seen and n not in layer:
                    continue  # reached at an earlier step
                f = fs + 1 if n in fallen_sq else fs
                if n == loose:
                    f %= 100
                if seen:
                    if f < layer[n]:
                        layer[n], parent[n] = f, s
                    continue
                layer[n], parent[n] = f, s
        key.update(layer)
        frontier = list(layer)
    return parent


def destinations(state: TouchdownFields, pid: str) -> list[int]:
    """The squares `pid` could end on if picked now (what `pick:` then offers as
    `to:`), found by the rules' path search; read-only."""
    return end_squares(state, pid)


def reach_of(state: TouchdownFields, pid: str) -> tuple[list[int], int]:
    """The `layers` `pid` reaches now, and the halting squares of that search."""
    steps, blocked, halting = stop_masks(state, pid)
    return layers(state.board, state.pos[pid], steps, blocked, halting), halting


def end_squares(state: TouchdownFields, pid: str, reach: list[int] | None = None) -> list[int]:
    """Squares `pid` may end on: empty of standing team-mates, or a tackle
    (`reach`: his `layers`, if known)."""
    team, start = state.team_of(pid), state.pos[pid]
    letter, fallen = TEAM_LETTERS[team], state.fallen
    own = 1 << start  # standing team-mates' squares, and his own
    opp: set[int] = set()
    for p, s in state.pos.items():
        if p not in fallen:
            if p[0] == letter:
                own |= 1 << s
            else:
                opp.add(s)
    reached = 0
    for layer in reach_of(state, pid)[0] if reach is None else reach:
        reached |= layer
    out = squares_of(state.board, reached & ~own)
    if state.mphase == OOB_PHASE:
        carrier_sq = state.pos[state.carrier] if state.carrier else -1
        out = [s for s in out if s == carrier_sq]
    elif kicker_waits(state, pid):
        out = [s for s in out if s == state.ball]
    if start in opp and state.mphase != OOB_PHASE:
        here = [p for p in state.standing_at(start) if state.team_of(p) != team]
        if here and can_tackle(state, here[0]):
            out.append(start)
            out.sort()
    return out


# -- actions --------------------------------------------------------------------
def move_legal(state: TouchdownFields) -> list[str]:
    if state.picked is None:
        free, state._picks_memo = state._picks_memo, None
        return ["end"] + [pick(p) for p in (move_candidates(state) if free is None else free)]
    names, pid = to_actions(state.board)[0], state.picked
    reach, halting = reach_of(state, pid)
    state._reach_memo = (pid, reach, halting)
    squares = end_squares(state, pid, reach)
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


def walk_path(
    state: TouchdownFields, pid: str, dest: int, memo: tuple[str, list[int], int] | None
) -> list[int]:
    """The squares `pid` walks to `dest` (`memo`: `_reach_memo` when he was picked)."""
    start = state.pos[pid]
    if dest == start:
        return [start]
    reach, halting = memo[1:] if memo is not None and memo[0] == pid else reach_of(state, pid)
    on = on_paths(state.board, reach, dest, halting)
    single: list[int] = []  # the squares of the only shortest path, if there is one
    for layer in reach[1:]:
        step = layer & on
        if step & (step - 1):
            break  # two squares at one step: the search breaks the tie
        if not step:
            return single
        single.append(step.bit_length() - 1)
    else:
        return single
    return searched_path(state, pid, dest, on)


def searched_path(state: TouchdownFields, pid: str, dest: int, on: int) -> list[int]:
    """The path `_search` picks to `dest` among `on`, the squares of its shortest
    paths (what `_path` finds at once when there is only one)."""
    start = state.pos[pid]
    parent = search(state, pid, set(squares_of(state.board, on)))
    path: list[int] = []
    at: int | None = dest
    while at is not None and at != start:
        path.append(at)
        at = parent[at]
    return path[::-1]


def walk(state: TouchdownFields, pid: str, path: list[int]) -> None:
    """Move square by square: fallen players, loose ball, sidelines, end zone, tackle."""
    team = state.team_of(pid)
    start = state.pos[pid]
    state.log(
        "{player} moves {start}->{end}",
        player=who(pid),
        start=state.board.name_of(start),
        end=state.board.name_of(path[-1]),
    )
    for s in path:
        if s != start:
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
        targets = [p for p in state.standing_at(s) if state.team_of(p) != team]
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
