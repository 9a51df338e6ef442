"""Malformed deck files are refused with ONE DataFileError naming file, card and field."""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from ludoteca.core import DataFileError
from ludoteca.games.toinc.deck import load_deck

Data = dict[str, Any]

DEFAULT: Data = tomllib.loads(
    resources.files("ludoteca.games.toinc").joinpath("decks", "default.toml").read_text("utf-8")
)


def toml_value(value: object) -> str:
    """A TOML literal for the JSON-like `value` (strings, ints, bools, arrays, tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        items = (f"{json.dumps(key)} = {toml_value(item)}" for key, item in value.items())
        return "{ " + ", ".join(items) + " }"
    raise TypeError(value)


def dump_deck(data: Data) -> str:
    """Write a deck table back as TOML in the default file's layout."""
    lines = []  # plain keys first: after a [[table]] header they would belong to it
    for key, value in data.items():
        if isinstance(value, dict):
            lines += [f"{key}.{sub} = {toml_value(v)}" for sub, v in value.items() if not _array(v)]
        elif not _array(value):
            lines.append(f"{key} = {toml_value(value)}")
    for key, value in data.items():
        sections = value.items() if isinstance(value, dict) else [(None, value)]
        for sub, entries in sections:
            if _array(entries):
                header = key if sub is None else f"{key}.{sub}"
                for entry in entries:
                    lines.append(f"[[{header}]]")
                    lines += [f"{k} = {toml_value(v)}" for k, v in entry.items()]
    return "\n".join(lines) + "\n"


def _array(value: object) -> bool:
    """True for a non-empty array of tables (written as [[header]] sections)."""
    return isinstance(value, list) and bool(value) and all(isinstance(e, dict) for e in value)


def card(data: Data, card_id: str) -> dict[str, Any]:
    """The (mutable) entry of `card_id` in a parsed deck table."""
    sections = [
        *data["attack"]["players"],
        *data["attack"]["plays"],
        *data["defense"]["players"],
        *data["defense"]["plays"],
        *data["outcome"],
    ]
    return next(entry for entry in sections if entry["id"] == card_id)


