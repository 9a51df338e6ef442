"""The shapes of text only the engine speaks (issue 38): what a player must never read."""

from __future__ import annotations

import re

INTERNAL = {
    "a card id": re.compile(r"#r\d|\b[ad]\.[A-Z]{1,3}(?:-[A-Z]{1,3})?-\d+\b"),
    "a seat number": re.compile(r"\b(?:seat|lugar|posto)\s+\d", re.IGNORECASE),
    "a list of numbers": re.compile(r"\[\s*-?\d+(?:\s*,\s*-?\d+)+\s*\]"),
    "JSON": re.compile(r"[{}]|\"\w+\":"),
    "an action string": re.compile(
        r"\b(?:move|ability|target|pick|play|place|hide|item|leader|bonus|contest|to):[\w.#-]"
    ),
    "an agent spec": re.compile(r"\b(?:heuristic|ismcts|iterations=)"),
    "a counter id": re.compile(r"\b[YW]\d{1,2}\b"),
}
ENGLISH = re.compile(r"\b(?:the|and|your|you|wins|seat|player|points)\b", re.IGNORECASE)
"""English words no Portuguese or Italian sentence has."""
PROPER_NAMES = (
    "Roughing the Passer",
    "Illegal Block in the Back",
    "Yards After Catch",
    "Toinc Team",
    "Touch down",
)
"""Names that stay English in every language (the rulebook's card names)."""


def problems(text: str, language: str) -> list[str]:
    """Each internal shape found in `text` (read in `language`), with its surroundings."""
    found = [
        f"{what}: {match.group(0)!r} in …{text[max(0, match.start() - 40) : match.end() + 40]}…"
        for what, pattern in INTERNAL.items()
        for match in pattern.finditer(text)
    ]
    if language != "en":
        for name in PROPER_NAMES:
            text = text.replace(name, "")
        found += [
            f"English in a {language} page: {match.group(0)!r} in "
            f"…{text[max(0, match.start() - 40) : match.end() + 40]}…"
            for match in ENGLISH.finditer(text)
        ]
    return found
