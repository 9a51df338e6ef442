"""Toxicity 101's actions as values: an action string's verb and arguments, read and
written here only (python-chess's `Move` is the model).

The strings (`walk:E`, `place:c4`, `item:item-hook#2:N`, `ability:dash:E`, `swap:b2:c3`,
`escape`) are what replays, the command line and the web carry; rule code, rendering and
the computer players read them through `parse`, never by slicing.
"""

from __future__ import annotations

import functools
from enum import StrEnum
from typing import NamedTuple


class Verb(StrEnum):
    """What an action does: its text before the first `:` (the whole text of a word such
    as `end`)."""

    PLACE = "place"  # place:<square> (the gamemaster's drawn card)
    WALK = "walk"  # walk:<direction>
    RUN = "run"  # run:<direction>
    ITEM = "item"  # item:<card>[:<target>...]
    ABILITY = "ability"  # ability:<name>[:<target>]
    SWAP = "swap"  # swap:<square>:<square> (the green pawn's rearrangement)
    DONE = "done"
    END = "end"
    ESCAPE = "escape"

    def of(self, *args: str) -> str:
        """The action string of this verb with `args` (`Verb.WALK.of("E")`)."""
        return ":".join((self, *args))  # a StrEnum member is its value


class ToxicityAction(NamedTuple):
    """One action: its verb and its arguments (none for `end`)."""

    verb: Verb
    args: tuple[str, ...]

    @property
    def arg(self) -> str:
        """The first argument: a square, a direction, an item card, an ability's name."""
        return self.args[0]

    @property
    def targets(self) -> tuple[str, ...]:
        """What an item or an ability is used on (the arguments after its first)."""
        return self.args[1:]

    def is_ability(self, name: str) -> bool:
        """True if this is the ability `name` (`dash`, `column`, `double`, ...)."""
        return self.verb is Verb.ABILITY and self.args[0] == name

    def __str__(self) -> str:
        """The action string again: `str(parse(a)) == a`."""
        return self.verb.of(*self.args)


@functools.lru_cache(maxsize=8192)
def parse(text: str) -> ToxicityAction:
    """The action `text` (raises `ValueError` if its verb is none of Toxicity's). Bounded
    cache: a game's action space is a few thousand strings."""
    kind, *args = text.split(":")
    return ToxicityAction(Verb(kind), tuple(args))