def refuse(tmp_path: Path, mutate: Callable[[Data], None]) -> str:
    """Mutate a copy of the default deck, write it, load it, return the error message."""
    data = copy.deepcopy(DEFAULT)
    mutate(data)
    path = tmp_path / "custom.toml"
    path.write_text(dump_deck(data), encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        load_deck(path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: ")
    return message


def test_dump_round_trips_the_default_deck(tmp_path: Path) -> None:
    """The writer used by these tests reproduces the default deck exactly."""
    path = tmp_path / "copy.toml"
    path.write_text(dump_deck(DEFAULT), encoding="utf-8")
    assert load_deck(path) == load_deck()


def setitem(card_id: str, key: str, value: object) -> Callable[[Data], None]:
    return lambda data: card(data, card_id).__setitem__(key, value)


def delitem(card_id: str, key: str) -> Callable[[Data], None]:
    return lambda data: card(data, card_id).__delitem__(key)


def set_stat(card_id: str, stat: str, value: object) -> Callable[[Data], None]:
    return lambda data: card(data, card_id)["stats"].__setitem__(stat, value)


def set_bonus(card_id: str, key: str, value: object) -> Callable[[Data], None]:
    return lambda data: card(data, card_id)["bonuses"][0].__setitem__(key, value)


def no_stat(side: str, stat: str) -> Callable[[Data], None]:
    """Remove `stat` from every player card of `side` (keeping at least one statistic)."""

    def mutate(data: Data) -> None:
        for entry in data[side]["players"]:
            stats = entry.get("stats", {})
            if stat in stats and len(stats) > 1:
                del stats[stat]
            elif stat in stats:
                entry["stats"] = {"BL": 1} if side == "attack" else {"TER": 1}
                entry["position"] = "OG" if side == "attack" else "DT"

    return mutate


def no_position(position: str, instead: str) -> Callable[[Data], None]:
    """Turn every `position` card into an `instead` card (same stats and bonuses)."""

    def mutate(data: Data) -> None:
        for entry in data["defense"]["players"]:
            if entry["position"] == position:
                entry["position"] = instead

    return mutate


# (case, mutation, fragments the message must contain: the card and the field)
CARD_CASES: list[tuple[str, Callable[[Data], None], tuple[str, ...]]] = [
    ("unknown field", setitem("OG-2", "colour", "red"), ("card OG-2", "field 'colour'")),
    ("missing name", delitem("RB-1", "name"), ("card RB-1", "field 'name'", "missing")),
    ("empty name", setitem("RB-1", "name", " "), ("card RB-1", "field 'name'")),
    ("unknown position", setitem("WR-2", "position", "KR"), ("card WR-2", "field 'position'")),
    ("wrong side position", setitem("QB-1", "position", "LB"), ("card QB-1", "defense position")),
    ("unknown statistic", set_stat("RB-2", "VEL", 3), ("card RB-2", "field 'stats.VEL'")),
    ("stat unusable", set_stat("WR-1", "CC", 3), ("card WR-1", "field 'stats.CC'", "WR")),
    ("negative stat", set_stat("RB-2", "CC", -1), ("card RB-2", "field 'stats.CC'", "range")),
    ("float stat", set_stat("RB-2", "CC", 2.5), ("card RB-2", "field 'stats.CC'", "integer")),
    ("bool stat", set_stat("RB-2", "CC", True), ("card RB-2", "field 'stats.CC'", "integer")),
    ("no stats", delitem("OT-2", "stats"), ("card OT-2", "field 'stats'", "BL")),
    ("cb stats", setitem("CB-3", "stats", {"LC": 3}), ("card CB-3", "field 'stats.LC'")),
    ("bonus kind", set_bonus("C-1", "kind", "VOO"), ("card C-1", "field 'bonuses[0].kind'")),
    ("bonus side", set_bonus("C-1", "kind", "SACK"), ("card C-1", "attack bonus")),
    ("bonus value", set_bonus("DT-2", "value", -2), ("card DT-2", "field 'bonuses[0].value'")),
    ("bonus flag", set_bonus("DT-2", "contestable", 1), ("card DT-2", "'bonuses[0].contestable'")),
    ("bonus key", set_bonus("DE-1", "when", "x"), ("card DE-1", "field 'bonuses[0].when'")),
    ("ability", setitem("LB-1", "abilities", ["voo"]), ("card LB-1", "field 'abilities[0]'")),
    ("ol eligible", setitem("OG-3", "abilities", []), ("card OG-3", "inelegivel")),
    ("ineligible wr", setitem("WR-3", "abilities", ["inelegivel"]), ("card WR-3", "abilities")),
    ("duplicate id", setitem("DT-1", "id", "QB-2"), ("defense.players[0]", "'QB-2'")),
    ("bad id", setitem("S-1", "id", "move:S 1"), ("defense.players[19]", "field 'id'")),
    ("missing id", delitem("S-2", "id"), ("defense.players[20]", "field 'id'", "missing")),
    ("play unknown", setitem("P-CC-1", "play", "QS"), ("card P-CC-1", "field 'play'")),
    ("play wrong side", setitem("P-CC-1", "play", "SA"), ("card P-CC-1", "not an attack play")),
    ("req not stat", setitem("P-LC-1", "requirement", "XX"), ("card P-LC-1", "not a statistic")),
    ("req wrong", setitem("P-LC-1", "requirement", "RM"), ("card P-LC-1", "'requirement'", "RC")),
    ("blitz req", setitem("D-B-1", "requirement", "SA"), ("card D-B-1", "field 'requirement'")),
    ("kind", setitem("O-ATK-1", "kind", "touchdown"), ("card O-ATK-1", "field 'kind'")),
    ("no modifier", delitem("O-ATK-2", "modifier"), ("card O-ATK-2", "field 'modifier'")),
    ("neg modifier", setitem("O-ATK-2", "modifier", -3), ("card O-ATK-2", "'modifier'", "range")),
    ("no effect", delitem("O-DEF-8", "effect"), ("card O-DEF-8", "field 'effect'", "missing")),
    ("effect", setitem("O-DEF-8", "effect", "sack"), ("card O-DEF-8", "field 'effect'")),
    ("foreign field", setitem("O-ATK-3", "spot", "end"), ("card O-ATK-3", "field 'spot'")),
    ("no foul_by", delitem("O-FOUL-1", "foul_by"), ("card O-FOUL-1", "field 'foul_by'")),
    ("foul_by", setitem("O-FOUL-1", "foul_by", "REF"), ("card O-FOUL-1", "field 'foul_by'")),
    ("no spot", delitem("O-FOUL-1", "spot"), ("card O-FOUL-1", "field 'spot'", "missing")),
    ("no yards", delitem("O-FOUL-6", "yards"), ("card O-FOUL-6", "field 'yards'", "missing")),
    ("neg yards", setitem("O-FOUL-6", "yards", -5), ("card O-FOUL-6", "field 'yards'")),
    ("spot yards", setitem("O-FOUL-4", "yards", 10), ("card O-FOUL-4", "field 'yards'")),
    ("spot by ATQ", setitem("O-FOUL-4", "foul_by", "ATQ"), ("card O-FOUL-4", "field 'spot'")),
    ("atq 1st down", setitem("O-FOUL-8", "automatic_first_down", True), ("card O-FOUL-8",)),
    ("no HM leader", no_stat("attack", "HM"), ("card P-HM-1", "field 'play'", "HM")),
    ("no RL for HM", no_stat("attack", "RL"), ("card P-LL-1", "field 'play'", "RL")),
    ("no SA leader", no_stat("defense", "SA"), ("card D-SA-1", "field 'play'", "SA")),
    ("no DE for B", no_position("DE", "DT"), ("card D-B-1", "field 'play'", "needs a DE")),
]


@pytest.mark.parametrize(
    ("mutate", "fragments"),
    [pytest.param(m, f, id=name) for name, m, f in CARD_CASES],
)
def test_malformed_card_is_refused_naming_card_and_field(
    tmp_path: Path, mutate: Callable[[Data], None], fragments: tuple[str, ...]
) -> None:
    """Each card problem: one DataFileError line naming the file, the card and the field;
    a play no card of the deck could lead (Jogador líder) is such a problem too."""
    message = refuse(tmp_path, mutate)
    for fragment in fragments:
        assert fragment in message


def remove_first(section: str, sub: str | None = None) -> Callable[[Data], None]:
    def mutate(data: Data) -> None:
        entries = data[section] if sub is None else data[section][sub]
        entries.pop(0)

    return mutate


def add_copy(section: str, sub: str) -> Callable[[Data], None]:
    def mutate(data: Data) -> None:
        entries = data[section][sub]
        entries.append({**entries[-1], "id": "EXTRA-1"})

    return mutate


def turn_foul_into_loss(data: Data) -> None:
    entry = card(data, "O-FOUL-1")
    entry.clear()
    entry.update(id="O-FOUL-1", kind="defense-success", name="x", effect="loss", modifier=1)


COUNT_CASES: list[tuple[str, Callable[[Data], None], tuple[str, ...]]] = [
    ("25 attack players", remove_first("attack", "players"), ("attack.players", "25", "26")),
    ("15 attack plays", add_copy("attack", "plays"), ("attack.plays", "15", "14")),
    ("21 defense players", remove_first("defense", "players"), ("defense.players", "22")),
    ("9 defense plays", add_copy("defense", "plays"), ("defense.plays", "9", "8")),
    ("29 outcome cards", remove_first("outcome"), ("outcome", "29", "30")),
    ("9 fouls", turn_foul_into_loss, ("outcome", "field 'kind'", "11 defense-success, 9 foul")),
    ("no outcome deck", lambda d: d.pop("outcome"), ("deck", "field 'outcome'", "missing")),
    ("unknown section", lambda d: d.update(special={"x": 1}), ("deck", "field 'special'")),
    ("unknown subsection", lambda d: d["attack"].update(kickers=1), ("attack", "'kickers'")),
    ("deck name", lambda d: d.update(name=3), ("deck", "field 'name'")),
]


@pytest.mark.parametrize(
    ("mutate", "fragments"),
    [pytest.param(m, f, id=name) for name, m, f in COUNT_CASES],
)
def test_wrong_counts_and_sections_are_refused(
    tmp_path: Path, mutate: Callable[[Data], None], fragments: tuple[str, ...]
) -> None:
    """Componentes do Jogo: a custom deck must have the same counts as the default one."""
    message = refuse(tmp_path, mutate)
    for fragment in fragments:
        assert fragment in message


def test_toml_syntax_error_is_refused(tmp_path: Path) -> None:
    """A file that is not TOML: one line naming the file and the TOML position."""
    path = tmp_path / "broken.toml"
    path.write_text('name = "x"\n[[attack.players]\nid = 1\n', encoding="utf-8")
    with pytest.raises(DataFileError, match=r"broken\.toml: not valid TOML: .*line 2"):
        load_deck(path)


def test_missing_file_and_binary_file_are_refused(tmp_path: Path) -> None:
    """An unreadable file or one that is not UTF-8 text is a DataFileError, not an OSError."""
    with pytest.raises(DataFileError, match=r"deck file .*nothing\.toml: cannot read it"):
        load_deck(tmp_path / "nothing.toml")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"name = \xff\xfe\n")
    with pytest.raises(DataFileError, match=r"binary\.toml: not UTF-8 text"):
        load_deck(binary)
    with pytest.raises(DataFileError, match="not a regular file"):
        load_deck(tmp_path)
