"""Terminal picture of a Toxicity observation, from the seat's own view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.games.toxicity.board import LETTERS

SHORT = {
    "wall": "##",
    "start-floor": "  ",
    "floor-plain": "  ",
    "floor-wet": "~~",
    "floor-muddy": "::",
    "floor-refresh": "Rf",
    "floor-regenerate": "Rg",
    "trap-stamina": "Ts",
    "trap-stun": "Tz",
    "trap-trapdoor": "Td",
    "key": "K ",
    "door": "D ",
}
PAWN = {"blue": "B", "red": "R", "yellow": "Y", "green": "G"}
STYLE = {"B": "blue", "R": "red", "Y": "yellow", "G": "green"}


def cell(token: str) -> str:
    """Two characters for a board token."""
    if token == ".":
        return "░░"
    if token == "_":
        return "  "
    if token == "?":
        return "??"
    what = token.rsplit("-", 1)[0]
    if what.startswith("item-"):
        return "i" + what[5]
    return SHORT.get(what, "??")


def render(obs: Mapping[str, Any]) -> str:
    """Board rows with pawns (capital letter) and the gas (xx), then the pawns' status.

    Legend: ░░ fog, ?? face-down card, ## wall, i<letter> item, K key, D door,
    T<s|z|d> traps, ~~ wet, :: muddy, Rf refresh, Rg regenerate.
    """
    board = obs["board"]
    gas = obs["gas"]["columns"]
    here: dict[str, str] = {}
    for p in obs["pawns"]:
        if p["alive"] and not p["escaped"]:
            here[p["square"]] = here.get(p["square"], "") + PAWN[p["colour"]]
    cols = len(board[0])
    lines = [f"Round {obs['round']}  gas: {gas} column(s)  zone {obs['gas']['zone']}"]
    lines.append("    " + " ".join(f"{LETTERS[x]} " for x in range(cols)))
    for y, row in enumerate(board):
        out = []
        for x, token in enumerate(row):
            name = f"{LETTERS[x]}{y + 1}"
            text = cell(token)
            if name in here:
                letters = here[name][:2]
                text = "".join(f"[bold {STYLE[c]}]{c}[/]" for c in letters) + text[len(letters) :]
            elif x < gas:
                text = "[green]xx[/]"
            elif token.startswith("wall"):
                text = "[bold]##[/]"
            out.append(text)
        lines.append(f"{y + 1:>2}  " + " ".join(out))
    for p in obs["pawns"]:
        state = "escaped" if p["escaped"] else "dead" if not p["alive"] else p["square"]
        items = ", ".join(p["items"]) or "-"
        key = p["key"] or "-"
        lines.append(
            f"{p['colour']:>6} (seat {p['seat']}): {state}  stamina {p['stamina']}  "
            f"items {items}  key {key}"
        )
    lines.append(f"Gamemaster: seat {obs['roles']['gamemaster']}  totals {obs['totals']}")
    return "\n".join(lines)


def describe(obs: Mapping[str, Any], action: str) -> str:
    """A readable label for an action string."""
    parts = action.split(":")
    head = parts[0]
    if head == "place":
        return f"place the next card at {parts[1]}"
    if head in ("walk", "run"):
        return f"{head} {parts[1]}"
    if head == "item":
        return f"use {parts[1]}" + (f" on {' '.join(parts[2:])}" if len(parts) > 2 else "")
    if head == "ability":
        return f"ability {' '.join(parts[1:])}"
    if head == "swap":
        return f"swap {parts[1]} and {parts[2]}"
    return {"end": "end the turn", "done": "stop rearranging", "escape": "escape"}.get(head, action)
