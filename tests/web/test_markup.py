"""`plain_text` gives exactly rich's `Text.from_markup(m).plain` (the view's picture)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.errors import MarkupError
from rich.text import Text

from ludoteca import games
from ludoteca.web.shared.markup import plain_text
from tests.depth import examples

# Pieces that exercise every branch: tags, closing tags, escaped tags, backslash runs,
# brackets that are not tags, emoji codes (split by tags or not), control codes.
PIECES = st.sampled_from(
    [
        "[b]",
        "[/b]",
        "[/]",
        "[bold red]",
        "[#ff0000]",
        "[link=x]",
        "\\",
        "\\\\",
        "[",
        "]",
        "[3]",
        "[ x]",
        ":",
        ":smile:",
        "smile",
        "-emoji",
        "\x07",
        "\r",
        "\n",
        " ",
        "a",
        "Seat 0",
        "é",
    ]
)


@settings(max_examples=examples(600), deadline=None)
@given(st.lists(PIECES, max_size=14).map("".join))
def test_plain_text_equals_rich_on_any_valid_markup(markup: str) -> None:
    """Property: for any markup rich accepts, the plain text is rich's, to the character."""
    try:
        expected = Text.from_markup(markup).plain
    except MarkupError:
        return  # rich refuses it (a closing tag with nothing to close): games never send it
    assert plain_text(markup) == expected


@pytest.mark.parametrize(
    "markup",
    ["a\\[b]c", "\\\\[b]x[/b]", ":smile: [b]:smile[/b]:", "x\\[3", "[b]\\\\\\[b]", "a\\", ""],
)
def test_plain_text_equals_rich_on_escapes(markup: str) -> None:
    """Escaped tags, literal backslashes and emoji codes across a tag, as rich reads them."""
    assert plain_text(markup) == Text.from_markup(markup).plain


@pytest.mark.parametrize("name", games.names())
def test_plain_text_equals_rich_on_every_games_pictures(name: str) -> None:
    """Each game's rendered observations along a random game give rich's plain text."""
    game = games.load(name)
    state = game.new_game(5)
    rng = random.Random(5)
    for _ in range(40):
        for seat in [None, *range(game.num_seats)]:
            markup = game.render(state.observation(seat))
            assert plain_text(markup) == Text.from_markup(markup).plain
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
