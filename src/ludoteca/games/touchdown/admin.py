"""Phase 10 and the match: dead ball, injuries, downs, clock, quarters, kick-offs."""

from __future__ import annotations

from ludoteca.core.i18n import T, Text
from ludoteca.games.touchdown.fields import TEAMS, Phase, TouchdownFields
from ludoteca.games.touchdown.roster import who
from ludoteca.games.touchdown.tables import PLAY_SECONDS, clock_markers, injured

INJURY_ZONE = 3
KICKOFF_ADV = 7  # field rows before the 20-yard line: the AK stands just behind it


# -- the toss -------------------------------------------------------------------
def toss(state: TouchdownFields) -> None:
    """*Il calcio d'inizio*: a die decides which coach chooses to kick or receive."""
    while True:
        a, b = state.rng.randint(1, 6), state.rng.randint(1, 6)
        state.log("Toss: Yellow d6 {yellow}, White d6 {white}", yellow=a, white=b)
        if a != b:
            break
    state.phase, state.actor = Phase.TOSS, 0 if a > b else 1


def toss_apply(state: TouchdownFields, action: str) -> None:
    kicker = state.actor if action == "kick" else 1 - state.actor
    if action == "kick":
        state.log("{team} choose to kick", team=TEAMS[state.actor])
    else:
        state.log("{team} choose to receive", team=TEAMS[state.actor])
    state.received_first = 1 - kicker
    state.pending, state.pending_team = "kickoff", kicker
    start_action(state)


# -- the dead ball --------------------------------------------------------------
def dead(state: TouchdownFields, sq: int | None, reason: Text) -> None:
    """*Palla morta*: the action stops; administration follows."""
    state.dead_spot = sq
    state._credit_run()
    state.picked, state.extra = None, False
    state.phase = Phase.DEAD
    state.log("Ball dead: {reason}", reason=reason)


def after_dead(state: TouchdownFields) -> None:
    """*Time out*: called right after the dead ball, before the administration."""
    if state._league_on() and not state.last:
        for team in (state.possession, 1 - state.possession):
            if state.timeouts[team]:
                state.phase, state.actor = Phase.TIMEOUT, team
                return
    administration(state)


def timeout_legal(state: TouchdownFields) -> list[str]:
    return ["timeout", "notimeout"]


def timeout_apply(state: TouchdownFields, action: str) -> None:
    team = state.actor
    if action == "timeout":
        state.timeouts[team] = False
        state.timeout_called = True
        state.log("{team} call a time out", team=TEAMS[team])
        administration(state)
        return
    other = 1 - team
    if team == state.possession and state.timeouts[other]:
        state.actor = other
        return
    administration(state)


# -- phase 10 -------------------------------------------------------------------
def administration(state: TouchdownFields) -> None:
    """Ball spot, first down, clock (+2 minutes), injuries, then the next action."""
    next_spot(state)
    if state.out_side == 0 and not state.timeout_called and not state.last:
        state.clock += PLAY_SECONDS
        m, t, s = clock_markers(state.clock)
        state.log("Clock +2 minutes: {clock}", clock=f"{m}:{t}{s}")
    injuries(state)
    state.pos, state.fallen = {}, set()
    state.carrier, state.ball = None, None
    if state.last and state.pending != "conversion":
        end_quarter(state)
        if state.phase == Phase.OVER:
            return
    start_action(state)


