"""Terminal picture of a Toxicity observation, from the seat's own view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.core.i18n import N_, Seat, _
from ludoteca.games.toxicity.action import parse
from ludoteca.games.toxicity.cards import card_name
from ludoteca.games.toxicity.geometry import DIRECTION_NAMES, LETTERS, ability_words, target_words

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
    lines = [
        _(
            "Round {round}  gas: {columns} column(s)  zone {zone}",
            round=str(obs["round"]),
            columns=str(gas),
            zone=str(obs["gas"]["zone"]),
        )
    ]
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
        state = _("escaped") if p["escaped"] else _("dead") if not p["alive"] else p["square"]
        items = ", ".join(p["items"]) or "-"
        key = p["key"] or "-"
        hue = p["colour"]  # (a string inside `_(...)` reads as its message)
        colour = _(COLOURS[hue])
        lines.append(
            _(
                "{colour} ({player}): {state}  stamina {stamina}  items {items}  key {key}",
                colour=f"{colour:>6}",
                player=Seat(p["seat"]),
                state=state,
                stamina=str(p["stamina"]),
                items=items,
                key=key,
            )
        )
    totals = tuple(
        _("{player} {points}", player=Seat(seat), points=points)
        for seat, points in enumerate(obs["totals"])
    )
    lines.append(
        _(
            "Gamemaster: {player}  totals: {totals}",
            player=Seat(obs["roles"]["gamemaster"]),
            totals=totals,
        )
    )
    return "\n".join(lines)


def describe(obs: Mapping[str, Any], action: str) -> str:
    """A readable label for an action string."""
    try:
        move = parse(action)
    except ValueError:  # no verb of this game
        return action
    parts = [move.verb.value, *move.args]
    head = parts[0]
    if head == "place":
        return _("place the next card at {square}", square=parts[1])
    if head == "walk":
        return _("walk {direction}", direction=DIRECTION_NAMES[parts[1]])
    if head == "run":
        return _("run {direction}", direction=DIRECTION_NAMES[parts[1]])
    if head == "item" and len(parts) > 2:
        return _("use {item} on {target}", item=card_name(parts[1]), target=target_words(parts[2:]))
    if head == "item":
        return _("use {item}", item=card_name(parts[1]))
    if head == "ability":
        return _("ability {ability}", ability=ability_words(parts[1:]))
    if head == "swap":
        return _("swap {first} and {second}", first=parts[1], second=parts[2])
    return _(WORDS[head]) if head in WORDS else action


WORDS = {"end": N_("end the turn"), "done": N_("stop rearranging"), "escape": N_("escape")}
COLOURS = {"blue": N_("blue"), "red": N_("red"), "yellow": N_("yellow"), "green": N_("green")}
