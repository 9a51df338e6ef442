"""Terminal pictures of a Touch down observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.core.i18n import N_, _
from ludoteca.games.touchdown.action import parse
from ludoteca.games.touchdown.geometry import LETTERS, Board
from ludoteca.games.touchdown.roster import is_counter, who

ROLE_MARK = {"A": "A", "AB": "B", "AE": "E", "AK": "K", "AQ": "Q", "D": "D"}
TEAMS = (N_("Yellow"), N_("White"))
KIND_WORDS = {
    "kickoff": N_("kick-off"),
    "attack": N_("attack"),
    "punt": N_("punt"),
    "fieldgoal": N_("field goal"),
    "conv1": N_("1-pt conversion"),
    "conv2": N_("2-pt conversion"),
}
"""The declared action (`kind`) in the reader's words, as the board's scoreboard says it."""
PHASE_WORDS = {
    "toss": N_("the toss"),
    "declare": N_("declaring the action"),
    "setup": N_("setting up"),
    "shift": N_("shift"),
    "tie": N_("timing tie"),
    "pass": N_("phase 5: pass or hand-off"),
    "freeball": N_("free ball"),
    "intercept": N_("interception"),
    "ballmove": N_("kicked ball"),
    "move": N_("movement"),
    "dead": N_("dead ball"),
    "timeout": N_("time out"),
    "blitz": N_("blitz"),
    "over": N_("game over"),
}
"""The decision a match awaits (`Phase`) in the reader's words, as on the board."""
LEGEND = N_(
    "Yellow CAPITALS, White lower case: Q AQ, B AB, E AE, K AK, A, D;"
    " * ball, _ fallen, < line of scrimmage, = end zone, # goal"
)


def _cell(marks: list[str]) -> str:
    text = "".join(marks)[:3]
    return text.center(3)


def render(board: Board, obs: Mapping[str, Any]) -> str:
    """Rows top to bottom; Yellow in capitals, White in lower case; `*` the ball,
    `_` a fallen player, `:` the dashed lines, `=` end zones, `#` goal squares."""
    cells: dict[str, list[str]] = {}
    for pid, info in obs.get("players", {}).items():
        mark = ROLE_MARK[info["role"]]
        mark = mark if pid[0] == "Y" else mark.lower()
        if info["fallen"]:
            mark += "_"
        if obs.get("carrier") == pid:
            mark += "*"
        cells.setdefault(info["square"], []).append(mark)
    if obs.get("ball"):
        cells.setdefault(obs["ball"], []).append("*")
    scrimmage = obs.get("scrimmage", "")
    line_row = int(scrimmage[1:]) if scrimmage else -1
    lines = set(board.ten_yard_lines())
    header = "     " + "".join(f"{LETTERS[c]:^3}" for c in range(board.width))
    out = [header]
    for row in range(board.height - 1, -1, -1):
        goal = row in (0, board.height - 1)
        end_zone = not goal and not (board.first_field_row() <= row <= board.last_field_row())
        parts = []
        for col in range(board.width):
            name = f"{LETTERS[col]}{row}"
            if name in cells:
                parts.append(_cell(cells[name]))
            elif goal:
                parts.append(" # " if col in board.goal_columns else "   ")
            elif col in (0, board.width - 1):
                parts.append(" | " if not end_zone else "   ")
            elif end_zone:
                parts.append(" = ")
            elif col in board.dashed_columns:
                parts.append(" : ")
            else:
                parts.append(" . ")
        tag = "<" if row == line_row else " "
        out.append(f"{row:>3}{tag} " + "".join(parts))
        if row in lines:
            out.append("     " + "---" * board.width)
    out.append(_(LEGEND))
    out.append(status(obs))
    return "\n".join(out)