def next_spot(state: TouchdownFields) -> None:
    """Restart at the dead-ball row, in the centre or on the dashed line; downs."""
    if state.kind in ("conv1", "conv2"):
        state.pending, state.pending_team = "kickoff", state.play_offence
    if state.pending:
        return
    if state.kick_missed and state.carrier is None and state.possession == state.play_offence:
        state.possession = 1 - state.possession  # a missed kick nobody took: the defence's
    b = state.board
    sq = state.dead_spot if state.dead_spot is not None else state.spot
    row = min(b.last_field_row(), max(b.first_field_row(), b.row(sq)))
    col = b.centre_col
    if state.out_side:
        col = b.dashed_columns[0] if state.out_side < 0 else b.dashed_columns[1]
    team = state.possession
    state.spot = b.sq(col, row)
    if state.kind == "kickoff" or team != state.play_offence:
        state.down, state.yc = 1, row
        state.log(
            "{team} start a series of downs on {square}",
            team=TEAMS[team],
            square=b.name_of(state.spot),
        )
        return
    gain = state.adv(team, row) - state.adv(team, state.yc)
    if gain > b.rows_per_ten_yards:
        state.down, state.yc = 1, row
        state.log("First down for {team} (gained {gain} rows)", team=TEAMS[team], gain=gain)
        return
    state.down += 1
    if state.down > 4:
        state.possession = 1 - team
        state.down, state.yc = 1, row
        state.log(
            "Turnover on downs: {team} take over on {square}",
            team=TEAMS[1 - team],
            square=b.name_of(state.spot),
        )
    else:
        state.log(
            "Down {down} for {team} on {square}",
            down=state.down,
            team=TEAMS[team],
            square=b.name_of(state.spot),
        )


def injuries(state: TouchdownFields) -> None:
    """*Infortuni*: the bench recovers one zone; each fallen player rolls 1d6."""
    for pid in sorted(state.bench):
        state.bench[pid] -= 1
        if state.bench[pid] <= 0:
            del state.bench[pid]
    for pid in sorted(state.fallen):
        if injured(state.d6(T("injury check {player}", player=who(pid)))):
            state.bench[pid] = INJURY_ZONE
            state.log("{player} is injured (bench zone {zone})", player=who(pid), zone=INJURY_ZONE)


# -- quarters ---------------------------------------------------------------------
def end_quarter(state: TouchdownFields) -> None:
    """End of a quarter: field inverted; at half time kick-off by the first receiver."""
    state.log(
        "End of quarter {quarter}: {first}-{second}",
        quarter=state.quarter,
        first=state.score[0],
        second=state.score[1],
    )
    total = state._quarters()
    if state.quarter >= total:
        state.phase = Phase.OVER
        state.log(
            "Final score: Yellow {yellow}, White {white}",
            yellow=state.score[0],
            white=state.score[1],
        )
        return
    state.quarter += 1
    state.clock, state.last = 0, False
    state.timeouts = [True, True]
    state.direction = [-d for d in state.direction]
    if state.quarter == total // 2 + 1:
        state.pending, state.pending_team = "kickoff", state.received_first
        state.log("Second half: {team} kick off", team=TEAMS[state.received_first])
        return
    b = state.board
    state.spot = b.sq(b.width - 1 - b.col(state.spot), b.height - 1 - b.row(state.spot))
    state.yc = b.height - 1 - state.yc


# -- a new action -----------------------------------------------------------------
def start_action(state: TouchdownFields) -> None:
    """Phase 1 of the next action: a kick-off, a conversion or a down."""
    state.move_no, state.no_pass, state.pass_tried, state.crossed = 0, False, False, False
    state.out_side, state.dead_spot, state.tie, state.shifted = 0, None, False, False
    state.frozen, state.frozen_next, state.moved = set(), set(), set()
    state.timeout_called, state.receiver, state.kick_missed = False, None, False
    b = state.board
    if state.pending == "kickoff":
        team = state.pending_team
        state.possession = state.play_offence = team
        state.kind, state.pending = "kickoff", ""
        row = state.row_for(team, b.first_field_row() + KICKOFF_ADV)
        state.spot = b.sq(b.centre_col, row)
        state.log("Kick off by {team}", team=TEAMS[team])
        state._begin_setup(team)
        return
    if state.pending == "conversion":
        team = state.pending_team
        state.possession = state.play_offence = team
        state.spot = b.sq(b.centre_col, state.row_for(team, b.last_field_row() - 1))
    state.play_offence = state.possession
    state.phase, state.actor = Phase.DECLARE, state.possession
