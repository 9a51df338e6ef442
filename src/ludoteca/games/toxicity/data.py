"""Toxicity 101 data file: board, zones, starting squares, fog shapes, card mix.

The rulebook's figures (board set-up, fog of war) are missing; `toxicity.toml`
holds our design, validated here with errors naming file, entry and field.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludoteca.core import DataFileError
from ludoteca.core.datafile import read_toml
from ludoteca.core.i18n import T

DATA_FILE = Path(__file__).with_name("toxicity.toml")
COLOURS = ("blue", "red", "yellow", "green")
PAWNS = {
    "blue": T("blue pawn"),
    "red": T("red pawn"),
    "yellow": T("yellow pawn"),
    "green": T("green pawn"),
}
"""Each pawn in the log, by its colour (*peão azul*...), translated when read."""
COLOUR_NAMES = {"blue": T("blue"), "red": T("red"), "yellow": T("yellow"), "green": T("green")}
ABILITY_WORDS = {
    "double": T("two items at once"),
    "destroy": T("destroy a wall"),
    "blast": T("blast"),
    "dash": T("dash"),
    "column": T("column run"),
    "rearrange": T("rearrange the walls"),
}
"""Each ability in words for people (*Personagens e Habilidades*: blue *"Pode usar dois
itens num único turno"*, red *"Pode destruir uma parede"* and the blast, yellow's three
squares at once and its column, green's *"trocar a disposição das paredes"*)."""
ITEM_KINDS = (
    "knife",
    "pistol",
    "drill",
    "molotov",
    "flashbang",
    "freeze",
    "magnet",
    "bounce",
    "crowbar",
    "switch",
    "hook",
    "shield",
    "mask",
    "syringe",
)
PASSIVE_ITEMS = frozenset({"shield", "mask", "syringe"})
TRAP_KINDS = ("stamina", "stun", "trapdoor")
FLOOR_KINDS = ("plain", "wet", "muddy", "refresh", "regenerate")

Offset = tuple[int, int]


@dataclass(frozen=True)
class ToxicityData:
    """The validated contents of the data file."""

    columns: int
    rows: int
    zones: tuple[tuple[int, int], ...]
    prefilled_columns: tuple[int, ...]
    max_walls_per_column: int
    start: dict[str, Offset]
    walk_straight: tuple[Offset, ...]
    walk_diagonal: tuple[Offset, ...]
    run: tuple[Offset, ...]
    walls: int
    keys: int
    doors: int
    prefilled_floors: int
    traps: dict[str, int]
    floors: dict[str, int]
    items: dict[str, int]
    zone2_from_main: int
    zone3_from_main: int
    sizes: tuple[int, int, int]


def _err(path: Path, entry: str, msg: str) -> DataFileError:
    return DataFileError(f"{path.name}: [{entry}] {msg}")


def _table(raw: dict[str, Any], key: str, path: Path) -> dict[str, Any]:
    value = raw.get(key)
    if not isinstance(value, dict):
        raise _err(path, key, "missing table")
    return value


def _int(table: dict[str, Any], field: str, entry: str, path: Path, low: int = 0) -> int:
    value = table.get(field)
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise _err(path, entry, f"field '{field}' must be a whole number >= {low}, got {value!r}")
    return value


def _pair(value: Any, field: str, entry: str, path: Path) -> Offset:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise _err(path, entry, f"field '{field}' must be a pair of whole numbers, got {value!r}")
    return (value[0], value[1])


def _pairs(table: dict[str, Any], field: str, entry: str, path: Path) -> tuple[Offset, ...]:
    value = table.get(field)
    if not isinstance(value, list) or not value:
        raise _err(path, entry, f"field '{field}' must be a non-empty list of pairs")
    return tuple(_pair(v, field, entry, path) for v in value)


def _counts(
    table: dict[str, Any], kinds: tuple[str, ...], entry: str, path: Path
) -> dict[str, int]:
    unknown = sorted(set(table) - set(kinds))
    if unknown:
        raise _err(path, entry, f"unknown kind '{unknown[0]}' (known: {', '.join(kinds)})")
    return {kind: _int(table, kind, entry, path) for kind in kinds}


def load_data(path: Path = DATA_FILE) -> ToxicityData:
    """Read and validate a Toxicity data file (raises `DataFileError`)."""
    raw = read_toml(path, "data file")
    board = _table(raw, "board", path)
    columns = _int(board, "columns", "board", path, 4)
    rows = _int(board, "rows", "board", path, 3)
    zones = tuple(_pair(z, "zones", "board", path) for z in board.get("zones", []))
    expected = 0
    for first, last in zones:
        if first != expected or last < first:
            raise _err(path, "board", "field 'zones' must cover the columns left to right")
        expected = last + 1
    if len(zones) != 3 or expected != columns:
        raise _err(path, "board", f"field 'zones' must be 3 ranges covering {columns} columns")
    prefilled = board.get("prefilled_columns")
    if not isinstance(prefilled, list) or any(
        not isinstance(c, int) or not 0 <= c <= zones[0][1] for c in prefilled
    ):
        raise _err(path, "board", "field 'prefilled_columns' must list columns of zone 1")
    start_table = _table(raw, "start", path)
    start: dict[str, Offset] = {}
    for colour in COLOURS:
        x, y = _pair(start_table.get(colour), colour, "start", path)
        if x not in prefilled or not 0 <= y < rows:
            raise _err(path, "start", f"field '{colour}' must be a pre-filled square")
        start[colour] = (x, y)
    fog = _table(raw, "fog", path)
    cards = _table(raw, "cards", path)
    decks = _table(raw, "decks", path)
    sizes = decks.get("sizes")
    if not isinstance(sizes, list) or len(sizes) != 3 or not all(isinstance(s, int) for s in sizes):
        raise _err(path, "decks", "field 'sizes' must list three whole numbers")
    data = ToxicityData(
        columns=columns,
        rows=rows,
        zones=zones,
        prefilled_columns=tuple(prefilled),
        max_walls_per_column=_int(board, "max_walls_per_column", "board", path, 1),
        start=start,
        walk_straight=_pairs(fog, "walk_straight", "fog", path),
        walk_diagonal=_pairs(fog, "walk_diagonal", "fog", path),
        run=_pairs(fog, "run", "fog", path),
        walls=_int(cards, "walls", "cards", path),
        keys=_int(cards, "keys", "cards", path, 1),
        doors=_int(cards, "doors", "cards", path, 1),
        prefilled_floors=_int(cards, "prefilled_floors", "cards", path),
        traps=_counts(_table(cards, "traps", path), TRAP_KINDS, "cards.traps", path),
        floors=_counts(_table(cards, "floors", path), FLOOR_KINDS, "cards.floors", path),
        items=_counts(_table(cards, "items", path), ITEM_KINDS, "cards.items", path),
        zone2_from_main=_int(decks, "zone2_from_main", "decks", path),
        zone3_from_main=_int(decks, "zone3_from_main", "decks", path),
        sizes=(sizes[0], sizes[1], sizes[2]),
    )
    _check_sizes(data, path)
    return data


def _check_sizes(data: ToxicityData, path: Path) -> None:
    """The deck sizes must follow from the card mix (*Distribuição Inicial das Cartas*)."""
    items = sum(data.items.values())
    main = items - 1 + data.walls + sum(data.traps.values()) + sum(data.floors.values())
    zone1 = main - data.zone2_from_main - data.zone3_from_main
    got = (zone1, data.zone2_from_main + data.keys, data.zone3_from_main + data.doors)
    if got != data.sizes:
        raise _err(
            path, "decks", f"field 'sizes' is {list(data.sizes)} but the mix gives {list(got)}"
        )
    if data.prefilled_floors != len(data.prefilled_columns) * data.rows:
        raise _err(path, "cards", "field 'prefilled_floors' must fill the pre-filled columns")
    free = [
        (last - first + 1) * data.rows
        - (data.rows * len([c for c in data.prefilled_columns if first <= c <= last]))
        for first, last in data.zones
    ]
    if tuple(free) != data.sizes:
        raise _err(path, "board", f"zones give {free} free squares, decks hold {list(data.sizes)}")
