"""Terminal pictures of a Toinc observation and readable action labels."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.core.i18n import N_, _
from ludoteca.games.toinc.action import parse
from ludoteca.games.toinc.config import ToincConfig
from ludoteca.games.toinc.fields import SIDES

WIDTH = 50  # characters for 100 yards: 2 yards per character
DOWNS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))
PHASE_WORDS = {
    "hide": N_("hiding the ball marker"), "guess": N_("guessing the hand"),
    "discard": N_("attack discards"), "swap": N_("defense's free swaps"),
    "substitute-attack": N_("attack substitutions"),
    "substitute-defense": N_("defense substitutions"), "defense-play": N_("defense play"),
    "defense-leader": N_("defense leader"), "defense-bonus": N_("defense bonus players"),
    "attack-contest": N_("attack contests"), "attack-play": N_("attack play"),
    "attack-leader": N_("attack leader"), "attack-bonus": N_("attack bonus players"),
    "defense-contest": N_("defense contests"), "outcome": N_("desfecho"), "foul": N_("foul"),
    "extra-point": N_("extra point or two"), "over": N_("game over"),
}  # fmt: skip
"""Each phase in the reader's words (the board's `PHASES`, field.js)."""


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
        clock = _("practice, turn {turn}", turn=obs["turns"] + 1)
    elif obs["period"] == 5:
        clock = _(
            "overtime, turn {turn}/{turns}",
            turn=obs["overtime_turns"] + 1,
            turns=game.overtime_turns,
        )
    else:
        per = game.period_turns
        turn = obs["turns"] % per + 1
        clock = _(
            "period {period}, turn {turn}/{turns}", period=obs["period"], turn=turn, turns=per
        )
        if turn == per and obs["period"] in (2, 4):
            clock += _(" (last turn of the half: make it count)")
    ball, line = obs["ball"], obs["line"]
    togo = _("goal") if line >= 100 else str(line - ball)
    index = obs["down"] - 1  # (a string inside `_(...)` would be taken for its message)
    down = _(DOWNS[index])
    where = (
        _("own {yard}", yard=ball)
        if ball < 50
        else ("50" if ball == 50 else _("opponent {yard}", yard=100 - ball))
    )
    score = f"{int(scores[0])} - {int(scores[1])}"
    phase = PHASE_WORDS.get(
        obs["phase"], obs["phase"]
    )  # (an expression in `_()` reads as a message)
    first, second = str(SIDES[0]), str(SIDES[1])
    lines = [
        f"[bold]Toinc[/bold]  {first} {score} {second}   {clock}",
        _(
            "{side} has the ball: {down} and {togo} on the {spot}",
            side=SIDES[offense],
            down=down,
            togo=togo,
            spot=where,
        )
        + (_("  (two-point try)") if obs["conversion"] else ""),
        field_strip(ball, line),
        _(
            "phase: {phase}   hands: {first} / {second} cards",
            phase=_(phase),
            first=obs["hand_sizes"][0],
            second=obs["hand_sizes"][1],
        ),
    ]
    if obs.get("marker"):
        hand = _("left") if obs["marker"] == "left" else _("right")
        lines.append(_("You hid the marker in your {hand} hand", hand=hand))
    if obs["table"]:
        lines.append(_("On the table:"))
        lines += ["  " + game.card_line(c) for c in obs["table"]]
    if seat is not None and obs["hand"]:
        lines.append(_("Your hand ({side}):", side=SIDES[seat]))
        lines += ["  " + game.card_line(c) for c in obs["hand"]]
    if seat is not None and obs["outcome_drawn"]:
        lines.append(_("Outcome cards to choose from:"))
        lines += ["  " + game.card_line(c) for c in obs["outcome_drawn"]]
    events = obs.get("events", [])[-6:]
    if events:
        lines.append(_("Latest events:"))
        lines += ["  " + e.replace("[", "\\[") for e in events]  # text, not markup
    return "\n".join(lines)


_WORDS = {
    "keep": N_("keep the hand (no more free swaps)"),
    "done": N_("done"),
    "confirm": N_("confirm"),
    "pass": N_("pass (no play)"),
    "accept": N_("accept the foul"),
    "decline": N_("decline the foul"),
    "kick:fg": N_("try a field goal"),
    "kick:punt": N_("punt"),
    "extra:kick": N_("kick the extra point (33 yards, 1 point)"),
    "extra:two": N_("two-point conversion (one play from the 2)"),
    "hide:left": N_("hide the marker in the left hand"),
    "hide:right": N_("hide the marker in the right hand"),
    "guess:left": N_("guess the left hand"),
    "guess:right": N_("guess the right hand"),
}
_VERBS = {
    "discard": N_("discard"),
    "swap": N_("free swap"),
    "substitute": N_("substitute (costs an outcome card)"),
    "play": N_("announce"),
    "leader": N_("leader"),
    "bonus": N_("bonus player"),
    "contest": N_("contest with"),
    "target": N_("cancel the bonus of"),
    "outcome": N_("keep outcome"),
}


def describe(game: ToincConfig, action: str) -> str:
    """A person's label for `action`, in the current locale."""
    if action in _WORDS:
        return _(_WORDS[action])
    verb, card_id = parse(action)
    if verb in _VERBS and card_id in game.cards:
        return _("{verb}: {card}", verb=_(_VERBS[verb]), card=game.card_line(card_id))
    return action
