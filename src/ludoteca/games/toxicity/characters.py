"""The four characters' numbers: ability uses, item slots, stamina, trap immunity.

The rulebook's are `characters/rulebook.toml` (*Personagens e Habilidades*); a
designer's file, or ludoteca's own variant, gives other numbers to the same abilities.
The option `characters` takes a preset name or an uploaded file's content.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ludoteca.core import DataFileError, OptionValue, file_source
from ludoteca.core.datafile import parse_toml
from ludoteca.core.i18n import _
from ludoteca.games.toxicity.data import COLOURS

PRESETS = ("rulebook", "ludoteca-even")
"""The files the game ships: the rulebook's characters, and ludoteca's evened variant."""
ABILITY_NAMES: dict[str, tuple[str, ...]] = {
    "blue": ("double",),
    "red": ("destroy", "blast"),
    "yellow": ("dash", "column"),
    "green": ("rearrange",),
}
"""Each colour's abilities (the code of each is the colour's own: only uses change)."""
FIELDS = ("abilities", "slots", "stamina", "trap_immunity")
LIMIT = 9
"""The most of any number a file may give (a board of 96 squares needs no more)."""


@dataclass(frozen=True)
class Character:
    """One colour's numbers for a round."""

    abilities: dict[str, int]
    slots: int
    stamina: int
    trap_immunity: int


Characters = dict[str, Character]


def characters_of(value: OptionValue) -> Characters:
    """The characters an option value names: a preset (None: the rulebook's) or content."""
    uploaded = file_source(value)
    if uploaded is None:
        return _preset(str(value) if isinstance(value, str) else PRESETS[0])
    name, content = uploaded
    return parse_characters(content, name)


@functools.cache
def _preset(name: str) -> Characters:
    text = resources.files("ludoteca.games.toxicity").joinpath("characters", f"{name}.toml")
    return parse_characters(text.read_text(encoding="utf-8"), f"characters/{name}.toml")


def parse_characters(text: str, source: str) -> Characters:
    """Read and check a characters file (`DataFileError` naming file, entry and field)."""
    raw = parse_toml(text, source)
    unknown = sorted(set(raw) - {"name", *COLOURS})
    if unknown:
        raise DataFileError(_("{source}: unknown entry [{entry}]", source=source, entry=unknown[0]))
    return {colour: _character(raw.get(colour), colour, source) for colour in COLOURS}


def _character(table: Any, colour: str, source: str) -> Character:
    if not isinstance(table, dict):
        raise DataFileError(_("{source}: missing table [{entry}]", source=source, entry=colour))
    unknown = sorted(set(table) - set(FIELDS))
    if unknown:
        raise DataFileError(
            _("{source}: [{entry}] unknown field '{field}'", source=source, entry=colour,
              field=unknown[0])
        )  # fmt: skip
    uses = table.get("abilities")
    names = ABILITY_NAMES[colour]
    if not isinstance(uses, dict) or sorted(uses) != sorted(names):
        raise DataFileError(
            _("{source}: [{entry}] field 'abilities' must give the uses of {names}",
              source=source, entry=colour, names=", ".join(names))
        )  # fmt: skip
    return Character(
        abilities={name: _number(uses, name, colour, source, 0) for name in names},
        slots=_number(table, "slots", colour, source, 0),
        stamina=_number(table, "stamina", colour, source, 1),
        trap_immunity=_number(table, "trap_immunity", colour, source, 0),
    )


def _number(table: dict[str, Any], field: str, colour: str, source: str, low: int) -> int:
    value = table.get(field)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= LIMIT:
        raise DataFileError(
            _("{source}: [{entry}] field '{field}' must be a whole number from {low} to "
              "{high}, got {value}", source=source, entry=colour, field=field, low=low,
              high=LIMIT, value=repr(value))
        )  # fmt: skip
    return value
