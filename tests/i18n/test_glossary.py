"""The glossaries (issue 20): the rulebooks' own words are the catalogs' words.

Each `docs/rules/<game>-glossary.md` lists terms: English, the rulebook's passage, and the
words in pt-BR and it (alternatives separated by " / "; a word may be a stem). Every
catalog message of that game (or of the tournament pages) whose English text uses the
term must use one of the term's words in each translation.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ludoteca import catalogs

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
GAMES = catalogs.GAMES
GLOSSARIES = sorted(DOCS.glob("*-glossary.md"))
LOCALES = ("pt-BR", "it")
FIELD = re.compile(r"\{\w*\}")
TOURNAMENT_FILES = re.compile(r"event|organize|result_entry")


def rows(path: Path) -> list[dict[str, list[str]]]:
    """The glossary's terms: {"en": [...], "pt-BR": [...], "it": [...]}."""
    found = []
    for line in path.read_text("utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] in ("en", "---") or set(cells[0]) <= {"-"}:
            continue
        words = [[word.strip() for word in cell.split(" / ")] for cell in cells]
        found.append({"en": words[0], "pt-BR": words[2], "it": words[3]})
    return found


def catalog_path(glossary: Path, locale: str) -> Path:
    """The catalog the glossary speaks for: its game's own, or ludoteca's (tournaments)."""
    name = glossary.name.removesuffix("-glossary.md")
    own = GAMES / name / "locale"
    return catalogs.catalog_file(locale, own if own.is_dir() else None)


def in_scope(glossary: Path, locations: list[tuple[str, int | None]]) -> bool:
    """A message belongs to the glossary's game (every message of its catalog) or to the
    tournament pages (in ludoteca's catalog)."""
    if glossary.name == "tournament-glossary.md":
        return any(TOURNAMENT_FILES.search(path) for path, _line in locations)
    return True


def uses(text: str, term: str) -> bool:
    """True if `text` has the word `term`: a capitalised term (a name: *Duel*) as written,
    a lower-case one in any case (*foul* in "Foul {card}...")."""
    flags = 0 if term[:1].isupper() else re.IGNORECASE
    return re.search(rf"(?<![\w-]){re.escape(term)}(?![\w])", text, flags) is not None


def shadowed(english: str, word: str, terms: list[dict[str, list[str]]]) -> bool:
    """True if a longer term holding `word` is in `english` (*Trap Door*, not *door*)."""
    return any(
        word.lower() in longer.lower() and word != longer and uses(english, longer)
        for term in terms
        for longer in term["en"]
    )


@pytest.mark.parametrize("glossary", GLOSSARIES, ids=lambda path: path.stem)
@pytest.mark.parametrize("locale", LOCALES)
def test_each_message_uses_the_glossarys_words(glossary: Path, locale: str) -> None:
    with catalog_path(glossary, locale).open("rb") as handle:
        catalog = read_po(handle, locale=locale.replace("-", "_"))
    terms = rows(glossary)
    assert terms, f"{glossary.name} lists no terms"
    wrong = []
    checked = 0
    for message in catalog:
        if not message.id or not in_scope(glossary, message.locations):
            continue
        english = FIELD.sub(" ", message.id if isinstance(message.id, str) else message.id[0])
        translated = message.string if isinstance(message.string, str) else message.string[0]
        for term in terms:
            if any(uses(english, w) and not shadowed(english, w, terms) for w in term["en"]):
                checked += 1
                if not any(word.lower() in translated.lower() for word in term[locale]):
                    wrong.append(
                        f"{term['en'][0]!r} -> {term[locale]}: {english!r} = {translated!r}"
                    )
    assert checked, f"no message of {glossary.name} uses its terms"
    assert wrong == []


def test_the_glossary_check_can_fail() -> None:
    """A translation that drops the rulebook's word is caught by the same rule."""
    assert uses("Accept the foul", "foul") and uses("Foul enforced", "foul")
    assert not uses("Accept the foulness", "foul") and not uses("must be duel", "Duel")
    terms = rows(DOCS / "toxicity-glossary.md")
    assert shadowed("Trap Door: escape", "Door", terms) and not shadowed("the door", "door", terms)
