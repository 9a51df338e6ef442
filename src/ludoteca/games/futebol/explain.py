"""Why an action is refused: one specific sentence per case."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.games.futebol.fields import Phase
from ludoteca.games.futebol.pawns import PAWNS_PER_SIDE, SIDE_NAMES, pawn_index

if TYPE_CHECKING:
    from ludoteca.games.futebol.fields import FutebolFields

GRAMMAR = (
    "move:<pawn>:<space>, pass:<space>, long:<space>, steal:<pawn>, end, sub:<pawn>, "
    "call:coaching, coaching:admit, coaching:deny, place:<space>, kickoff:<pawn>, "
    "keeper:<pawn>:<space>, keeper:none, "
    "aim:<1-3>, dive:<1-3>, skip"
)
PHASE_VERBS = {
    Phase.PLAY: ("move", "pass", "long", "steal", "sub", "call", "skip"),
    Phase.CHAIN: ("pass", "end"),
    Phase.PLACE: ("place",),
    Phase.KICKOFF: ("kickoff",),
    Phase.KEEPER: ("keeper",),
    Phase.RULING: ("coaching",),
    Phase.AIM: ("aim",),
    Phase.DIVE: ("dive",),
}
PHASE_TEXT = {
    Phase.PLAY: "it is {side}'s turn (move, pass, long, steal, sub)",
    Phase.CHAIN: "{side} is in a chain pass (pass:<space> to a team-mate, or end)",
    Phase.PLACE: "{side} must place a pawn (place:<space>)",
    Phase.KICKOFF: "{side} must choose the kick-off pawn (kickoff:<pawn>)",
    Phase.KEEPER: "{side} must choose a goalkeeper (keeper:<pawn>:<space>)",
    Phase.RULING: "the coached player answers the coaching call (coaching:admit or coaching:deny)",
    Phase.AIM: "{side} must pick the penalty shot (aim:1, aim:2 or aim:3)",
    Phase.DIVE: "{side} must pick the penalty dive (dive:1, dive:2 or dive:3)",
}


def explain(state: FutebolFields, action: str) -> str:
    """A specific reason why `action` is not legal in `state`."""
    verb, rest = Action.parse(action)
    if state.phase == Phase.OVER:
        return f"'{action}' refused: the match is over"
    side_name = SIDE_NAMES[state.side]
    if not any(verb in verbs for verbs in PHASE_VERBS.values()) and verb != "end":
        return f"unknown action '{action}' (futebol actions: {GRAMMAR})"
    if verb not in PHASE_VERBS[state.phase]:
        return f"'{action}' is not possible now: " + PHASE_TEXT[state.phase].format(side=side_name)
    reason = _specific(state, verb, rest)
    return f"'{action}' is illegal: {reason}"


def _specific(state: FutebolFields, verb: str, rest: str) -> str:
    board, side = state.board, state.side
    if verb in ("move", "steal", "sub", "kickoff"):
        name = rest.split(":")[0]
        pawn = pawn_index(name)
        if pawn < 0:
            return f"there is no pawn '{name}' (pawns are B1-B7 and O1-O7)"
        if pawn // PAWNS_PER_SIDE != side:
            return f"{name} is not {SIDE_NAMES[side]}'s pawn"
        if state.pos[pawn] < 0:
            return f"{name} is not on the pitch"
        if verb == "sub" and state.sub_used[side]:
            return f"{SIDE_NAMES[side]} has already made its one substitution"
        if verb == "steal":
            return _steal_reason(state, pawn, name)
        if verb == "move":
            space = rest.partition(":")[2]
            cell = board.cell(space)
            if cell < 0:
                return f"there is no space '{space}' on the board"
            if board.kinds[cell] in "X#":
                return f"{space} is a blocked space"
            if state.occ[cell] >= 0:
                return f"{space} is occupied"
            if board.goal_of[cell] >= 0:
                return f"only the ball carrier may enter the opponent's goal ({space})"
            return f"{name} cannot reach {space} (one step, or up to 3 inside a speed zone)"
    if verb in ("pass", "long", "place"):
        cell = board.cell(rest)
        if cell < 0:
            return f"there is no space '{rest}' on the board"
        if board.kinds[cell] in "X#":
            return f"{rest} is a blocked space: the ball cannot be played there"
        carrier = state.occ[state.ball] if state.ball >= 0 else -1
        if verb != "place" and (carrier < 0 or carrier // PAWNS_PER_SIDE != side):
            return f"{SIDE_NAMES[side]} does not have the ball"
        if verb == "long" and not board.long[state.ball]:
            return "a long pass needs the carrier on a long-pass space"
        if verb == "long" and board.half[cell] not in (board.half[state.ball], -1):
            return "a long pass stays in the half of its long-pass space (centre line included)"
        if verb == "place":
            return f"{rest} is not a free starting space of {SIDE_NAMES[side]}'s half"
        owner = state.occ[cell]
        if owner >= 0 and owner // PAWNS_PER_SIDE != side:
            return f"{rest} is occupied by an opponent, who cannot receive a pass"
        return f"{rest} is out of reach (2 spaces; shots need a straight, empty line)"
    return f"not among the legal choices: {', '.join(state.legal_actions()[:12])}"


def _steal_reason(state: FutebolFields, pawn: int, name: str) -> str:
    if state.ball < 0 or state.occ[state.ball] < 0:
        return "nobody carries the ball"
    if state.occ[state.ball] // PAWNS_PER_SIDE == state.side:
        return "your own side has the ball"
    if pawn == state.no_steal:
        return f"{name} was just robbed and cannot steal back this turn"
    if state.pos[pawn] not in state.board.neighbours[state.ball]:
        return f"{name} is not next to the ball carrier"
    return "the swap would put two pawns of one side in a goal-kick area"
