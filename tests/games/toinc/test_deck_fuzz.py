"""Property: any mutation of the default deck loads as a valid deck or a DataFileError."""

from __future__ import annotations

import copy
import tomllib
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from ludoteca.core import DataFileError
from ludoteca.games.toinc.cards import (
    ATTACK_POSITIONS,
    DEFENSE_POSITIONS,
    STATS,
    Ability,
    BonusKind,
    Deck,
    DefenseEffect,
    FoulBy,
    FoulSpot,
    OutcomeKind,
    PlayCard,
    PlayerCard,
)
from ludoteca.games.toinc.deck import PLAY_REQUIREMENT, load_deck, parse_deck
from ludoteca.games.toinc.faces import card_text
from tests.depth import examples

TEXT = resources.files("ludoteca.games.toinc").joinpath("decks", "default.toml").read_text("utf-8")
DEFAULT: dict[str, Any] = tomllib.loads(TEXT)

Path_ = tuple[str | int, ...]


def paths(value: object, prefix: Path_ = ()) -> list[Path_]:
    """Every place in the parsed deck (containers and leaves), root excluded."""
    found: list[Path_] = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*prefix, index))
    return found


PATHS = paths(DEFAULT)
TOKENS = [
    *ATTACK_POSITIONS,
    *DEFENSE_POSITIONS,
    *STATS,
    *PLAY_REQUIREMENT,
    *(member.value for enum in (Ability, BonusKind, OutcomeKind, DefenseEffect) for member in enum),
    *(member.value for enum in (FoulBy, FoulSpot) for member in enum),
    "QB-1",
    "O-FOUL-4",
    "",
]
KEYS = sorted({str(path[-1]) for path in PATHS if isinstance(path[-1], str)} | {"extra"})

scalars = st.one_of(
    st.booleans(),
    st.integers(min_value=-3, max_value=60),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=6),
    st.sampled_from(TOKENS),
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)


def parent_and_key(data: Any, path: Path_) -> tuple[Any, str | int]:
    node = data
    for step in path[:-1]:
        node = node[step]
    return node, path[-1]


def mutate(data: dict[str, Any], draw: st.DrawFn) -> None:
    """Apply one random edit: replace, delete, add a key, duplicate or swap."""
    path = draw(st.sampled_from(PATHS))
    try:
        parent, key = parent_and_key(data, path)
        parent[key]
    except (KeyError, IndexError, TypeError):
        return  # an earlier edit removed or reshaped this place
    if not isinstance(parent, dict | list):
        return  # an earlier edit put a string here: nothing to edit inside it
    operation = draw(st.sampled_from(["replace", "delete", "add", "duplicate", "swap"]))
    if operation == "replace":
        parent[key] = draw(values)
    elif operation == "delete":
        del parent[key]
    elif operation == "add" and isinstance(parent[key], dict):
        parent[key][draw(st.sampled_from(KEYS))] = draw(values)
    elif operation == "duplicate" and isinstance(parent, list):
        parent.insert(int(key), copy.deepcopy(parent[key]))
    elif operation == "swap":
        other = draw(st.sampled_from(PATHS))
        try:
            other_parent, other_key = parent_and_key(data, other)
            parent[key], other_parent[other_key] = other_parent[other_key], parent[key]
        except (KeyError, IndexError, TypeError):
            return


def check_valid(deck: Deck) -> None:
    """A deck that loads keeps the rulebook's counts, unique ids and printable faces."""
    sides = (deck.attack, deck.defense)
    counts = [Counter(type(card) for card in side) for side in sides]
    assert counts == [{PlayerCard: 26, PlayCard: 14}, {PlayerCard: 22, PlayCard: 8}]
    assert Counter(card.kind for card in deck.outcome) == dict.fromkeys(OutcomeKind, 10)
    cards = (*deck.attack, *deck.defense, *deck.outcome)
    assert len({card.id for card in cards}) == 100
    for card in cards:
        text = card_text(card)
        assert "\n" not in text
        card_text(card, long=True)


@settings(max_examples=examples(400))
@given(st.data())
def test_mutated_deck_is_valid_or_refused(data: st.DataObject) -> None:
    """Deck validation: one to three random edits give a Deck or a DataFileError, never
    another exception, and an accepted deck still has the Componentes do Jogo counts."""
    deck_data = copy.deepcopy(DEFAULT)
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        mutate(deck_data, data.draw)
    try:
        deck = parse_deck(deck_data, "fuzz.toml")
    except DataFileError as error:
        message = str(error)
        assert message.startswith("fuzz.toml: ") and "\n" not in message
        event("refused")
        return
    event("accepted")
    check_valid(deck)


@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("deck-fuzz")


@settings(max_examples=examples(200))
@given(
    start=st.integers(min_value=0, max_value=len(TEXT.encode()) - 1),
    length=st.integers(min_value=0, max_value=12),
    insert=st.binary(max_size=8),
)
def test_corrupted_file_is_valid_or_refused(
    fuzz_dir: Path, start: int, length: int, insert: bytes
) -> None:
    """load_deck on a byte-corrupted copy of default.toml: a Deck or a DataFileError."""
    raw = TEXT.encode()
    path = fuzz_dir / "corrupt.toml"
    path.write_bytes(raw[:start] + insert + raw[start + length :])
    try:
        deck = load_deck(path)
    except DataFileError as error:
        assert f"{path}: " in str(error) and "\n" not in str(error)
        event("refused")
        return
    event("accepted")
    check_valid(deck)
