"""`FIELDS` names every field a Toinc state declares: `dump` saves them and `clone`
copies them, and a field left out would be lost by both without a sound."""

from __future__ import annotations

import ast
import inspect
import random

from ludoteca import games
from ludoteca.games.toinc import fields
from ludoteca.games.toinc.fields import FIELDS


def test_fields_are_the_fields_the_state_class_declares() -> None:
    tree = ast.parse(inspect.getsource(fields))
    (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "ToincFields"]
    declared = [
        n.target.id
        for n in cls.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    ]
    assert tuple(declared) == FIELDS


def test_a_clone_holds_every_field_and_nothing_shared_but_the_game() -> None:
    state = games.load("toinc").new_game(3)
    rng = random.Random(3)
    for _ in range(200):
        state.apply(rng.choice(state.legal_actions()))
    copy = state.clone()
    assert copy.to_json() == state.to_json() and copy.game is state.game
    for name in FIELDS:
        value = getattr(state, name)
        if isinstance(value, list | dict) and value:
            assert getattr(copy, name) is not value, name


def test_a_phase_is_saved_by_name_and_an_older_number_still_loads() -> None:
    """A dump names the phase (`"attack-play"`, as observations do); a state saved when
    phases were numbers loads to the same phase, and a number out of range is refused."""
    state = games.load("toinc").new_game(3)
    saved = state.dump()
    assert saved["phase"] == state.phase.value == state.observation(None)["phase"]
    for number, phase in enumerate(fields.PHASE_ORDER):
        older = state.game.new_game(3)
        older.load({**saved, "phase": number})
        assert older.phase is phase
    assert (
        fields.Phase.read(10) is fields.Phase.ATK_PLAY
        and fields.Phase.read("over") is fields.Phase.OVER
    )
    for bad in (18, -1, True, "fase 3"):
        try:
            fields.Phase.read(bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} was read as a phase")
