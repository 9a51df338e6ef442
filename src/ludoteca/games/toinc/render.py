"""Terminal pictures of a Toinc observation and readable action labels."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.core import Action
from ludoteca.games.toinc.config import ToincConfig
from ludoteca.games.toinc.faces import card_text

WIDTH = 50  # characters for 100 yards: 2 yards per character


def field_strip(ball: int, line: int) -> str:
    """The field from the offense's goal line (left) to the opponent's (right):
    ``|`` goal lines, ``o`` the ball, ``>`` the line to gain."""
    cells = ["-"] * (WIDTH + 1)
    for yard in range(10, 100, 10):
        cells[yard // 2] = "+"
    cells[min(line, 100) // 2] = ">"
    cells[ball // 2] = "o"
    return "|" + "".join(cells) + "|"


def render(game: ToincConfig, obs: Mapping[str, Any]) -> str:
    """Score, clock, field, the seat's hand and the cards on the table."""
    seat = obs.get("seat")
    scores = obs["scores"]
    offense = obs["offense"]
    if game.practice:
        clock = f"practice, turn {obs['turns'] + 1}"
    elif obs["period"] == 5:
        clock = f"overtime, turn {obs['overtime_turns'] + 1}/{game.overtime_turns}"
    else:
        per = game.period_turns
        turn = obs["turns"] % per + 1
        clock = f"period {obs['period']}, turn {turn}/{per}"
        if turn == per and obs["period"] in (2, 4):
            clock += " (last turn of the half: make it count)"
    ball, line = obs["ball"], obs["line"]
    togo = "goal" if line >= 100 else str(line - ball)
    down = {1: "1st", 2: "2nd", 3: "3rd"}.get(obs["down"], f"{obs['down']}th")
    where = f"own {ball}" if ball < 50 else ("50" if ball == 50 else f"opponent {100 - ball}")
    lines = [
        f"[bold]Toinc[/bold]  Seat 0 {int(scores[0])} - {int(scores[1])} Seat 1   {clock}",
        f"Seat {offense} has the ball: {down} and {togo} on the {where}"
        + ("  (two-point try)" if obs["conversion"] else ""),
        field_strip(ball, line),
        f"phase: {obs['phase']}   hands: {obs['hand_sizes'][0]} / {obs['hand_sizes'][1]} cards",
    ]
    if obs.get("marker"):
        lines.append(f"You hid the marker in your {obs['marker']} hand")
    if obs["table"]:
        lines.append("On the table:")
        lines += ["  " + card_text(game.cards[c]) for c in obs["table"]]
    if seat is not None and obs["hand"]:
        lines.append(f"Your hand (Seat {seat}):")
        lines += ["  " + card_text(game.cards[c]) for c in obs["hand"]]
    if seat is not None and obs["outcome_drawn"]:
        lines.append("Outcome cards to choose from:")
        lines += ["  " + card_text(game.cards[c]) for c in obs["outcome_drawn"]]
    events = obs.get("events", [])[-6:]
    if events:
        lines.append("Latest events:")
        lines += ["  " + e for e in events]
    return "\n".join(lines)


_WORDS = {
    "keep": "keep the hand (no more free swaps)",
    "done": "done",
    "confirm": "confirm",
    "pass": "pass (no play)",
    "accept": "accept the foul",
    "decline": "decline the foul",
    "kick:fg": "try a field goal",
    "kick:punt": "punt",
    "extra:kick": "kick the extra point (33 yards, 1 point)",
    "extra:two": "two-point conversion (one play from the 2)",
    "hide:left": "hide the marker in the left hand",
    "hide:right": "hide the marker in the right hand",
    "guess:left": "guess the left hand",
    "guess:right": "guess the right hand",
}
_VERBS = {
    "discard": "discard",
    "swap": "free swap",
    "substitute": "substitute (costs an outcome card)",
    "play": "announce",
    "leader": "leader",
    "bonus": "bonus player",
    "contest": "contest with",
    "target": "cancel the bonus of",
    "outcome": "keep outcome",
}


def describe(game: ToincConfig, action: str) -> str:
    """A person's label for `action`."""
    if action in _WORDS:
        return _WORDS[action]
    verb, card_id = Action.parse(action)
    card = game.cards.get(card_id)
    if verb in _VERBS and card is not None:
        return f"{_VERBS[verb]}: {card_text(card)}"
    return action
