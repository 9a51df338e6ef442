"""How to play a game, and what its terms mean: the game's own guide for players.

A game package may hold a `guide/` folder with `howto.md` (the "How to play" text,
Markdown, written from the rulebook with the rulebook's own terms) and `terms.toml`
(a `[terms]` table: a key a board puts on a card, counter or square, and a one-line
explanation of it), and may hold `tutorial.toml` (an `intro` and a `[steps]` table: what
to do now, by the observation's `phase`, for a guided first game). An installed plugin
brings its guide the same way.

The files in `guide/` are English; a translation lives beside them in a folder named as
the language's catalog (`guide/pt_BR/`, `guide/it/`), file for file. What a translation
lacks (a file, a term, a step) is read from the English guide.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from ludoteca.core.datafile import parse_toml
from ludoteca.core.errors import DataFileError
from ludoteca.core.i18n import SOURCE, _

MAX_GUIDE_FILE = 256 * 1024
"""The largest guide file read (a guide is a game's own package data, not user input)."""


@dataclass(frozen=True)
class Guide:
    """A game's guide: `how_to_play` (Markdown), `terms` (key -> explanation) and a
    guided first game's `tutorial` (`intro`, and phase -> what to do now; empty: none)."""

    how_to_play: str
    terms: Mapping[str, str] = field(default_factory=dict)
    tutorial: Mapping[str, str] = field(default_factory=dict)


def package_folder(cls: type[Any], name: str) -> Traversable | None:
    """The folder `name` of the package that defines `cls` (a game's `guide/`, `board/`),
    or None when `cls` lives in no package."""
    package = sys.modules[cls.__module__].__package__
    return files(package) / name if package else None


def read_guide(cls: type[Any], summary: str, locale: str = SOURCE) -> Guide:
    """The guide in the `guide/` folder of the package that defines `cls`, in `locale`
    (a BCP 47 tag; English where the translation lacks something).

    Without a `howto.md` the guide is the game's one-line `summary`; without a
    `terms.toml` it explains no terms. A malformed guide file raises `DataFileError`.
    """
    english = package_folder(cls, "guide")
    translated = None
    if english is not None and locale != SOURCE:
        translated = english / locale.replace("-", "_")
    text = summary
    for folder in (translated, english):
        howto = folder / "howto.md" if folder is not None else None
        if howto is not None and howto.is_file():
            text = howto.read_bytes()[:MAX_GUIDE_FILE].decode("utf-8")
            break
    terms: dict[str, str] = {}
    tutorial: dict[str, str] = {}
    intro = ""
    for folder in (english, translated):  # the translation's texts replace the English
        terms |= _texts(_read(folder, "terms.toml", cls), "terms.toml", "terms", cls)
        lessons = _read(folder, "tutorial.toml", cls)
        tutorial |= _texts(lessons, "tutorial.toml", "steps", cls)
        found = lessons.get("intro")
        intro = found if isinstance(found, str) and found else intro
    if tutorial and intro:
        tutorial = {"intro": intro, **tutorial}
    return Guide(how_to_play=text, terms=terms, tutorial=tutorial)


def guide_files(cls: type[Any]) -> dict[str, list[str]]:
    """The guide files of `cls` by language (`en` first, then each translation's tag)."""
    english = package_folder(cls, "guide")
    if english is None or not english.is_dir():
        return {}
    found = {SOURCE: sorted(p.name for p in english.iterdir() if p.is_file())}
    for folder in sorted(english.iterdir(), key=lambda p: p.name):
        if folder.is_dir() and not folder.name.startswith(("_", ".")):
            tag = folder.name.replace("_", "-")
            found[tag] = sorted(p.name for p in folder.iterdir() if p.is_file())
    return found


def _read(folder: Traversable | None, name: str, cls: type[Any]) -> dict[str, Any]:
    """The TOML file `name` of a guide folder ({} when there is none)."""
    path = folder / name if folder is not None else None
    if path is None or not path.is_file():
        return {}
    source = f"guide file {name} of {cls.__name__}"
    return parse_toml(path.read_bytes()[:MAX_GUIDE_FILE].decode("utf-8"), source)


def _texts(data: dict[str, Any], name: str, table: str, cls: type[Any]) -> dict[str, str]:
    """The `[table]` of guide file `name` (read as `data`): names to texts (a malformed
    one raises)."""
    found = data.get(table, {})
    if not isinstance(found, dict) or not all(
        isinstance(key, str) and isinstance(value, str) for key, value in found.items()
    ):
        raise DataFileError(
            _(
                "guide file {name} of {game}: [{table}] must map names to text",
                name=name,
                game=cls.__name__,
                table=table,
            )
        )
    return dict(found)
