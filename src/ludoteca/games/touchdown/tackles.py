"""*Contrasti*: a tackle on the Attaccante/Difensore tables, and the fumble it may cause."""

from __future__ import annotations

from ludoteca.core.i18n import T
from ludoteca.games.touchdown import admin, plays
from ludoteca.games.touchdown.fields import ATTACK_KINDS, OOB_PHASE, Phase, TouchdownFields
from ludoteca.games.touchdown.roster import RECEIVER_ROLES, who
from ludoteca.games.touchdown.tables import fumble_taken, tackle_falls, tackle_result


def can_tackle(state: TouchdownFields, target: str) -> bool:
    """Backs (AB/AE/AQ) without the ball are fair game only after a forward pass
    or once the ball has crossed the line (*Contrasti*)."""
    if target == state.carrier or state.kind not in ATTACK_KINDS:
        return True
    if state.team_of(target) != state.play_offence:
        return True
    if state.cards[target].role not in RECEIVER_ROLES:
        return True
    return state.pass_tried or state.crossed


def tackle(state: TouchdownFields, mover: str, target: str) -> None:
    """*Contrasto*: 1d6 on the Attaccante/Difensore table by tackle difference."""
    attacking = state.team_of(mover) == state.possession
    diff = state.cards[mover].tackle - state.cards[target].tackle
    roll = state.d6(T("{player} tackles {target}", player=who(mover), target=who(target)))
    result = tackle_result(attacking, diff, roll)
    table = "Attaccante" if attacking else "Difensore"
    state.log(
        "Tackle {player} on {target}: {table} table {diff}, {roll} -> {result}",
        player=who(mover),
        target=who(target),
        table=table,
        diff=f"{diff:+d}",
        roll=roll,
        result=result,
    )
    mover_falls, target_falls = tackle_falls(attacking, result)
    if mover_falls:
        state.fallen.add(mover)
    if target_falls:
        state.fallen.add(target)
    if result == "I":
        state.frozen_next.add(mover)
    carrier = state.carrier
    if carrier in (mover, target):
        down, up = (target, mover) if carrier == target else (mover, target)
        if down in state.fallen and up not in state.fallen:
            fumble(state, down, up)
            return
        if down in state.fallen:
            admin.dead(state, state.pos[down], T("ball carrier and tackler both down"))
            return
    if result == "T" and mover not in state.fallen:
        if state.mphase == OOB_PHASE:
            return
        state.picked, state.extra = mover, True


def fumble(state: TouchdownFields, down: str, up: str) -> None:
    """*Fumble*: 5-6 the standing player takes the ball, 1-4 the ball is dead."""
    if state.cards[down].role == "AQ" and state.team_of(up) != state.play_offence:
        state.add_stat(up, "sacks")
    sq = state.pos[down]
    if state.kind == "conv2" and state.team_of(up) == state.play_offence:
        admin.dead(state, sq, T("the offence cannot win the ball back on a conversion"))
        return
    if not fumble_taken(state.d6(T("{player} tries to take the ball", player=who(up)))):
        admin.dead(state, sq, T("tackle won on the ball carrier"))
        return
    state.log("Fumble: {player} takes the ball", player=who(up))
    plays.take_ball(state, up)
    if state.phase != Phase.DEAD and state.mphase == OOB_PHASE:
        admin.dead(state, sq, T("ball taken out of bounds: the action ends"))
