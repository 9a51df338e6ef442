"""Actions as values: a parsed `kind:argument` string.

Every game writes its actions as short strings (`play:a.OG-2`, `to:c4`, `end`),
which is what replays, the CLI and the web carry. Rule code reads them through
`Action.parse` instead of slicing: the kind is the part before the first `:`,
the argument the rest (empty when there is none).
"""

from __future__ import annotations

from typing import NamedTuple


class Action(NamedTuple):
    """One action string, split into its kind and its argument."""

    kind: str
    arg: str

    @classmethod
    def parse(cls, action: str) -> Action:
        """Split `action` at its first `:` (`"play:x:y"` has kind `play`, arg `x:y`)."""
        kind, _, arg = action.partition(":")
        return cls(kind, arg)

    @property
    def args(self) -> tuple[str, ...]:
        """The argument split at every `:` (none when there is no argument)."""
        return tuple(self.arg.split(":")) if self.arg else ()

    def __str__(self) -> str:
        """The action string again: `Action.parse(a)` prints as `a`."""
        return f"{self.kind}:{self.arg}" if self.arg else self.kind
