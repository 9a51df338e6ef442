"""Components and deck building (*Componentes*, *Distribuição Inicial das Cartas*)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from ludoteca.core import DataFileError
from ludoteca.games.toxicity.cards import all_cards, build_decks, is_item, kind
from ludoteca.games.toxicity.data import DATA_FILE, load_data


def test_components_count_97_cards() -> None:
    """*Componentes*: 97 cards, 23 items, 4 keys, 1 door, 24 walls, 12 traps."""
    data = load_data()
    cards = all_cards(data)
    assert len(cards) == len(set(cards)) == 97
    kinds = Counter(kind(c).split("-")[0] for c in cards)
    assert kinds["item"] == 23 and kinds["key"] == 4 and kinds["door"] == 1
    assert kinds["wall"] == 24 and kinds["trap"] == 12
    assert kinds["floor"] + kinds["start"] == 33


@pytest.mark.parametrize("seed", range(20))
def test_decks_hold_32_24_24(seed: int) -> None:
    """*Distribuição Inicial*: blue gets one item; decks of 32, 24 and 24 cards;
    the keys in the zone-2 deck, the door in the zone-3 deck."""
    data = load_data()
    blue_item, decks = build_decks(data, random.Random(seed))
    assert is_item(blue_item)
    assert [len(d) for d in decks] == [32, 24, 24]
    assert sorted(kind(c) for c in decks[1] if kind(c) == "key") == ["key"] * 4
    assert [c for c in decks[2] if kind(c) == "door"] == ["door-1#r1"]
    assert not any(kind(c) in ("key", "door") for c in decks[0])
    dealt = [blue_item, *decks[0], *decks[1], *decks[2]]
    assert len(set(dealt)) == 81
    assert sum(1 for c in dealt if is_item(c)) == 23


def test_blue_item_is_random() -> None:
    """*Distribuição Inicial*: the items are shuffled before blue takes one."""
    data = load_data()
    items = {build_decks(data, random.Random(seed))[0] for seed in range(40)}
    assert len(items) > 5


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = DATA_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "toxicity.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("columns = 12", "columns = 11", "zones"),
        ("zones = [[0, 5], [6, 8], [9, 11]]", "zones = [[0, 6], [7, 8], [9, 11]]", "free squares"),
        ("blue = [0, 1]", "blue = [5, 1]", "'blue'"),
        ("knife = 2", "knife = 3", "sizes"),
        ("knife = 2", "knife = 2\nlaser = 1", "unknown kind 'laser'"),
        ("walls = 24", "walls = -1", "'walls'"),
        ("run = [[0, 0], [1, 0]]", "run = [[0, 0], [1]]", "'run'"),
        ("[decks]", "[decks_]", "[decks]"),
    ],
)
def test_malformed_data_file_is_refused(tmp_path: Path, old: str, new: str, message: str) -> None:
    """A broken data file raises DataFileError naming the file and what is wrong."""
    with pytest.raises(DataFileError) as info:
        load_data(_broken(tmp_path, old, new))
    assert "toxicity.toml" in str(info.value) and message in str(info.value)


def test_unreadable_data_file(tmp_path: Path) -> None:
    """A missing or non-TOML data file raises DataFileError."""
    with pytest.raises(DataFileError):
        load_data(tmp_path / "missing.toml")
    bad = tmp_path / "toxicity.toml"
    bad.write_text("[board\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="not valid TOML"):
        load_data(bad)
