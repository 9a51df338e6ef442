"""Games' own commands: found through the `ludoteca.commands` entry points."""

from __future__ import annotations

import logging
from importlib.metadata import EntryPoint

import pytest
import typer
from typer.testing import CliRunner

from ludoteca.cli import kit as kit_module
from ludoteca.cli.kit import TerminalKit, add_game_commands
from ludoteca.core.commands import GROUP, CommandKit


def _points(*pairs: tuple[str, str]) -> list[EntryPoint]:
    return [EntryPoint(name, value, GROUP) for name, value in pairs]


def hello(kit: CommandKit) -> typer.Typer:
    """A game's command group, for the test."""
    app = typer.Typer()

    @app.command("hi")
    def hi(name: str) -> None:
        kit.say(f"hello {name}")

    @app.command("rest")
    def rest() -> None:
        pass

    return app


def not_a_group(kit: CommandKit) -> object:
    return "nothing"


def _app(monkeypatch: pytest.MonkeyPatch, *pairs: tuple[str, str]) -> typer.Typer:
    monkeypatch.setattr(kit_module, "entry_points", lambda group: _points(*pairs))
    app = typer.Typer()

    @app.command("play")
    def play() -> None:
        pass

    add_game_commands(app, TerminalKit())
    return app


def test_an_installed_game_command_group_runs_under_its_entry_point_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = _app(monkeypatch, ("greet", f"{__name__}:hello"))
    result = CliRunner().invoke(app, ["greet", "hi", "[red]Ana[/]"])
    assert result.exit_code == 0 and "hello [red]Ana[/]" in result.output  # text, not markup


@pytest.mark.parametrize(
    ("pair", "why"),
    [
        (("broken", "no_such_module_xyz:commands"), "did not load"),
        (("odd", f"{__name__}:not_a_group"), "is not a typer.Typer"),
        (("play", f"{__name__}:hello"), "the name is taken"),
    ],
)
def test_a_broken_or_clashing_game_command_group_is_left_out_and_logged(
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    pair: tuple[str, str],
    why: str,
) -> None:
    with caplog.at_level(logging.WARNING, logger="ludoteca.cli"):
        app = _app(monkeypatch, pair)
    assert why in caplog.text and pair[0] in caplog.text
    assert [g.name for g in app.registered_groups] == []


def test_touch_downs_league_is_a_game_command_not_part_of_the_cli() -> None:
    from importlib.metadata import entry_points

    found = {p.name: p.value for p in entry_points(group=GROUP)}
    assert found["league"] == "ludoteca.games.touchdown.commands:commands"
