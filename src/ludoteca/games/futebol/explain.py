"""Why an action is refused: one specific sentence per case."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.i18n import N_, _
from ludoteca.games.futebol.action import FutebolAction, parse
from ludoteca.games.futebol.fields import Phase
from ludoteca.games.futebol.pawns import PAWNS_PER_SIDE, SIDES, pawn_index

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
    Phase.PLAY: N_("it is {side}'s turn (move, pass, long, steal, sub)"),
    Phase.CHAIN: N_("{side} is in a chain pass (pass:<space> to a team-mate, or end)"),
    Phase.PLACE: N_("{side} must place a pawn (place:<space>)"),
    Phase.KICKOFF: N_("{side} must choose the kick-off pawn (kickoff:<pawn>)"),
    Phase.KEEPER: N_("{side} must choose a goalkeeper (keeper:<pawn>:<space>)"),
    Phase.RULING: N_(
        "the coached player answers the coaching call (coaching:admit or coaching:deny)"
    ),
    Phase.AIM: N_("{side} must pick the penalty shot (aim:1, aim:2 or aim:3)"),
    Phase.DIVE: N_("{side} must pick the penalty dive (dive:1, dive:2 or dive:3)"),
}


def explain(state: FutebolFields, action: str) -> str:
    """A specific reason why `action` is not legal in `state`."""
    if state.phase == Phase.OVER:
        return _("'{action}' refused: the match is over", action=action)
    try:
        move = parse(action)
    except ValueError:  # no verb of futebol's
        return _(
            "unknown action '{action}' (futebol actions: {grammar})", action=action, grammar=GRAMMAR
        )
    if move.verb not in PHASE_VERBS[state.phase]:
        why = _(PHASE_TEXT[state.phase], side=SIDES[state.side])
        return _("'{action}' is not possible now: {why}", action=action, why=why)
    reason = _specific(state, move)
    return _("'{action}' is illegal: {reason}", action=action, reason=reason)


def _specific(state: FutebolFields, move: FutebolAction) -> str:
    verb, rest = move
    if verb in ("move", "steal", "sub", "kickoff"):
        reason = _pawn_reason(state, move)
        if reason:
            return reason
    if verb in ("pass", "long", "place"):
        return _ball_reason(state, verb, rest)
    return _("not among the legal choices: {legal}", legal=", ".join(state.legal_actions()[:12]))


def _pawn_reason(state: FutebolFields, move: FutebolAction) -> str:
    """Why the pawn `move` names cannot make it ('' when no reason is found)."""
    verb, side = move.verb, state.side
    name = move.args[0] if move.args else ""
    pawn = pawn_index(name)
    if pawn < 0:
        return _("there is no pawn '{pawn}' (pawns are B1-B7 and O1-O7)", pawn=name)
    if pawn // PAWNS_PER_SIDE != side:
        return _("{pawn} is not {side}'s pawn", pawn=name, side=SIDES[side])
    if state.pos[pawn] < 0:
        return _("{pawn} is not on the pitch", pawn=name)
    if verb == "sub" and state.sub_used[side]:
        return _("{side} has already made its one substitution", side=SIDES[side])
    if verb == "steal":
        return _steal_reason(state, pawn, name)
    if verb == "move":
        return _move_reason(state, name, move.space if len(move.args) > 1 else "")
    return ""


def _move_reason(state: FutebolFields, name: str, space: str) -> str:
    """Why pawn `name` cannot step to `space`."""
    board = state.board
    cell = board.cell(space)
    if cell < 0:
        return _("there is no space '{space}' on the board", space=space)
    if board.kinds[cell] in "X#":
        return _("{space} is a blocked space", space=space)
    if state.occ[cell] >= 0:
        return _("{space} is occupied", space=space)
    if board.goal_of[cell] >= 0:
        return _("only the ball carrier may enter the opponent's goal ({space})", space=space)
    return _(
        "{pawn} cannot reach {space} (one step, or up to 3 inside a speed zone)",
        pawn=name,
        space=space,
    )


def _ball_reason(state: FutebolFields, verb: str, rest: str) -> str:
    """Why the ball cannot be passed, passed long or placed on `rest`."""
    board, side = state.board, state.side
    cell = board.cell(rest)
    if cell < 0:
        return _("there is no space '{space}' on the board", space=rest)
    if board.kinds[cell] in "X#":
        return _("{space} is a blocked space: the ball cannot be played there", space=rest)
    carrier = state.occ[state.ball] if state.ball >= 0 else -1
    if verb != "place" and (carrier < 0 or carrier // PAWNS_PER_SIDE != side):
        return _("{side} does not have the ball", side=SIDES[side])
    if verb == "long" and not board.long[state.ball]:
        return _("a long pass needs the carrier on a long-pass space")
    if verb == "long" and board.half[cell] not in (board.half[state.ball], -1):
        return _("a long pass stays in the half of its long-pass space (centre line included)")
    if verb == "place":
        return _(
            "{space} is not a free starting space of {side}'s half",
            space=rest,
            side=SIDES[side],
        )
    owner = state.occ[cell]
    if owner >= 0 and owner // PAWNS_PER_SIDE != side:
        return _("{space} is occupied by an opponent, who cannot receive a pass", space=rest)
    return _("{space} is out of reach (2 spaces; shots need a straight, empty line)", space=rest)


def _steal_reason(state: FutebolFields, pawn: int, name: str) -> str:
    if state.ball < 0 or state.occ[state.ball] < 0:
        return _("nobody carries the ball")
    if state.occ[state.ball] // PAWNS_PER_SIDE == state.side:
        return _("your own side has the ball")
    if pawn == state.no_steal:
        return _("{pawn} was just robbed and cannot steal back this turn", pawn=name)
    if state.pos[pawn] not in state.board.neighbours[state.ball]:
        return _("{pawn} is not next to the ball carrier", pawn=name)
    return _("the swap would put two pawns of one side in a goal-kick area")
