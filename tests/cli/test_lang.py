"""`ludoteca --lang` and the POSIX locale variables (issue 20): the command line writes in
the language asked for; an unknown one is refused with exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca import games
from ludoteca.cli.main import app, environment_language
from ludoteca.sim.playout import random_game
from tests.cli.test_hostile_cli import one_error, run

runner = CliRunner()


def toxicity_replay(tmp_path: Path) -> Path:
    game = games.load("toxicity")
    path = tmp_path / "toxicity.json"
    game.record(random_game(game, 3)).save(path)
    return path


def test_lang_writes_the_log_in_that_language(tmp_path: Path) -> None:
    path = toxicity_replay(tmp_path)
    english = runner.invoke(app, ["replay", str(path)], env={"LANG": "C.UTF-8", "LC_ALL": ""})
    italian = runner.invoke(app, ["--lang", "it", "replay", str(path)])
    assert english.exit_code == italian.exit_code == 0, italian.output
    assert "Opening roll: seat " in english.output
    assert "Tiro iniziale: il posto " in italian.output and "Opening roll" not in italian.output


def test_lang_follows_the_environment(tmp_path: Path) -> None:
    path = toxicity_replay(tmp_path)
    result = runner.invoke(app, ["replay", str(path)], env={"LC_ALL": "", "LANG": "pt_BR.UTF-8"})
    assert result.exit_code == 0, result.output
    assert "Rolagem inicial: lugar " in result.output


def test_the_posix_order_of_the_locale_variables() -> None:
    assert environment_language({"LANG": "it_IT.UTF-8"}) == "it"
    assert environment_language({"LC_MESSAGES": "pt_BR", "LANG": "it_IT"}) == "pt-BR"
    assert environment_language({"LC_ALL": "C", "LANG": "it_IT"}) == "en"  # LC_ALL wins
    assert environment_language({"LANG": "de_DE.UTF-8"}) == "en"
    assert environment_language({}) == "en"


def test_an_unknown_language_exits_2_naming_it() -> None:
    result = runner.invoke(app, ["--lang", "klingon", "games"])
    assert result.exit_code == 2
    assert "unknown language 'klingon'" in result.output
    assert "Traceback" not in result.output


def test_a_refused_option_is_explained_in_the_chosen_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unknown option: exit 2 and one error line in the language asked for."""
    assert run(monkeypatch, "--lang", "pt-BR", "simulate", "futebol", "-o", "bogus=1") == 2
    line = one_error(capsys)
    assert "opção desconhecida 'bogus' para futebol (opções conhecidas:" in line
