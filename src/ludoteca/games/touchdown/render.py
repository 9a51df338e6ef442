"""Terminal pictures of a Touch down observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.core import Action
from ludoteca.games.touchdown.board import LETTERS, Board

ROLE_MARK = {"A": "A", "AB": "B", "AE": "E", "AK": "K", "AQ": "Q", "D": "D"}
TEAMS = ("Yellow", "White")
LEGEND = (
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
    out.append(LEGEND)
    out.append(status(obs))
    return "\n".join(out)


def status(obs: Mapping[str, Any]) -> str:
    """The scoreboard line."""
    scores = obs.get("scores", [0, 0])
    poss = obs.get("possession", 0)
    offence = obs.get("offence", poss)
    ball = "" if poss == offence else f", {TEAMS[poss]} ball"
    return (
        f"Yellow {scores[0]:g} - White {scores[1]:g} | Q{obs.get('quarter')} {obs.get('clock')}"
        + (" last action" if obs.get("last") and not obs.get("terminal") else "")
        + f" | {obs.get('kind')} by {TEAMS[offence]}{ball}, down {obs.get('down')},"
        f" line {obs.get('scrimmage')}"
        f" | move {obs.get('move')} timing {'/'.join(map(str, obs.get('timing', [])))}"
        f" | phase {obs.get('phase')}"
        + (f" {movement(obs)}" if obs.get("mphase") is not None else "")
        + (f" | picked {obs['picked']}" if obs.get("picked") else "")
        + (f" | bench {obs['bench']}" if obs.get("bench") else "")
    )


def movement(obs: Mapping[str, Any]) -> str:
    """The movement phase and its allowance, e.g. `6: Yellow up to 1 square (+speed)`."""
    team = TEAMS[obs.get("current_player") or 0]
    if obs.get("extra"):
        return f"{obs['mphase']}: {obs.get('picked')} one more square (tackle result T)"
    allow = obs.get("allow")
    squares = "square" if allow == 1 else "squares"
    bonus = " (+speed)" if obs.get("bonus") else ""
    return f"{obs['mphase']}: {team} up to {allow} {squares}{bonus}"


VERBS = {
    "pick": "choose player {}",
    "to": "to square {}",
    "shift": "shift {}",
    "handoff": "hand off to {}",
    "pass": "forward pass to {}",
    "kick": "kick the ball to {}",
    "fg": "field goal at {}",
    "ball": "put the ball on {}",
    "intercept": "{} intercepts",
    "initiative": "initiative to {}",
    "blitz": "blitz with {}",
}
PLAIN = {
    "end": "end this movement phase",
    "stay": "stay put",
    "play": "no pass: move on",
    "kneel": "put the ball down (ends the action)",
    "noshift": "no shift",
    "attack": "declare an attack",
    "punt": "declare a punt",
    "fieldgoal": "declare a field goal",
    "conv1": "one-point conversion (kick)",
    "conv2": "two-point conversion (one down)",
    "kick": "choose to kick off",
    "receive": "choose to receive",
    "timeout": "call a time out",
    "notimeout": "no time out",
    "noblitz": "no blitz",
}


def describe(obs: Mapping[str, Any], action: str) -> str:
    """A person's label for an action string."""
    if action in PLAIN:
        return PLAIN[action]
    verb, arg = Action.parse(action)
    if verb in VERBS:
        players = obs.get("players", {})
        if arg in players:
            arg = f"{arg} ({players[arg]['role']} on {players[arg]['square']})"
        return VERBS[verb].format(arg)
    return action
