"""Each built-in game's action type (#40): `games/<game>/action.py` is the one place its
action strings are read. `parse` reads back every action of the game's action space, with
a verb of the game's `Verb`; no other module of the game slices, splits or prefix-tests an
action string."""

from __future__ import annotations

import ast
from importlib import import_module
from pathlib import Path

import pytest

from ludoteca import games
from tests.web.helpers import built_in

GAMES = Path(games.__file__).parent


@pytest.mark.parametrize("name", built_in())
def test_parse_reads_back_every_action_of_the_space(name: str) -> None:
    """`str(parse(a)) == a` for every action of every conformance configuration's space."""
    cls = games.game_class(name)
    action = import_module(f"{cls.__module__.rsplit('.', 1)[0]}.action")
    for options in cls.conformance_configs():
        space = games.load(name, **options).action_space
        for text in space.actions:
            move = action.parse(text)
            assert isinstance(move.verb, action.Verb), text
            assert str(move) == text


@pytest.mark.parametrize("name", built_in())
def test_an_unknown_verb_is_refused(name: str) -> None:
    module = import_module(f"{games.game_class(name).__module__.rsplit('.', 1)[0]}.action")
    with pytest.raises(ValueError):
        module.parse("fly:away")


ACTION_NAMES = {"a", "action", "act", "choice", "move", "first"}
"""Names an action string goes by in the games' code."""


def slicings(tree: ast.AST) -> list[int]:
    """Lines reading an action string by hand: `x.startswith("verb:...")`, a `:` split or
    partition, the core's untyped `Action.parse`, or a slice of an action-named string."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            name, args = node.func.attr, node.args
            literals = [
                e.value
                for arg in args
                for e in (arg.elts if isinstance(arg, ast.Tuple) else [arg])
                if isinstance(e, ast.Constant) and isinstance(e.value, str)
            ]
            prefix = name in ("startswith", "removeprefix") and any(":" in s for s in literals)
            split = name in ("split", "partition", "rsplit", "rpartition") and ":" in literals
            untyped = name == "parse" and getattr(node.func.value, "id", "") == "Action"
            if prefix or split or untyped:
                found.append(node.lineno)
        elif (
            isinstance(node, ast.Subscript)
            and isinstance(node.slice, ast.Slice)
            and isinstance(node.value, ast.Name)
            and node.value.id in ACTION_NAMES
        ):
            found.append(node.lineno)
    return sorted(found)


def test_no_game_module_reads_an_action_string_by_hand() -> None:
    """Outside its `action.py`, a game reads actions through `parse` only."""
    offenders = [
        f"{path.relative_to(GAMES)}:{line}"
        for path in sorted(GAMES.glob("*/**/*.py"))
        if path.name != "action.py"
        for line in slicings(ast.parse(path.read_text("utf-8")))
    ]
    assert offenders == []


def test_the_scan_finds_hand_reading() -> None:
    """The scan catches each way of reading by hand it names (it can fail)."""
    code = """
a.startswith("pick:")
action.startswith(("pass:", "move:"))
choice.partition(":")
x.split(":")
Action.parse(action).arg
a[3:]
card.startswith("wall-")
"""
    assert slicings(ast.parse(code)) == [2, 3, 4, 5, 6, 7]
