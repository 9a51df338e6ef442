"""*Movimento*: where a picked player may end, and the path he walks there.

Masks of the squares he may not enter or may not leave (`scan`), the squares reached
step by step (`reach.layers`), the ends a `to:` offers (`end_squares`), and the
shortest path walked to one of them, ties broken by the rules' search (`walk_path`).
"""

from __future__ import annotations

from ludoteca.games.touchdown import kicks
from ludoteca.games.touchdown.fields import ATTACK_KINDS, OOB_PHASE, TEAM_LETTERS, TouchdownFields
from ludoteca.games.touchdown.geometry import Board
from ludoteca.games.touchdown.reach import (
    BOARDS_KEPT,
    bits_of,
    layers,
    masks,
    on_paths,
    squares_of,
)
from ludoteca.games.touchdown.tackles import can_tackle

# (board id, attacking direction) -> (board, mask of the end zone attacked)
_END_ZONES: dict[tuple[int, int], tuple[Board, int]] = {}


def kicker_waits(state: TouchdownFields, pid: str) -> bool:
    """*Field goal*: in the first move the AK may move only to pick up the ball."""
    return (
        state.kind in ("fieldgoal", "conv1")
        and state.move_no == 1
        and state.cards[pid].role == "AK"
        and state.team_of(pid) == state.play_offence
    )


def stop_masks(state: TouchdownFields, pid: str) -> tuple[int, int, int]:
    """Steps allowed to `pid`, and the squares (as masks) he may never enter
    (*blocked*: the sidelines unless he carries the ball, opponents he may not
    tackle) or may enter but not pass (*halting*: an opponent he tackles, and for
    the carrier the sidelines and the end zone he attacks)."""
    return scan(state, pid)[:3]


def scan(state: TouchdownFields, pid: str) -> tuple[int, int, int, int, bool]:
    """`stop_masks`, then the squares of `pid`'s standing team-mates (his own
    included) and whether the first standing opponent on his square is one he may
    tackle: one pass over the players, what a `to:` decision reads of them."""
    b, team = state.board, state.team_of(pid)
    steps = 1 if state.extra else state.allow + (state.cards[pid].speed if state.bonus_ok else 0)
    outside = masks(b).outside
    if pid == state.carrier:
        blocked, halting = 0, outside | end_zone_mask(state, team)
    else:
        blocked, halting = outside, 0
    fallen, tackle, spared = state.fallen, 0, 0
    anyone = state.kind not in ATTACK_KINDS or state.pass_tried or state.crossed
    letter, start = TEAM_LETTERS[team], state.pos[pid]
    own, here = 1 << start, False
    first_here = True  # no opponent found on his square yet
    for p, s in state.pos.items():
        if p in fallen:
            continue
        if p[0] == letter:
            own |= 1 << s
        elif anyone or can_tackle(state, p):
            tackle |= 1 << s
            if s == start and first_here:
                here, first_here = True, False
        else:
            spared |= 1 << s
            if s == start:
                first_here = False
    return steps, (blocked & ~tackle) | spared, (halting & ~spared) | tackle, own, here


def end_zone_mask(state: TouchdownFields, team: int) -> int:
    """Every square (sidelines included) of the end zone `team` attacks."""
    cache_key = (id(state.board), state.direction[team])
    known = _END_ZONES.get(cache_key)
    if known is None or known[0] is not state.board:
        if len(_END_ZONES) >= 2 * BOARDS_KEPT:  # two directions a board
            _END_ZONES.clear()
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
    return end_squares(state, pid)[0]


def reach_of(state: TouchdownFields, pid: str) -> tuple[list[int], int]:
    """The `layers` `pid` reaches now, and the halting squares of that search."""
    steps, blocked, halting = stop_masks(state, pid)
    return layers(state.board, state.pos[pid], steps, blocked, halting), halting


def end_squares(state: TouchdownFields, pid: str) -> tuple[list[int], list[int], int]:
    """Squares `pid` may end on: empty of standing team-mates, or a tackle; with
    his `layers` and their halting squares (what `walk_path` reads again)."""
    steps, blocked, halting, own, tackle_here = scan(state, pid)
    start = state.pos[pid]
    reach = layers(state.board, start, steps, blocked, halting)
    reached = 0
    for layer in reach:
        reached |= layer
    out = squares_of(state.board, reached & ~own)
    if state.mphase == OOB_PHASE:
        carrier_sq = state.pos[state.carrier] if state.carrier else -1
        return [s for s in out if s == carrier_sq], reach, halting
    if kicker_waits(state, pid):
        out = [s for s in out if s == state.ball]
    if tackle_here:
        out.append(start)
        out.sort()
    return out, reach, halting


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
    if on & ~(1 << start) & _tie_breakers(state, pid):
        return searched_path(state, pid, dest, on)
    return _first_path(state.board, reach, on, start, single)


def _tie_breakers(state: TouchdownFields, pid: str) -> int:
    """The squares that give `search` a preference: fallen players' and the loose ball
    `pid` may take. Where no path crosses one, every key ties and the search keeps the
    first path found, which is `_first_path`'s."""
    out = state.fallen_squares()
    if state.carrier is None and state.ball is not None and kicks.may_take_ball(state, pid):
        out |= 1 << state.ball
    return out


def _first_path(board: Board, reach: list[int], on: int, start: int, path: list[int]) -> list[int]:
    """`path` (the first steps to `dest`) continued to `dest` over `on`, the squares
    of its shortest paths, by the lowest neighbour on them at every step: the path a
    breadth-first search over `on` finds first, since it takes neighbours in square
    order and every square of `on` leads on to `dest`."""
    at = path[-1] if path else start
    for layer in reach[len(path) + 1 :]:
        step = layer & on
        if not step:
            break
        for n in board.neighbours[at]:
            if step >> n & 1:
                at = n
                break
        path.append(at)
    return path


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
