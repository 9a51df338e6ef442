"""Consoles that print user text (player, event, team and file names) as text.

Rich reads `[red]…[/]`, `[link=…]` and `:emoji:` in any string it prints; names come
from users, so these consoles take no markup at all, and style is given with `style=`.
"""

from __future__ import annotations

from rich.console import Console


def text_console(*, stderr: bool = False) -> Console:
    """A console that prints every string as it is: no markup, emoji codes or highlighting."""
    return Console(stderr=stderr, markup=False, emoji=False, highlight=False)
