"""Each game's guide in each language (issue 20): "How to play", the board's terms and the
guided first game, translated file for file in the rulebook's words.

A translation lives in `guide/<catalog name>/` beside the English guide (`core.guide`).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ludoteca import games
from ludoteca.core import i18n
from ludoteca.core.guide import Guide, guide_files, read_guide
from ludoteca.games import built_in
from tests.i18n.test_glossary import DOCS, rows, uses

BUILT_IN = tuple(built_in())
LOCALES = [tag for tag in i18n.locales() if tag != i18n.SOURCE]
QUOTED = re.compile(r"'([^']+)'")


def structure(markdown: str) -> tuple[int, int, list[str]]:
    """A guide's shape: its headings, its list items, and its quoted rulebook lines."""
    lines = markdown.splitlines()
    headings = sum(line.startswith("#") for line in lines)
    items = sum(bool(re.match(r"(- |\d+\. )", line)) for line in lines)
    return headings, items, [line for line in lines if line.startswith(">")]


@pytest.mark.parametrize("name", BUILT_IN)
@pytest.mark.parametrize("locale", LOCALES)
def test_every_guide_file_is_translated_with_the_same_shape(name: str, locale: str) -> None:
    """Every English guide file has its translation; the same terms and steps (none lost,
    none invented), each one translated; the same sections and lists; the rulebook's
    quotations kept in its own words."""
    cls = games.game_class(name)
    files = guide_files(cls)
    assert set(files[locale]) == set(files[i18n.SOURCE]), name
    english, translated = cls.guide("en"), cls.guide(locale)
    assert structure(translated.how_to_play) == structure(english.how_to_play)
    assert translated.how_to_play != english.how_to_play
    assert set(translated.terms) == set(english.terms)
    assert set(translated.tutorial) == set(english.tutorial)
    same = [key for key, text in english.terms.items() if translated.terms[key] == text]
    same += [key for key, text in english.tutorial.items() if translated.tutorial[key] == text]
    assert same == []


def test_a_translation_that_lost_a_term_is_caught(tmp_path: Path) -> None:
    """The same checks fail on a translation missing a file, a term or a heading: a game
    package made here with an English guide and a partial Italian one."""
    package = tmp_path / "ludoteca_partial"
    (package / "guide" / "it").mkdir(parents=True)
    (package / "__init__.py").write_text("class Partial:\n    pass\n", "utf-8")
    (package / "guide" / "howto.md").write_text("Intro\n\n### One\n### Two\n", "utf-8")
    (package / "guide" / "terms.toml").write_text('[terms]\na = "A"\nb = "B"\n', "utf-8")
    (package / "guide" / "it" / "howto.md").write_text("Introduzione\n\n### Uno\n", "utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        from ludoteca_partial import Partial  # type: ignore[import-not-found]

        english, italian = read_guide(Partial, "x"), read_guide(Partial, "x", "it")
        files = guide_files(Partial)
        brazilian = read_guide(Partial, "x", "pt-BR")
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("ludoteca_partial", None)
    assert files == {"en": ["howto.md", "terms.toml"], "it": ["howto.md"]}
    assert structure(italian.how_to_play) != structure(english.how_to_play)
    # What the translation lacks is read in English, so a reader is never left without it.
    assert italian.how_to_play.startswith("Introduzione") and italian.terms == {"a": "A", "b": "B"}
    assert brazilian.how_to_play == english.how_to_play


@pytest.mark.parametrize("name", BUILT_IN)
@pytest.mark.parametrize("locale", LOCALES)
def test_each_guide_uses_the_glossarys_words(name: str, locale: str) -> None:
    """A term of the game's glossary that the English guide uses appears in the
    translated guide in that language's words (docs/rules/<game>-glossary.md)."""
    cls = games.game_class(name)
    english, translated = cls.guide("en"), cls.guide(locale)

    def text(guide: Guide) -> str:
        return "\n".join([guide.how_to_play, *guide.terms.values(), *guide.tutorial.values()])

    checked, wrong = 0, []
    for term in rows(DOCS / f"{name}-glossary.md"):
        if any(uses(text(english), word) for word in term["en"]):
            checked += 1
            if not any(word.lower() in text(translated).lower() for word in term[locale]):
                wrong.append(f"{term['en'][0]!r} -> {term[locale]}")
    assert checked >= 3, name
    assert wrong == []


@pytest.mark.parametrize("name", BUILT_IN)
@pytest.mark.parametrize("locale", LOCALES)
def test_a_button_named_in_a_tutorial_step_is_named_as_the_page_shows_it(
    name: str, locale: str
) -> None:
    """A step that says "click 'done'" says it with the button's label in the reader's
    language (the catalog's translation of that label)."""
    cls = games.game_class(name)  # its catalogs join ludoteca's
    found = []
    for path in i18n.catalog_files(locale):
        with path.open("rb") as handle:
            found.append(read_po(handle, locale=locale.replace("-", "_")))
    english, translated = cls.guide("en").tutorial, cls.guide(locale).tutorial
    named = 0
    for step, text in english.items():
        for label in QUOTED.findall(text):
            message = next((c.get(label) for c in found if c.get(label)), None)
            if message is not None and isinstance(message.string, str):
                named += 1
                assert f"'{message.string}'" in translated[step], (step, label)
    if english:
        assert named, f"no step of {name} names a button"
