"""Touch down's actions as values: an action string's verb and argument, read and written
here only (python-chess's `Move` is the model).

The strings (`pick:A7`, `to:c4`, `kick`, `ball:stay`) are what replays, the command line and
the web carry; rule code, rendering and the computer players read them through `parse`
and write them through `Verb.of` (the many `pick:` and `to:` strings once each, `verbs.py`),
never by slicing.
"""

from __future__ import annotations

import functools
from enum import StrEnum
from typing import NamedTuple


class Verb(StrEnum):
    """What an action does: its text before the first `:` (the whole text of a call)."""

    ATTACK = "attack"
    FIELDGOAL = "fieldgoal"
    PUNT = "punt"
    KICK = "kick"  # the call, or kick:<square> (the kick-off's aim)
    RECEIVE = "receive"
    CONV1 = "conv1"
    CONV2 = "conv2"
    PLAY = "play"  # the call to run, or play:<player>
    END = "end"
    STAY = "stay"
    KNEEL = "kneel"
    NOSHIFT = "noshift"
    TIMEOUT = "timeout"
    NOTIMEOUT = "notimeout"
    NOBLITZ = "noblitz"
    BALL = "ball"  # ball:<square> or ball:stay
    INITIATIVE = "initiative"  # initiative:<team letter>
    PICK = "pick"
    HANDOFF = "handoff"
    PASS = "pass"
    SHIFT = "shift"
    INTERCEPT = "intercept"
    BLITZ = "blitz"
    TO = "to"
    FG = "fg"

    def of(self, arg: str) -> str:
        """The action string of this verb with `arg` (`Verb.TO.of("c4")`)."""
        return self + ":" + arg  # a StrEnum member is its value (no lookup)


class TouchdownAction(NamedTuple):
    """One action: its verb and its argument (a player id, a square's name, a team letter,
    `stay`; empty for a call such as `punt`)."""

    verb: Verb
    arg: str

    def __str__(self) -> str:
        """The action string again: `str(parse(a)) == a`."""
        return self.verb.of(self.arg) if self.arg else self.verb.value


@functools.lru_cache(maxsize=4096)
def parse(text: str) -> TouchdownAction:
    """The action `text` (raises `ValueError` if its verb is none of Touch down's). Bounded
    cache: a match's action space is about a thousand strings."""
    kind, _colon, arg = text.partition(":")
    return TouchdownAction(Verb(kind), arg)


def arg_of(text: str) -> str:
    """The argument of action `text` (`pick:A7` -> `A7`)."""
    return parse(text).arg


def of_verb(actions: list[str], verb: Verb) -> list[str]:
    """The actions of `actions` with verb `verb`, in order."""
    return [a for a in actions if parse(a).verb is verb]
