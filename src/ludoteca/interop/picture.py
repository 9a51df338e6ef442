"""A game's text picture for the research interfaces: plain text, the recent log only."""

from __future__ import annotations

from rich.text import Text

from ludoteca.core import State

RECENT = 8
"""Log lines a picture is given (a game's picture shows a few at most; the whole log of a
long game is thousands of lines, and translating them at every step is most of the cost)."""


def plain(picture: str) -> str:
    """A game's text picture without its terminal markup (`[bold]`)."""
    return Text.from_markup(picture).plain


def picture(state: State, seat: int | None) -> str:
    """The game's text picture of what `seat` (None: a spectator) sees, without markup."""
    recent: list[str] = []
    for event in reversed(state.events):
        if event.visible_to(seat):
            recent.append(event.text)
            if len(recent) == RECENT:
                break
    recent.reverse()
    return plain(state.game.render(state.observation(seat, recent)))
