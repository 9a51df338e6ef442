"""Where a pawn and the ball can go, for legal-action generation (*Virada de jogo*): moves
(one step, or through speed zones), pass and kick targets, the goal-kick areas' keepers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.futebol.geometry import Board
from ludoteca.games.futebol.pawns import PAWNS_PER_SIDE

if TYPE_CHECKING:
    from ludoteca.games.futebol.fields import FutebolFields, MovesMemo, PawnMoves

SPEED_STEPS = 3


def keeper_counts(state: FutebolFields) -> list[list[int]]:
    """counts[area][side]: pawns of `side` in the goal-kick area of half `area`."""
    counts = [[0, 0], [0, 0]]
    area_of = state.board.keeper_area_of
    for pawn, cell in enumerate(state.pos):
        if cell >= 0 and area_of[cell] >= 0:
            counts[area_of[cell]][pawn // PAWNS_PER_SIDE] += 1
    return counts


def _holds(occ: list[int], area: list[int], side: int) -> bool:
    """Whether a goal-kick area's spaces hold a pawn of `side`."""
    for cell in area:
        pawn = occ[cell]
        if pawn >= 0 and pawn // PAWNS_PER_SIDE == side:
            return True
    return False


def move_targets(state: FutebolFields, pawn: int) -> tuple[list[int], int]:
    """Spaces `pawn` may move to (*Mover*): one step, or up to 3 inside a speed zone; and
    the bit mask of the spaces whose pawns or ball the answer depends on.

    A step may not enter an occupied, blocked or off-board space, nor a goal-kick
    area already holding a pawn of the same side; only the ball carrier may step
    into the opponent's goal (a goal). Stepping onto a speed zone lets the pawn go
    on, through empty speed-zone spaces only, up to 3 spaces in all.
    """
    board, occ, ball = state.board, state.occ, state.ball
    side = pawn // PAWNS_PER_SIDE
    start = state.pos[pawn]
    carrying = ball == start
    start_area = board.keeper_area_of[start]
    reads = 1 << start | board.step_mask[start]
    found: list[int] = []
    frontier: list[int] = []
    for step, goal, area, speed in board.steps[start]:
        if occ[step] >= 0:
            continue
        if goal >= 0:
            if carrying and goal != side:
                found.append(step)
            continue
        if area >= 0 and area != start_area:
            reads |= board.area_mask[area]
            if _holds(occ, board.areas[area], side):
                continue
        found.append(step)
        if speed and step != ball:
            frontier.append(step)
    speed_steps, speed_mask = board.speed_steps, board.speed_mask
    for _ in range(SPEED_STEPS - 1):
        if not frontier:
            break
        reached: list[int] = []
        for cell in frontier:
            reads |= speed_mask[cell]
            for step in speed_steps[cell]:
                if occ[step] < 0 and step != start and step not in found:
                    found.append(step)
                    if step != ball:
                        reached.append(step)
        frontier = reached
    return found, reads


def pass_targets(state: FutebolFields, side: int) -> list[int]:
    """Spaces the carrier may pass or kick to (*Passar o Pontapé*).

    Any team-mate or empty space within 2 (blocked spaces cannot be targeted), or
    a space of the opponent's goal in a straight line within 2 whose middle space
    is empty (*os espaços intermediários devem estar vazios*).
    """
    board, occ = state.board, state.occ
    here = state.ball
    found = []
    for cell in board.near2[here]:
        owner = occ[cell]
        if owner < 0 or owner // PAWNS_PER_SIDE == side:
            found.append(cell)
    for shot in board.shots[here]:
        if board.goal_of[shot.goal] != side and (shot.middle < 0 or occ[shot.middle] < 0):
            found.append(shot.goal)
    return found


def long_pass_targets(state: FutebolFields, side: int) -> list[int]:
    """From a long-pass space: any team-mate or empty space of that half or the
    centre line beyond ordinary range (*Passar por cima*)."""
    occ = state.occ
    found = []
    for cell in state.board.long_targets[state.ball]:
        owner = occ[cell]
        if owner < 0 or owner // PAWNS_PER_SIDE == side:
            found.append(cell)
    return found


