"""Each built-in game's action type (#40): `games/<game>/action.py` is the one place its
action strings are read and written. `parse` reads back every action of the game's action
space, with a verb of the game's `Verb`; no other module of the game slices, splits or
prefix-tests an action string, or writes one as an f-string (`Verb.of` writes them)."""

from __future__ import annotations

import ast
from importlib import import_module
from pathlib import Path

import pytest

from ludoteca import games
from ludoteca.games import built_in

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


NOT_ACTIONS = {
    "toinc/faces.py": ("play:", "bonus:"),  # glossary terms of the plays and bonuses
    "touchdown/fields.py": ("play:",),  # counters of the yards gained by each play type
    "touchdown/state.py": ("play:",),
    "toxicity/rounds.py": ("item:",),  # statistics groups of the items held
}
"""Keys shaped like an action that are not actions: what each one is."""


def writings(tree: ast.AST, verbs: set[str], allowed: tuple[str, ...] = ()) -> list[int]:
    """Lines writing an action string by hand: an f-string or a `+` whose text starts with
    one of `verbs` and a `:` (outside the `allowed` prefixes)."""
    found = []
    for node in ast.walk(tree):
        head = None
        if isinstance(node, ast.JoinedStr) and node.values:
            head = node.values[0]
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            head = node.left
        if not (isinstance(head, ast.Constant) and isinstance(head.value, str)):
            continue
        verb, colon, _rest = head.value.partition(":")
        if colon and verb in verbs and not head.value.startswith(allowed):
            found.append(node.lineno)
    return sorted(found)


def test_no_game_module_writes_an_action_string_by_hand() -> None:
    """Outside its `action.py`, a game writes actions through its `Verb` only."""
    offenders = []
    for name in built_in():
        package = import_module(games.game_class(name).__module__.rsplit(".", 1)[0])
        verbs = {str(v) for v in import_module(f"{package.__name__}.action").Verb}
        folder = Path(package.__file__ or "").parent
        for path in sorted(folder.glob("**/*.py")):
            key = f"{folder.name}/{path.relative_to(folder)}"
            if path.name != "action.py":
                tree = ast.parse(path.read_text("utf-8"))
                offenders += [f"{key}:{n}" for n in writings(tree, verbs, NOT_ACTIONS.get(key, ()))]
    assert offenders == []


def test_the_scan_finds_hand_writing() -> None:
    code = """
f"pass:{square}"
"move:" + pawn
f"{x}:pass"
f"yards.{play}"
f"play:{p}"
"""
    assert writings(ast.parse(code), {"pass", "move", "play"}, ("play:",)) == [2, 3]
