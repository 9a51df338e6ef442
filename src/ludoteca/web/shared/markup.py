"""The plain text of a game's markup picture, fast: `Text.from_markup(m).plain` without the Text.

Every view carries the game's text picture with its markup removed; rich
builds a styled `Text` (spans, styles, a per-piece control-code translation)
only to throw it away, which cost more than the rest of a view. `plain_text`
gives the same string (tested against rich) for markup rich accepts; it does
not check the markup (rich raises on a closing tag that closes nothing).
"""

from __future__ import annotations

import re

from rich.control import STRIP_CONTROL_CODES
from rich.emoji import Emoji

# rich.markup.RE_TAGS is `((\\*)\[([a-z#/@][^[]*?)])`; the backslashes before a tag
# are counted by hand so the search starts only at a `[`.
_TAG = re.compile(r"\[[a-z#/@][^[]*?]")
_CONTROL = re.compile("[" + "".join(chr(code) for code in STRIP_CONTROL_CODES) + "]")


def plain_text(markup: str) -> str:
    """What `rich.text.Text.from_markup(markup).plain` returns, for valid markup.

    Tags are dropped; `\\[` stands for `[`; `\\\\` before a tag for one backslash;
    `:name:` emoji codes are replaced in each run of text; control codes removed.
    """
    pieces: list[str] = []
    add = pieces.append
    position = 0
    for match in _TAG.finditer(markup):
        start, end = match.span()
        escapes = start
        while escapes > position and markup[escapes - 1] == "\\":
            escapes -= 1
        if escapes > position:
            add(markup[position:escapes].replace("\\[", "["))
        backslashes, escaped = divmod(start - escapes, 2)
        if backslashes:
            add("\\" * backslashes)
        if escaped:
            add(markup[start:end].replace("\\[", "["))
        position = end
    if position < len(markup):
        add(markup[position:].replace("\\[", "["))
    text = "".join(Emoji.replace(piece) if piece.count(":") > 1 else piece for piece in pieces)
    return _CONTROL.sub("", text)
