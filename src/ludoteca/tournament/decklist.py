"""Deck lists and the event deck rules (*Limite de Tamanho dos Decks*, *Cartas Restritas*).

Deck-list format (TOML, read with stdlib tomllib; see docs/rules/tournament-melee.md):

    name = "Stark rush"          # optional
    [plot]
    "A Noble Cause" = 1
    [draw]
    "Eddard Stark" = 3

Or plain text: a line `Plot:` or `Draw:` opens a section, each card line is
`3x Eddard Stark` (or `3 Eddard Stark`), blank lines and lines starting with `#` are
ignored.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ludoteca.core.errors import DataFileError
from ludoteca.core.i18n import _
from ludoteca.core.parsing import Malformed, load_toml

MIN_DRAW_CARDS = 60
PLOT_CARDS = 7
RESTRICTED_COPIES = 3
"""*Cartas Restritas*: "(podendo ter 3 cópias dessa carta)": the one restricted title,
at most this many copies (plot and draw decks together)."""


def title_key(title: str) -> str:
    """Titles compare case-insensitively with runs of spaces collapsed."""
    return " ".join(title.split()).casefold()


@dataclass(frozen=True)
class DeckList:
    """A player's deck: title -> copies for the plot deck and the draw deck."""

    plot: Mapping[str, int]
    draw: Mapping[str, int]
    name: str = ""


@dataclass(frozen=True)
class Violation:
    """One broken deck rule; `rule` is a short code, `message` names the cards."""

    rule: str
    message: str


@dataclass(frozen=True)
class DeckRules:
    """What the organizer loaded: the restricted list and the plot allow-list."""

    restricted: frozenset[str] = frozenset()
    plot_allowance: Mapping[str, int] = field(default_factory=dict)
    """Title key -> most copies of that plot allowed (its card says otherwise)."""


def check_deck(deck: DeckList, rules: DeckRules) -> list[Violation]:
    """Every violation of the event deck rules; empty when the deck is legal.

    Rulebook, *Limite de Tamanho dos Decks*: "os decks devem conter um mínimo de 60
    cartas ... O deck de plano deve possuir exatamente sete cartas e não podem possuir
    mais de uma carta com o mesmo título (a não ser que a própria carta diga o
    contrário)". *Cartas Restritas*: "é permitido aos jogadores ter apenas uma carta
    (podendo ter 3 cópias dessa carta) que conste na lista de cartas restritas".
    """
    found: list[Violation] = []
    draw = sum(deck.draw.values())
    if draw < MIN_DRAW_CARDS:
        found.append(
            Violation("draw-size", f"draw deck has {draw} cards; at least {MIN_DRAW_CARDS}")
        )
    plots = sum(deck.plot.values())
    if plots != PLOT_CARDS:
        found.append(Violation("plot-size", f"plot deck has {plots} cards; exactly {PLOT_CARDS}"))
    for title, copies in _merged(deck.plot).items():
        allowed = rules.plot_allowance.get(title_key(title), 1)
        if copies > allowed:
            found.append(
                Violation(
                    "plot-repeat",
                    f"plot deck has {copies} copies of {title!r}; at most {allowed}",
                )
            )
    restricted: dict[str, str] = {}
    copies_of: dict[str, int] = {}
    for title, copies in [*deck.plot.items(), *deck.draw.items()]:
        if title_key(title) in rules.restricted:
            restricted.setdefault(title_key(title), title)
            copies_of[title_key(title)] = copies_of.get(title_key(title), 0) + copies
    for key, copies in copies_of.items():
        if copies > RESTRICTED_COPIES:
            found.append(
                Violation(
                    "restricted-copies",
                    f"deck has {copies} copies of restricted {restricted[key]!r}; "
                    f"at most {RESTRICTED_COPIES}",
                )
            )
    if len(restricted) > 1:
        found.append(
            Violation(
                "restricted",
                f"deck has {len(restricted)} restricted cards "
                f"({', '.join(sorted(restricted.values()))}); "
                "at most one",
            )
        )
    return found


def _merged(cards: Mapping[str, int]) -> dict[str, int]:
    """Copies per title, titles that differ only in case or spacing counted together."""
    first: dict[str, str] = {}
    total: dict[str, int] = {}
    for title, copies in cards.items():
        name = first.setdefault(title_key(title), title)
        total[name] = total.get(name, 0) + copies
    return total


def _counts(raw: Any, where: str) -> dict[str, int]:
    if not isinstance(raw, Mapping):
        raise DataFileError(_("{where} must be a table of card title = copies", where=where))
    counts: dict[str, int] = {}
    for title, copies in raw.items():
        if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
            raise DataFileError(
                _(
                    "{where}: {title} copies must be a whole number >= 1",
                    where=where,
                    title=repr(title),
                )
            )
        if not title.strip():
            raise DataFileError(_("{where}: a card title is empty", where=where))
        counts[title.strip()] = counts.get(title.strip(), 0) + copies
    return counts


