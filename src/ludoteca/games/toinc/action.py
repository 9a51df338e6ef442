"""Toinc's actions as values: an action string's verb and argument, read and written here
only (python-chess's `Move` is the model).

The strings (`play:a.OG-2`, `kick:fg`, `confirm`) are what replays, the command line and
the web carry; rule code, rendering and the computer players read them through `parse`
and write them through `Verb.of`, never by slicing.
"""

from __future__ import annotations

import functools
from enum import StrEnum
from typing import NamedTuple


class Verb(StrEnum):
    """What an action does: its text before the first `:` (the whole text of an answer)."""

    KEEP = "keep"
    DONE = "done"
    CONFIRM = "confirm"
    PASS = "pass"
    ACCEPT = "accept"
    DECLINE = "decline"
    KICK = "kick"  # fg, punt
    EXTRA = "extra"  # kick, two
    HIDE = "hide"  # left, right (the coin hidden in a hand)
    GUESS = "guess"  # left, right
    OUTCOME = "outcome"
    DISCARD = "discard"
    SWAP = "swap"
    SUBSTITUTE = "substitute"
    PLAY = "play"
    LEADER = "leader"
    BONUS = "bonus"
    CONTEST = "contest"
    TARGET = "target"

    def of(self, arg: str) -> str:
        """The action string of this verb with `arg` (`Verb.PLAY.of("a.OG-2")`)."""
        return self + ":" + arg  # a StrEnum member is its value (no lookup)


CARD_VERBS = frozenset(
    {
        Verb.OUTCOME,
        Verb.DISCARD,
        Verb.SWAP,
        Verb.SUBSTITUTE,
        Verb.PLAY,
        Verb.LEADER,
        Verb.BONUS,
        Verb.CONTEST,
        Verb.TARGET,
    }
)
"""The verbs whose argument is a card id."""


class ToincAction(NamedTuple):
    """One action: its verb and its argument (a card id, a hand, a kind of kick; empty for
    an answer such as `confirm`)."""

    verb: Verb
    arg: str

    @property
    def card(self) -> str | None:
        """The card the action names, if its verb takes one."""
        return self.arg if self.verb in CARD_VERBS and self.arg else None

    def __str__(self) -> str:
        """The action string again: `str(parse(a)) == a`."""
        return self.verb.of(self.arg) if self.arg else self.verb.value


@functools.lru_cache(maxsize=4096)
def parse(text: str) -> ToincAction:
    """The action `text` (raises `ValueError` if its verb is none of Toinc's). Bounded
    cache: a game's action space is a few hundred strings."""
    kind, _colon, arg = text.partition(":")
    return ToincAction(Verb(kind), arg)


def card_of(text: str) -> str:
    """The argument of action `text` (`play:a.OG-2` -> `a.OG-2`)."""
    return parse(text).arg


def of_verb(actions: list[str], verb: Verb) -> list[str]:
    """The actions of `actions` with verb `verb`, in order."""
    return [a for a in actions if parse(a).verb is verb]
