"""The characters' numbers as data (`characters.py`): the rulebook's preset holds the
rulebook's numbers (*Personagens e Habilidades*, *Stamina*, *Itens*), a file changes
them, a bad file is refused naming what is wrong, and the fate of every character and
of every item held is tallied for balance reports."""

from __future__ import annotations

import random
from importlib import resources

import pytest

from ludoteca import games
from ludoteca.core import DataFileError
from ludoteca.games.toxicity.characters import PRESETS, characters_of, parse_characters
from ludoteca.games.toxicity.state import ToxicityState
from tests.games.toxicity.helpers import card, pawn, place_pawn, put, turn_of

RULEBOOK = characters_of(None)
RULEBOOK_FILE = resources.files("ludoteca.games.toxicity").joinpath("characters", "rulebook.toml")


def with_characters(text: str, seed: int = 0) -> ToxicityState:
    game = games.load("toxicity", characters={"name": "mine.toml", "content": text})
    state = game.new_game(seed)
    assert isinstance(state, ToxicityState)
    return state


def changed(colour: str, key: str, value: str) -> str:
    """The rulebook's file with the line `key = ...` of one colour's table replaced."""
    text = RULEBOOK_FILE.read_text(encoding="utf-8")
    head, table, rest = text.partition(f"[{colour}]\n")
    body, bracket, tail = rest.partition("\n[")
    lines = [value if ln.startswith(f"{key} = ") else ln for ln in body.split("\n")]
    return head + table + "\n".join(lines) + bracket + tail


def test_the_rulebook_preset_holds_the_rulebooks_numbers() -> None:
    """Blue: 4 slots with the key's, *double* once; red: *destroy* twice, *blast* once;
    yellow: *dash* twice, *column* once; green: *rearrange* once, immune to two traps;
    everyone starts with 3 stamina."""
    assert RULEBOOK["blue"].slots == 3 and RULEBOOK["blue"].abilities == {"double": 1}
    assert RULEBOOK["red"].abilities == {"destroy": 2, "blast": 1}
    assert RULEBOOK["yellow"].abilities == {"dash": 2, "column": 1}
    assert RULEBOOK["green"].abilities == {"rearrange": 1}
    assert [RULEBOOK[c].slots for c in ("red", "yellow", "green")] == [2, 2, 2]
    assert {c.stamina for c in RULEBOOK.values()} == {3}
    assert [RULEBOOK[c].trap_immunity for c in ("blue", "red", "yellow", "green")] == [0, 0, 0, 2]
    assert PRESETS[0] == "rulebook" and characters_of("rulebook") == RULEBOOK


def test_ludotecas_even_variant_changes_three_numbers_and_the_default_stays_the_rulebooks() -> None:
    """`ludoteca-even` (docs/balance.md): blue stamina 5, red 4, yellow dashes once; the
    game without the option plays the rulebook's characters."""
    even = characters_of("ludoteca-even")
    changed_numbers = {
        (colour, field): (getattr(RULEBOOK[colour], field), getattr(even[colour], field))
        for colour in RULEBOOK
        for field in ("abilities", "slots", "stamina", "trap_immunity")
        if getattr(RULEBOOK[colour], field) != getattr(even[colour], field)
    }
    assert changed_numbers == {
        ("blue", "stamina"): (3, 5),
        ("red", "stamina"): (3, 4),
        ("yellow", "abilities"): ({"dash": 2, "column": 1}, {"dash": 1, "column": 1}),
    }
    assert games.load("toxicity").characters == RULEBOOK
    state = games.load("toxicity", characters="ludoteca-even").new_game(0)
    assert isinstance(state, ToxicityState)
    assert state.pawns[pawn(state, "blue")].stamina == 5


def test_a_characters_file_sets_stamina_uses_and_immunity() -> None:
    state = with_characters(changed("red", "stamina", "stamina = 5"))
    red = state.pawns[pawn(state, "red")]
    assert red.stamina == 5
    red.stamina = 1
    turn_of(state, "red")
    assert red.stamina == 5  # the turn refills to the character's own stamina
    state = with_characters(changed("green", "trap_immunity", "trap_immunity = 0"))
    assert state.pawns[pawn(state, "green")].immunity == 0
    state = with_characters(changed("yellow", "abilities", "abilities = { dash = 0, column = 3 }"))
    assert state.pawns[pawn(state, "yellow")].uses == {"dash": 0, "column": 3}


def test_a_character_with_fewer_slots_leaves_the_item_on_the_floor() -> None:
    state = with_characters(changed("red", "slots", "slots = 0"))
    put(state, "c4", card("item-pistol"), face_up=False)
    turn_of(state, "red")
    place_pawn(state, "red", "b4")
    state.pawns[pawn(state, "red")].items = []
    state.apply("walk:E")
    assert state.pawns[pawn(state, "red")].items == []
    assert state.board[state.geo.index_of["c4"]] == card("item-pistol")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name = 'x'\n", r"missing table \[blue\]"),
        ("[purple]\n", r"unknown entry \[purple\]"),
        ("[blue\n", "not valid TOML"),
    ],
)
def test_a_broken_file_is_refused_naming_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(DataFileError, match=message):
        parse_characters(text, "mine.toml")


@pytest.mark.parametrize(
    ("colour", "line", "value", "message"),
    [
        ("blue", "abilities", "abilities = { dash = 1 }", "must give the uses of double"),
        ("red", "stamina", "stamina = 0", "'stamina' must be a whole number from 1 to 9"),
        ("red", "slots", "slots = 10", "'slots' must be a whole number from 0 to 9"),
        ("green", "trap_immunity", "trap_immunity = true", "'trap_immunity' must be"),
        ("yellow", "stamina", "stamina = 3\nspeed = 2", "unknown field 'speed'"),
    ],
)
def test_a_wrong_number_is_refused_naming_colour_and_field(
    colour: str, line: str, value: str, message: str
) -> None:
    with pytest.raises(DataFileError, match=rf"\[{colour}\].*{message}"):
        with_characters(changed(colour, line, value))


@pytest.mark.parametrize("seed", [1, 2])
def test_every_character_and_every_item_held_ends_each_round_in_one_fate(seed: int) -> None:
    """Every pawn escapes or dies in every round, so a group's door, trapdoor and death
    counts add up to its rounds: the characters' groups, and `item:<kind>` for the
    pawns that held that item."""
    state = games.load("toxicity").new_game(seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    figures = state.statistics()
    groups = {key.partition(".")[0] for key in figures if key.endswith(".rounds")}
    assert {"blue", "red", "yellow", "green"} <= groups
    assert any(group.startswith("item:") for group in groups)
    for group in groups:
        fates = sum(figures.get(f"{group}.{fate}", 0.0) for fate in ("door", "trapdoor", "deaths"))
        assert fates == figures[f"{group}.rounds"], group
    assert sum(figures[f"{c}.rounds"] for c in ("blue", "red", "yellow", "green")) == 20