def parse_deck_toml(text: str, source: str = "deck list") -> DeckList:
    """Read a TOML deck list (see the module docstring)."""
    try:
        data = load_toml(text)
    except (tomllib.TOMLDecodeError, Malformed) as error:
        raise DataFileError(
            _("{source}: not valid TOML ({error})", source=source, error=str(error))
        ) from None
    for key in ("plot", "draw"):
        if key not in data:
            raise DataFileError(_("{source}: missing the [{key}] table", source=source, key=key))
    unknown = sorted(set(data) - {"plot", "draw", "name"})
    if unknown:
        raise DataFileError(
            _("{source}: unknown field(s) {unknown}", source=source, unknown=", ".join(unknown))
        )
    name = data.get("name", "")
    if not isinstance(name, str):
        raise DataFileError(_("{source}: name must be text", source=source))
    return DeckList(
        _counts(data["plot"], f"{source} [plot]"), _counts(data["draw"], f"{source} [draw]"), name
    )


_CARD_LINE = re.compile(r"^(\d+)\s*[xX]?\s+(\S.*)$")


def parse_deck_text(text: str, source: str = "deck list") -> DeckList:
    """Read a plain-text deck list (see the module docstring)."""
    sections: dict[str, dict[str, int]] = {"plot": {}, "draw": {}}
    current: dict[str, int] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        header = line.rstrip(":").strip().casefold()
        if line.endswith(":") and header in ("plot", "draw"):
            current = sections[header]
            continue
        match = _CARD_LINE.match(line)
        if match is None:
            raise DataFileError(
                _(
                    "{source} line {number}: expected '3x Card Title', got {line}",
                    source=source,
                    number=number,
                    line=repr(line),
                )
            )
        if current is None:
            raise DataFileError(
                _(
                    "{source} line {number}: card before a 'Plot:' or 'Draw:' line",
                    source=source,
                    number=number,
                )
            )
        copies, title = int(match.group(1)), match.group(2).strip()
        if copies < 1:
            raise DataFileError(
                _("{source} line {number}: copies must be 1 or more", source=source, number=number)
            )
        current[title] = current.get(title, 0) + copies
    return DeckList(sections["plot"], sections["draw"])


def load_deck(path: Path) -> DeckList:
    """Read a deck list file: `.toml` as TOML, anything else as plain text."""
    text = _read(path)
    if path.suffix.lower() == ".toml":
        return parse_deck_toml(text, str(path))
    return parse_deck_text(text, str(path))


def load_restricted(path: Path) -> frozenset[str]:
    """The organizer's restricted list: a TOML file `restricted = ["Title", ...]`."""
    data = _toml(path)
    titles = data.get("restricted")
    if not isinstance(titles, list) or not all(isinstance(t, str) and t.strip() for t in titles):
        raise DataFileError(_("{path}: 'restricted' must be a list of card titles", path=str(path)))
    return frozenset(title_key(t) for t in titles)


def load_plot_allowance(path: Path | None = None) -> dict[str, int]:
    """Plots allowed more than once: `path`, or the packaged data/plot_allowlist.toml."""
    if path is None:
        ref = resources.files("ludoteca.tournament") / "data" / "plot_allowlist.toml"
        source, text = "data/plot_allowlist.toml", ref.read_text(encoding="utf-8")
        data = _toml_text(text, source)
    else:
        source, data = str(path), _toml(path)
    entries = data.get("plot")
    if not isinstance(entries, list):
        raise DataFileError(_("{source}: 'plot' must be a list of [[plot]] entries", source=source))
    allowance: dict[str, int] = {}
    for index, entry in enumerate(entries):
        where = f"{source} plot[{index}]"
        if not isinstance(entry, dict):
            raise DataFileError(_("{where} must be a table with title and max_copies", where=where))
        title, copies = entry.get("title"), entry.get("max_copies")
        if not isinstance(title, str) or not title.strip():
            raise DataFileError(_("{where}.title must be a card title", where=where))
        if not isinstance(copies, int) or isinstance(copies, bool) or copies < 2:
            raise DataFileError(_("{where}.max_copies must be a whole number >= 2", where=where))
        allowance[title_key(title)] = copies
    return allowance


def deck_rules(
    restricted: Iterable[str] = (), plot_allowance: Mapping[str, int] | None = None
) -> DeckRules:
    """Rules from a restricted list and a plot allow-list (default: the packaged one)."""
    if plot_allowance is None:
        allowance = load_plot_allowance()
    else:
        allowance = {title_key(t): n for t, n in plot_allowance.items()}
    return DeckRules(frozenset(title_key(t) for t in restricted), allowance)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise DataFileError(
            _("{path}: cannot read ({error})", path=str(path), error=str(error))
        ) from None


def _toml(path: Path) -> dict[str, Any]:
    return _toml_text(_read(path), str(path))


def _toml_text(text: str, source: str) -> dict[str, Any]:
    try:
        return load_toml(text)
    except (tomllib.TOMLDecodeError, Malformed) as error:
        raise DataFileError(
            _("{source}: not valid TOML ({error})", source=source, error=str(error))
        ) from None
