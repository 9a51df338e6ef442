"""Phases 1-3: declaring the play, the two set-ups and the shift (*Schieramento*)."""

from __future__ import annotations

from ludoteca.core.i18n import T
from ludoteca.games.touchdown.action import Verb, arg_of, parse
from ludoteca.games.touchdown.fields import (
    ATTACK_KINDS,
    KICK_KINDS,
    TEAM_LETTERS,
    TEAMS,
    Phase,
    TouchdownFields,
)
from ludoteca.games.touchdown.roster import who
from ludoteca.games.touchdown.verbs import pick, to_actions, to_ids

KINDS = {
    "attack": T("attack"),
    "punt": T("punt"),
    "fieldgoal": T("fieldgoal"),
    "conv1": T("conv1"),
    "conv2": T("conv2"),
}
"""The actions an offence declares (*schieramento*), in the log's words."""

ATTACK_SLOTS = {"A": 5, "AB": 3, "AE": 2, "AQ": 1}
KICKING_SLOTS = {"A": 5, "AB": 2, "AE": 2, "AQ": 1, "AK": 1}
PUNTING_SLOTS = {"AK": 1, "D": 10}
DEFENCE_SLOTS = {"D": 11}
DEFENSIVE_LINE = 4


# -- phase 1: the declaration ------------------------------------------------
def available(state: TouchdownFields, team: int, role: str) -> list[str]:
    """Healthy players of a role off the field (bench zone 0)."""
    return [
        p
        for p, c in state.cards.items()
        if state.team_of(p) == team
        and c.role == role
        and p not in state.bench
        and p not in state.pos
    ]


def declare_legal(state: TouchdownFields) -> list[str]:
    """*Schieramento della squadra in attacco*: attack, punt or field goal."""
    has_kicker = bool(available(state, state.play_offence, "AK"))
    if state.pending == "conversion":
        return ["conv1", "conv2"] if has_kicker else ["conv2"]
    if not has_kicker:
        return ["attack"]
    b, team = state.board, state.play_offence
    room = state.adv(team, b.row(state.spot)) + b.rows_per_ten_yards < b.height - 2
    return ["attack", "punt", "fieldgoal"] if room else ["attack", "fieldgoal"]


def declare(state: TouchdownFields, action: str) -> None:
    state.kind = action
    state.pending = ""
    state.log("{team} declare {kind}", team=TEAMS[state.play_offence], kind=KINDS[action])
    begin_setup(state, state.play_offence)


# -- phases 1-2: placing players -----------------------------------------------
def team_name(state: TouchdownFields, team: int) -> str:
    return ("Yellow", "White")[team]


def slots_for(state: TouchdownFields, team: int) -> dict[str, int]:
    """The roles a team fields in this action (*Le formazioni*, *Punt*, *Field goal*)."""
    if team == state.play_offence:
        if state.kind in KICK_KINDS:
            return dict(PUNTING_SLOTS)
        return dict(KICKING_SLOTS if state.kind in ("fieldgoal", "conv1") else ATTACK_SLOTS)
    return dict(ATTACK_SLOTS if state.kind in KICK_KINDS else DEFENCE_SLOTS)


def begin_setup(state: TouchdownFields, team: int) -> None:
    state.phase = Phase.SETUP
    state.setup_team = state.actor = team
    state.slots = slots_for(state, team)
    state.picked = None
    if not setup_picks(state):
        finish_setup(state)


def centre_role(state: TouchdownFields) -> str | None:
    """The role that must take the ball on the centre square, if still empty."""
    if state.setup_team != state.play_offence or state.standing_at(state.spot):
        return None
    return "AK" if state.kind in KICK_KINDS else "A"


def setup_picks(state: TouchdownFields) -> list[str]:
    letter, slots, bench, pos = TEAM_LETTERS[state.setup_team], state.slots, state.bench, state.pos
    eligible = [
        p
        for p, c in state.cards.items()
        if p[0] == letter and slots.get(c.role, 0) > 0 and p not in bench and p not in pos
    ]
    centre = centre_role(state)
    if centre is not None:
        first = [p for p in eligible if state.cards[p].role == centre]
        eligible = first or eligible
    return sorted(eligible)


def line_squares(state: TouchdownFields) -> list[int]:
    """The five squares of the offensive line: the centre and two either side."""
    col, row = state.board.col(state.spot), state.board.row(state.spot)
    return [state.board.sq(c, row) for c in range(col - 2, col + 3)]


def defence_line_row(state: TouchdownFields) -> int:
    """The row just on the defence's side of the line of scrimmage."""
    return state.board.row(state.spot) + state.direction[state.play_offence]


