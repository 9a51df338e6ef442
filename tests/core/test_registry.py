"""The game registry: games are found through the `ludoteca.games` entry points."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ludoteca import games
from ludoteca.core import OptionError

PLUGIN = """
from dataclasses import replace

from tests.core.toy import Toy


class Plugged(Toy):
    info = replace(Toy.info, name="plugged")


class NotAGame:
    pass
"""


@pytest.fixture
def installed(tmp_path: Path) -> Iterator[Path]:
    """A distribution on the path declaring three `ludoteca.games` entry points."""
    (tmp_path / "plugged_game.py").write_text(PLUGIN, encoding="utf-8")
    info = tmp_path / "plugged_game-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: plugged-game\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[ludoteca.games]\n"
        "plugged = plugged_game:Plugged\n"
        "broken = no_such_module:Game\n"
        "imposter = plugged_game:NotAGame\n",
        encoding="utf-8",
    )
    sys.path.insert(0, str(tmp_path))
    games._declared.cache_clear()
    yield tmp_path
    sys.path.remove(str(tmp_path))
    sys.modules.pop("plugged_game", None)
    games._declared.cache_clear()


def test_ludotecas_games_are_declared_as_entry_points() -> None:
    """The four games come from `[project.entry-points."ludoteca.games"]`."""
    assert {"futebol", "toinc", "touchdown", "toxicity"} <= set(games._declared())


def test_built_in_games_are_ludotecas_own_and_leave_plugins_out(installed: Path) -> None:
    """`built_in()` names the games ludoteca ships (what its own cross-game tests play),
    not an installed plugin nor one registered at run time (the suite's toy game)."""
    games.register("toy-at-run-time", "tests.core.toy:Toy")
    try:
        assert games.built_in() == ["futebol", "toinc", "touchdown", "toxicity"]
        assert {"plugged", "toy-at-run-time"} <= set(games.names())
    finally:
        games.unregister("toy-at-run-time")


def test_an_installed_package_adds_a_game(installed: Path) -> None:
    assert "plugged" in games.names()
    game = games.load("plugged")
    assert game.info.name == "plugged"
    assert not game.new_game(1).is_terminal


def test_a_broken_or_false_plugin_is_refused_by_name(installed: Path) -> None:
    """A plugin that cannot be imported, or names something that is not a game with
    that name, gives one clear error; the other games still load."""
    with pytest.raises(OptionError, match="game 'broken' is installed but cannot be loaded"):
        games.load("broken")
    assert "broken" in games.names() and "broken" not in games.playable()
    assert "imposter" not in games.playable() and "plugged" in games.playable()
    with pytest.raises(OptionError, match=r"game 'imposter' .* does not name a ludoteca game"):
        games.load("imposter")
    assert games.load("toinc", length="practice").info.name == "toinc"


def test_an_unknown_game_lists_the_available_ones() -> None:
    with pytest.raises(OptionError, match=r"unknown game 'chess' \(available: .*futebol"):
        games.load("chess")
