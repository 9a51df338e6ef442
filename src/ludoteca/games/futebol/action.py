"""Futebol's actions as values: an action string's verb and arguments, read and written
here only (python-chess's `Move` is the model).

The strings (`move:B3:e5`, `pass:d7`, `steal:O2`, `keeper:none`, `aim:2`) are what replays,
the command line and the web carry; rule code, rendering and the computer players read
them through `parse` and write them through `Verb.of`, never by slicing.
"""

from __future__ import annotations

import functools
from enum import StrEnum
from typing import NamedTuple


class Verb(StrEnum):
    """What an action does: its text before the first `:` (the whole text of a word such
    as `skip`)."""

    MOVE = "move"  # move:<pawn>:<space>
    PASS = "pass"  # pass:<space> (a pass or a shot)
    LONG = "long"  # long:<space> (the long kick)
    STEAL = "steal"  # steal:<pawn>
    KICKOFF = "kickoff"  # kickoff:<pawn>
    SUB = "sub"  # sub:<pawn>
    PLACE = "place"  # place:<space>
    KEEPER = "keeper"  # keeper:<pawn>:<space>, or keeper:none
    SKIP = "skip"
    END = "end"
    CALL = "call"  # call:coaching
    COACHING = "coaching"  # coaching:admit, coaching:deny
    AIM = "aim"  # aim:1..3 (the penalty taker)
    DIVE = "dive"  # dive:1..3 (the goalkeeper)

    def of(self, *args: str) -> str:
        """The action string of this verb with `args` (`Verb.MOVE.of("B3", "e5")`)."""
        return ":".join((self, *args))  # a StrEnum member is its value


class FutebolAction(NamedTuple):
    """One action: its verb and the text after it (`B3:e5` for a move, empty for `skip`)."""

    verb: Verb
    arg: str

    @property
    def args(self) -> tuple[str, ...]:
        """The arguments (`("B3", "e5")` for a move; none for `skip`)."""
        return tuple(self.arg.split(":")) if self.arg else ()

    @property
    def pawn(self) -> str:
        """The pawn a move, steal, kick-off, substitution or keeper names (its first
        argument)."""
        return self.args[0]

    @property
    def space(self) -> str:
        """The space a move, pass, placement or keeper goes to (its last argument)."""
        return self.args[-1]

    def __str__(self) -> str:
        """The action string again: `str(parse(a)) == a`."""
        return self.verb.of(self.arg) if self.arg else self.verb.value


@functools.lru_cache(maxsize=8192)
def parse(text: str) -> FutebolAction:
    """The action `text` (raises `ValueError` if its verb is none of futebol's). Bounded
    cache: a pitch's action space is a few thousand strings."""
    kind, _colon, arg = text.partition(":")
    return FutebolAction(Verb(kind), arg)


def of_verb(actions: list[str], verb: Verb) -> list[str]:
    """The actions of `actions` with verb `verb`, in order."""
    return [a for a in actions if parse(a).verb is verb]
