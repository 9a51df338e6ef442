"""`ludoteca --lang` and the POSIX locale variables (issue 20): the command line writes in
the language asked for; an unknown one is refused with exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca import games
from ludoteca.cli.main import app, environment_language
from ludoteca.sim.playout import random_game
from tests.cli.test_hostile_cli import run

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
    assert "Opening roll: player 1 rolls " in english.output
    assert "Tiro iniziale: giocatore 1 tira " in italian.output
    assert "Opening roll" not in italian.output


def test_lang_follows_the_environment(tmp_path: Path) -> None:
    path = toxicity_replay(tmp_path)
    result = runner.invoke(app, ["replay", str(path)], env={"LC_ALL": "", "LANG": "pt_BR.UTF-8"})
    assert result.exit_code == 0, result.output
    assert "Rolagem inicial: jogador 1 tira " in result.output


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
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1, err
    assert err.startswith("erro: opção desconhecida 'bogus' para futebol (opções conhecidas:")


def test_a_tournament_export_is_headed_in_the_readers_language(tmp_path: Path) -> None:
    """CSV standings for people: headings and yes/no in Portuguese; the JSON export keeps
    its English keys for programs."""
    db = str(tmp_path / "t.db")
    for args in (["new", "Copa", "--format", "duel"], ["add-player", "Copa", "Ana", "Bia"]):
        assert (
            runner.invoke(app, ["--lang", "pt-BR", "tournament", "--db", db, *args]).exit_code == 0
        )
    csv_path, json_path = tmp_path / "c.csv", tmp_path / "c.json"
    for path in (csv_path, json_path):
        done = runner.invoke(
            app, ["--lang", "pt-BR", "tournament", "--db", db, "export", "Copa", str(path)]
        )
        assert done.exit_code == 0 and "gravado" in done.output
    header, first = csv_path.read_text("utf-8").splitlines()[:2]
    assert header.startswith("posição,jogador,id,pontos,força dos oponentes,vitórias")
    assert first.endswith(",não")
    assert set(json.loads(json_path.read_text("utf-8"))["standings"][0]) >= {"rank", "dropped"}


def test_the_balance_report_is_written_in_the_chosen_language(tmp_path: Path) -> None:
    """The HTML balance report in Italian: its language, headings and notes."""
    out = tmp_path / "report.html"
    args = ["--lang", "it", "balance", "futebol", "-n", "4", "-o", "goals=1", "--out", str(out)]
    assert runner.invoke(app, args).exit_code == 0
    page = out.read_text("utf-8")
    assert '<html lang="it">' in page and "Rapporto di bilanciamento: futebol" in page
    assert "percentuale di vittorie per posto (vantaggio di chi inizia)" in page
    assert "win rate" not in page
