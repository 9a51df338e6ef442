"""Terminal pictures of the pitch and readable labels for actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.core import Action
from ludoteca.games.futebol.board import Board

GLYPHS = {
    "G": "GG",
    "K": "k ",
    "P": "p ",
    "*": "* ",
    "L": "L ",
    "S": "~ ",
    "X": "XX",
    "=": "= ",
    ".": ". ",
    "#": "  ",
}
COLOURS = {"B": "bold blue", "O": "bold dark_orange"}
KEY = "GG goal  k keeper area  p penalty area  * spot  L long pass  ~ speed  XX blocked"


def render(board: Board, obs: Mapping[str, Any]) -> str:
    """The pitch (Blue defends the top goal), then score, cards, bench and news."""
    where = {info["space"]: name for name, info in obs["pawns"].items() if info["space"]}
    ball = obs.get("ball")
    lines = ["    " + "".join(f" {chr(ord('a') + c)}  " for c in range(board.width))]
    for row in range(board.height):
        cells = []
        for col in range(board.width):
            cell = row * board.width + col
            name = board.cell_names[cell]
            pawn = where.get(name)
            if pawn:
                mark = "@" if name == ball else " "
                cells.append(f"[{COLOURS[pawn[0]]}]{pawn}{mark}[/] ")
            elif name == ball:
                cells.append("[bold]@[/]   ")
            else:
                cells.append(f" {GLYPHS[board.kinds[cell]]} ")
        lines.append(f"{row + 1:>3} " + "".join(cells))
    lines.append(KEY + "  @ ball")
    blue, orange = obs["goals"]
    lines.append(
        f"Score: Blue {blue} - {orange} Orange   turn {obs['turn']}"
        + (f"/{obs['turn_limit']}" if obs["turn_limit"] else "")
        + "   "
        f"phase: {obs['phase']}   to move: {obs['to_move'] or '-'}"
        + (f" (seat {obs['current_player']})" if obs.get("current_player") is not None else "")
    )
    cards = [f"{n} {'Y' * i['yellow']}" for n, i in obs["pawns"].items() if i["yellow"]]
    lines.append(
        f"Red cards: Blue {obs['reds'][0]}, Orange {obs['reds'][1]}   "
        f"yellow: {', '.join(cards) or 'none'}"
    )
    bench = [n for n, i in obs["pawns"].items() if i["status"] == "bench" and i["space"] is None]
    gone = [
        f"{n} ({i['status']})"
        for n, i in obs["pawns"].items()
        if i["status"] in ("off", "expelled")
    ]
    lines.append(f"Bench: {', '.join(bench) or 'empty'}   out: {', '.join(gone) or 'none'}")
    if obs.get("no_steal_back"):
        lines.append(f"{obs['no_steal_back']} was robbed and may not steal back this turn")
    penalty = obs.get("penalty")
    if penalty:
        state = "has picked (hidden)" if penalty["aimed"] else "is picking"
        text = f"PENALTY: {penalty['taker']} {state}"
        if "your_pick" in penalty:
            text += f"; your side picked {penalty['your_pick']}"
        lines.append(text)
    lines.extend(f"  {event}" for event in obs["events"][-4:])
    return "\n".join(lines)


def describe(board: Board, obs: Mapping[str, Any], action: str) -> str:
    """A person's label for an action string."""
    verb, rest = Action.parse(action)
    pawns = obs["pawns"]
    if verb == "move":
        name, _, space = rest.partition(":")
        cell = board.cell(space)
        goal = " - into the goal: GOAL" if cell >= 0 and board.goal_of[cell] >= 0 else ""
        return f"Move {name} {pawns[name]['space']} -> {space}{goal}"
    if verb == "pass":
        cell = board.cell(rest)
        if cell >= 0 and board.goal_of[cell] >= 0:
            return f"Shoot at the goal ({rest}): GOAL"
        owner = next((n for n, i in pawns.items() if i["space"] == rest), None)
        return f"Pass to {owner} at {rest}" if owner else f"Kick the ball to {rest}"
    if verb == "long":
        return f"Long pass to {rest}"
    if verb == "steal":
        here, ball = board.cell(pawns[rest]["space"]), board.cell(obs["ball"])
        if board.is_diagonal(here, ball):
            card = "red card" if pawns[rest]["yellow"] else "yellow card"
            return f"{rest} steals diagonally ({card})"
        return f"{rest} steals the ball"
    labels = {
        "sub": f"Substitute {rest}",
        "place": f"Place a pawn on {rest}",
        "kickoff": f"Kick off with {rest}",
        "keeper": "No new goalkeeper" if rest == "none" else f"Goalkeeper {rest}",
        "aim": f"Shoot at goal space {rest} (hidden)",
        "dive": f"Dive to goal space {rest}",
        "call": "Call coaching on the opponents",
        "coaching": "Yes, I was coached" if rest == "admit" else "No, I was not coached",
        "end": "End the chain pass",
        "skip": "Pass the turn",
    }
    return labels.get(verb, action)
