"""Terminal pictures of the pitch and readable labels for actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.core.i18n import N_, _
from ludoteca.games.futebol.action import parse
from ludoteca.games.futebol.geometry import Board

PHASE_WORDS = {
    "place": N_("placing the pawns"), "kickoff": N_("kick-off"), "play": N_("play"),
    "chain": N_("chain pass"), "keeper": N_("goalkeeper"), "ruling": N_("coaching call"),
    "aim": N_("penalty: aim"), "dive": N_("penalty: dive"), "over": N_("match over"),
}  # fmt: skip
"""Each phase in the reader's words (the board's `PHASES`, board.js)."""

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
    turn = str(obs["turn"]) + (f"/{obs['turn_limit']}" if obs["turn_limit"] else "")
    mover = obs["to_move"]
    side = _(mover) if mover else "-"
    phase = PHASE_WORDS.get(str(obs["phase"]), str(obs["phase"]))  # (see `side`)
    lines.append(
        _(
            "Score: Blue {blue} - {orange} Orange   turn {turn}   phase: {phase}   to move: {side}",
            blue=str(blue),
            orange=str(orange),
            turn=turn,
            phase=_(phase),
            side=side,
        )
    )
    cards = [f"{n} {'Y' * i['yellow']}" for n, i in obs["pawns"].items() if i["yellow"]]
    lines.append(
        _(
            "Red cards: Blue {blue}, Orange {orange}   yellow: {yellow}",
            blue=str(obs["reds"][0]),
            orange=str(obs["reds"][1]),
            yellow=", ".join(cards) or _("none"),
        )
    )
    bench = [n for n, i in obs["pawns"].items() if i["status"] == "bench" and i["space"] is None]
    gone = [
        f"{n} ({i['status']})"
        for n, i in obs["pawns"].items()
        if i["status"] in ("off", "expelled")
    ]
    lines.append(
        _(
            "Bench: {bench}   out: {out}",
            bench=", ".join(bench) or _("empty"),
            out=", ".join(gone) or _("none"),
        )
    )
    if obs.get("no_steal_back"):
        lines.append(
            _("{pawn} was robbed and may not steal back this turn", pawn=obs["no_steal_back"])
        )
    penalty = obs.get("penalty")
    if penalty:
        named = str(penalty["taker"])  # (a string inside `_(...)` reads as its message)
        taker = _(named)
        if penalty["aimed"]:
            text = _("PENALTY: {side} has picked (hidden)", side=taker)
        else:
            text = _("PENALTY: {side} is picking", side=taker)
        if "your_pick" in penalty:
            text += _("; your side picked {pick}", pick=str(penalty["your_pick"]))
        lines.append(text)
    lines.extend(f"  {event}" for event in obs["events"][-4:])
    return "\n".join(lines)


def describe(board: Board, obs: Mapping[str, Any], action: str) -> str:
    """A person's label for an action string."""
    try:
        move = parse(action)
    except ValueError:  # no verb of futebol's
        return action
    verb, rest = move
    pawns = obs["pawns"]
    if verb == "move":
        name, space = move.pawn, move.space
        cell = board.cell(space)
        start = str(pawns[name]["space"])
        if cell >= 0 and board.goal_of[cell] >= 0:
            return _(
                "Move {pawn} {start} -> {space} - into the goal: GOAL",
                pawn=name,
                start=start,
                space=space,
            )
        return _("Move {pawn} {start} -> {space}", pawn=name, start=start, space=space)
    if verb == "pass":
        cell = board.cell(rest)
        if cell >= 0 and board.goal_of[cell] >= 0:
            return _("Shoot at the goal ({space}): GOAL", space=rest)
        owner = next((n for n, i in pawns.items() if i["space"] == rest), None)
        if owner:
            return _("Pass to {pawn} at {space}", pawn=owner, space=rest)
        return _("Kick the ball to {space}", space=rest)
    if verb == "long":
        return _("Long pass to {space}", space=rest)
    if verb == "steal":
        here, ball = board.cell(pawns[rest]["space"]), board.cell(obs["ball"])
        if board.is_diagonal(here, ball) and pawns[rest]["yellow"]:
            return _("{pawn} steals diagonally (red card)", pawn=rest)
        if board.is_diagonal(here, ball):
            return _("{pawn} steals diagonally (yellow card)", pawn=rest)
        return _("{pawn} steals the ball", pawn=rest)
    if verb == "keeper" and rest == "none":
        return _("No new goalkeeper")
    if verb == "coaching":
        return _("Yes, I was coached") if rest == "admit" else _("No, I was not coached")
    if verb in LABELS:
        return _(LABELS[verb], what=rest)
    return action


LABELS = {
    "sub": N_("Substitute {what}"),
    "place": N_("Place a pawn on {what}"),
    "kickoff": N_("Kick off with {what}"),
    "keeper": N_("Goalkeeper {what}"),
    "aim": N_("Shoot at goal space {what} (hidden)"),
    "dive": N_("Dive to goal space {what}"),
    "call": N_("Call coaching on the opponents (denied, it costs you this turn)"),
    "end": N_("End the chain pass"),
    "skip": N_("Pass the turn"),
}