def setup_squares(state: TouchdownFields, pid: str) -> list[int]:
    """Where `pid` may be placed now (*Schieramento*, *Punt*, *Kick off*)."""
    b, team, off = state.board, state.team_of(pid), state.play_offence
    if team == off and centre_role(state) is not None:
        return [state.spot]
    role = state.cards[pid].role
    taken = {s for p, s in state.pos.items() if state.team_of(p) == team}
    line = line_squares(state)
    spot_adv = state.adv(off, b.row(state.spot))
    half = b.first_field_row() + b.field_rows // 2
    rows: list[int]
    if team == off and state.kind in ATTACK_KINDS:
        if role == "A":
            return [s for s in line if s not in taken]
        rows = [r for r in range(1, b.height - 1) if state.adv(off, r) <= spot_adv]
    elif team == off:
        rows = [r for r in range(1, b.height - 1) if state.adv(off, r) < spot_adv]
        if state.kind == "punt":
            rows = [r for r in rows if state.adv(off, r) < half]
    elif state.kind == "punt":
        rows = [r for r in range(1, b.height - 1) if state.adv(off, r) > spot_adv + 4]
    elif state.kind == "kickoff":
        rows = [r for r in range(1, b.height - 1) if state.adv(team, r) < half]
    else:
        rows = [r for r in range(1, b.height - 1) if state.adv(off, r) > spot_adv]
        line_row = defence_line_row(state)
        on_line = sum(
            1 for p, s in state.pos.items() if state.team_of(p) == team and b.row(s) == line_row
        )
        left = min(sum(state.slots.values()), len(setup_picks(state)))
        if state.phase == Phase.SETUP and left <= DEFENSIVE_LINE - on_line:
            rows = [line_row]
    width, columns = b.width, range(1, b.columns + 1)
    out = [r * width + c for r in rows for c in columns]
    if team == off and state.kind in ATTACK_KINDS:
        taken.update(line)
    return [s for s in out if s not in taken]


def setup_legal(state: TouchdownFields) -> list[str]:
    if state.picked is None:
        return [pick(p) for p in setup_picks(state)]
    names, squares = to_actions(state.board)[0], setup_squares(state, state.picked)
    legal = [names[s] for s in squares]
    state._legal_ids = (legal, to_ids(state.game.action_space, state.board, sorted(squares)))
    return legal


def setup_apply(state: TouchdownFields, action: str) -> None:
    verb, arg = parse(action)
    if verb == "pick":
        state.picked = arg
        return
    pid, sq = state.picked, state.board.parse(arg)
    assert pid is not None and sq is not None
    state.pos[pid] = sq
    state.slots[state.cards[pid].role] -= 1
    state.picked = None
    state.log("{player} set up on {square}", player=who(pid), square=arg)
    if not setup_picks(state):
        finish_setup(state)


def finish_setup(state: TouchdownFields) -> None:
    if state.setup_team == state.play_offence:
        if state.standing_at(state.spot):
            state.carrier = state.standing_at(state.spot)[0]
            state.ball = None
            state.run_from = state.run_best = state.adv(
                state.play_offence, state.board.row(state.spot)
            )
        else:
            state.carrier, state.ball = None, state.spot
        begin_setup(state, 1 - state.play_offence)
        return
    if state.kind in ("attack", "conv2"):
        state.phase, state.actor, state.picked, state.shifted = (
            Phase.SHIFT,
            state.play_offence,
            None,
            False,
        )
        return
    state._start_move()


# -- phase 3: the shift (*Modifica della formazione*) ------------------------------
def shift_candidates(state: TouchdownFields) -> list[str]:
    team = state.actor
    if team == state.play_offence:
        return sorted(
            p for p in state.pos if state.team_of(p) == team and state.cards[p].role in ("AB", "AE")
        )
    line_row = defence_line_row(state)
    return sorted(
        p
        for p, s in state.pos.items()
        if state.team_of(p) == team and state.board.row(s) != line_row
    )


def shift_legal(state: TouchdownFields) -> list[str]:
    if state.picked is None:
        return ["noshift"] + [Verb.SHIFT.of(p) for p in shift_candidates(state)]
    here = state.pos[state.picked]
    return [
        Verb.TO.of(state.board.name_of(s)) for s in setup_squares(state, state.picked) if s != here
    ]


def shift_apply(state: TouchdownFields, action: str) -> None:
    """The offence may shift one receiver; only then may the defence answer."""
    if parse(action).verb is Verb.SHIFT:
        state.picked = arg_of(action)
        return
    offence = state.actor == state.play_offence
    if parse(action).verb is Verb.TO:
        assert state.picked is not None
        sq = state.board.parse(arg_of(action))
        assert sq is not None
        state.log(
            "{player} shifts to {square}",
            player=who(state.picked),
            square=arg_of(action),
        )
        state.pos[state.picked] = sq
        state.picked = None
        if offence:
            state.shifted = True
            state.actor = 1 - state.play_offence
            return
    else:
        state.log("{team}: no shift", team=TEAMS[state.actor])
    state._start_move()