def status(obs: Mapping[str, Any]) -> str:
    """The scoreboard line."""
    scores = obs.get("scores", [0, 0])
    poss = obs.get("possession", 0)
    offence = obs.get("offence", poss)
    ball = "" if poss == offence else _(", {team} ball", team=_(TEAMS[poss]))
    kind = KIND_WORDS.get(str(obs.get("kind")), str(obs.get("kind")))
    phase = PHASE_WORDS.get(str(obs.get("phase")), "")
    return (
        _(
            "Yellow {yellow} - White {white} | Q{quarter} {clock}",
            yellow=f"{scores[0]:g}",
            white=f"{scores[1]:g}",
            quarter=str(obs.get("quarter")),
            clock=str(obs.get("clock")),
        )
        + (_(" last action") if obs.get("last") and not obs.get("terminal") else "")
        + _(
            " | {kind} by {team}{ball}, down {down}, line {line}",
            kind=_(kind),
            team=_(TEAMS[offence]),
            ball=ball,
            down=str(obs.get("down")),
            line=str(obs.get("scrimmage")),
        )
        + _(
            " | move {move} timing {timing}",
            move=str(obs.get("move")),
            timing="/".join(map(str, obs.get("timing", []))),
        )
        + _(
            " | phase {phase}",
            phase=movement(obs) if obs.get("mphase") is not None else _(phase),
        )
        + (_(" | picked {player}", player=who(obs["picked"])) if obs.get("picked") else "")
        + (_(" | bench {bench}", bench=str(obs["bench"])) if obs.get("bench") else "")
    )


def movement(obs: Mapping[str, Any]) -> str:
    """The movement phase and its allowance, e.g. `6: Yellow up to 1 square (+speed)`."""
    seat = obs.get("current_player") or 0  # (a string inside `_(...)` reads as its message)
    team = _(TEAMS[seat])
    if obs.get("extra"):
        return _(
            "{phase}: {player} one more square (tackle result T)",
            phase=str(obs["mphase"]),
            player=who(str(obs.get("picked"))),
        )
    allow = obs.get("allow")
    bonus = _(" (+speed)") if obs.get("bonus") else ""
    if allow == 1:
        return _(
            "{phase}: {team} up to 1 square{bonus}",
            phase=str(obs["mphase"]),
            team=team,
            bonus=bonus,
        )
    return _(
        "{phase}: {team} up to {allow} squares{bonus}",
        phase=str(obs["mphase"]),
        team=team,
        allow=str(allow),
        bonus=bonus,
    )


VERBS = {
    "pick": N_("choose player {what}"),
    "to": N_("to square {what}"),
    "shift": N_("shift {what}"),
    "handoff": N_("hand off to {what}"),
    "pass": N_("forward pass to {what}"),
    "kick": N_("kick the ball to {what}"),
    "fg": N_("field goal at {what}"),
    "ball": N_("put the ball on {what}"),
    "intercept": N_("{what} intercepts"),
    "initiative": N_("initiative to {what}"),
    "blitz": N_("blitz with {what}"),
}
PLAIN = {
    "end": N_("end this movement phase"),
    "stay": N_("stay put"),
    "play": N_("no pass: move on"),
    "kneel": N_("put the ball down (ends the action)"),
    "noshift": N_("no shift"),
    "attack": N_("declare an attack"),
    "punt": N_("declare a punt"),
    "fieldgoal": N_("declare a field goal"),
    "conv1": N_("one-point conversion (kick)"),
    "conv2": N_("two-point conversion (one down)"),
    "kick": N_("choose to kick off"),
    "receive": N_("choose to receive"),
    "timeout": N_("call a time out"),
    "notimeout": N_("no time out"),
    "noblitz": N_("no blitz"),
}


def describe(obs: Mapping[str, Any], action: str) -> str:
    """A person's label for an action string."""
    if action in PLAIN:
        return _(PLAIN[action])
    try:
        verb, arg = parse(action)
    except ValueError:  # no verb of this game
        return action
    if verb in VERBS:
        players = obs.get("players", {})
        if arg in players:
            role, square = players[arg]["role"], players[arg]["square"]
            arg = _("{player} ({role} on {square})", player=who(arg), role=role, square=square)
        elif is_counter(arg):
            arg = str(who(arg))
        return _(VERBS[verb], what=arg)
    return action