def chain_targets(state: FutebolFields, side: int) -> list[int]:
    """Team-mates within 2 of the carrier that have not yet held the ball in this
    chain pass (*Passar de corrente*)."""
    occ = state.occ
    found = []
    for cell in state.board.near2[state.ball]:
        owner = occ[cell]
        if owner >= 0 and owner // PAWNS_PER_SIDE == side and owner not in state.chain:
            found.append(cell)
    return found


def stealers(state: FutebolFields, side: int, counts: list[list[int]]) -> list[int]:
    """Pawns of `side` next to the opposing carrier that may steal (*Roubar*).

    Not the pawn robbed on the opponent's last turn, and not a swap that would put
    two pawns of one side in a goal-kick area.
    """
    board, occ = state.board, state.occ
    target = state.ball
    carrier = occ[target]
    if carrier < 0 or carrier // PAWNS_PER_SIDE == side:
        return []
    area_of = board.keeper_area_of
    found = []
    for cell in board.neighbours[target]:
        pawn = occ[cell]
        if pawn < 0 or pawn // PAWNS_PER_SIDE != side or pawn == state.no_steal:
            continue
        if area_of[cell] != area_of[target]:
            if area_of[target] >= 0 and counts[area_of[target]][side]:
                continue
            if area_of[cell] >= 0 and counts[area_of[cell]][1 - side]:
                continue
        found.append(pawn)
    return found


def keeper_choices(state: FutebolFields, side: int) -> list[tuple[int, int]]:
    """(pawn, space) pairs for moving a pawn into its own goal-kick area."""
    board = state.board
    cells = [
        c
        for c in range(len(board.kinds))
        if board.keeper_area_of[c] == side and state.occ[c] < 0 and c != state.ball
    ]
    first = side * PAWNS_PER_SIDE
    pawns = [
        p
        for p in range(first, first + PAWNS_PER_SIDE)
        if state.pos[p] >= 0 and state.pos[p] != state.ball
    ]
    return [(p, c) for p in pawns for c in cells]


def _changed(memo: MovesMemo, pos: list[int], ball: int) -> int:
    """The bit mask of the spaces whose pawn or ball changed since `memo` was made."""
    before, ball_before, _moves = memo
    changed = 0
    if before != pos:
        for was, now in zip(before, pos, strict=True):
            if was != now:
                changed |= (1 << was if was >= 0 else 0) | (1 << now if now >= 0 else 0)
    if ball_before != ball:
        changed |= (1 << ball_before if ball_before >= 0 else 0) | (1 << ball if ball >= 0 else 0)
    return changed


def main_actions(state: FutebolFields) -> list[str]:
    """Every Move, Pass/Kick, long pass and Steal of the side to play.

    Each pawn's moves are kept from the side's last turn (`FutebolFields.moves_memo`)
    unless a space they were read from has changed: a turn moves one or two pawns."""
    board: Board = state.board
    side, pos, ball = state.side, state.pos, state.ball
    labels = board.labels
    memo = state.moves_memo[side]
    changed = -1 if memo is None else _changed(memo, pos, ball)
    kept = [None] * PAWNS_PER_SIDE if memo is None else memo[2]
    moves: list[PawnMoves | None] = []
    actions: list[str] = []
    first = side * PAWNS_PER_SIDE
    for pawn in range(first, first + PAWNS_PER_SIDE):
        entry = kept[pawn - first]
        if pos[pawn] < 0:
            entry = None
        elif entry is None or entry[0] & changed:
            targets, reads = move_targets(state, pawn)
            named = labels.move[pawn]
            entry = (reads, [named[c] for c in targets])
        if entry is not None:
            actions += entry[1]
        moves.append(entry)
    made: MovesMemo = (list(pos), ball, moves)
    other = state.moves_memo[1 - side]
    state.moves_memo = (made, other) if side == 0 else (other, made)
    if ball >= 0 and state.occ[ball] >= 0:
        if state.occ[ball] // PAWNS_PER_SIDE == side:
            actions += [labels.passes[c] for c in pass_targets(state, side)]
            actions += [labels.long[c] for c in long_pass_targets(state, side)]
        else:
            counts = keeper_counts(state)
            actions += [labels.steal[p] for p in stealers(state, side, counts)]
    return actions
