"""The `ludoteca` command line: listings, simulation, bench, replay, and clean errors."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app, main
from ludoteca.sim.playout import random_game
from tests.core.toy import Toy

runner = CliRunner()


def run_main(monkeypatch: pytest.MonkeyPatch, *args: str) -> int:
    monkeypatch.setattr(sys, "argv", ["ludoteca", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    code = exit_info.value.code
    return code if isinstance(code, int) else 1


def test_games_lists_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    from ludoteca.cli import main as cli_main

    monkeypatch.setattr(cli_main.console, "width", 100)  # whatever the terminal running it
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "toy" in result.output and "high, low" in result.output


def test_games_game_shows_every_option_in_full(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The list of games shortens options; one game's page gives each one whole."""
    from ludoteca.cli import main as cli_main

    monkeypatch.setattr(cli_main.console, "width", 100)  # whatever the terminal running it
    result = runner.invoke(app, ["games", "toxicity"])
    assert result.exit_code == 0, result.output
    rows = [line.split("│") for line in result.output.splitlines() if "│" in line]
    cells = {row[1].strip(): [cell.strip() for cell in row[2:]] for row in rows if row[1].strip()}
    assert cells["players"][:2] == ["5", "3–5"]
    assert cells["characters"][0] == "-" and cells["characters"][1].startswith("rulebook,")
    assert run_main(monkeypatch, "games", "chess") == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_simulate_json_counts_games() -> None:
    result = runner.invoke(app, ["simulate", "toy", "-n", "25", "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["games"] == 25
    assert sum(s["wins"] for s in summary["seats"]) + summary["draws"] == 25


def test_simulate_is_reproducible() -> None:
    args = ["simulate", "toy", "-n", "30", "--seed", "8", "--json", "--option", "hand=4"]
    assert runner.invoke(app, args).output == runner.invoke(app, args).output


def test_agent_parameters_may_contain_commas() -> None:
    args = ["simulate", "toy", "-n", "2", "--workers", "1", "--json"]
    result = runner.invoke(app, [*args, "--agents", "random,ismcts:iterations=5,depth=3"])
    assert result.exit_code == 0, result.output
    agents = [seat["agent"] for seat in json.loads(result.output)["seats"]]
    assert agents == ["random", "ismcts:iterations=5,depth=3"]


def test_simulate_writes_records(tmp_path: Path) -> None:
    csv_path, jsonl_path = tmp_path / "r.csv", tmp_path / "r.jsonl"
    for path in (csv_path, jsonl_path):
        result = runner.invoke(
            app, ["simulate", "toy", "-n", "12", "--workers", "1", "--records", str(path)]
        )
        assert result.exit_code == 0, result.output
    assert len(csv_path.read_text().splitlines()) == 13  # header + 12 games
    rows = [json.loads(line) for line in jsonl_path.read_text().splitlines()]
    assert [row["index"] for row in rows] == list(range(12))


def test_bench_prints_rates() -> None:
    result = runner.invoke(app, ["bench", "toy", "--seconds", "0.2"])
    assert result.exit_code == 0
    assert "steps/s" in result.output and "games/s" in result.output


def test_replay_shows_log_and_result(tmp_path: Path) -> None:
    game = Toy()
    path = tmp_path / "r.json"
    game.record(random_game(game, 5)).save(path)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "takes the trick" in result.output and "finished" in result.output


def test_play_against_random_from_typed_input(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    result = runner.invoke(
        app,
        ["play", "toy", "--seed", "2", "--save", str(path)],
        input="1\n" * 10,
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    saved = json.loads(path.read_text())
    assert saved["result"] is not None


def test_play_refuses_a_typed_illegal_action_and_asks_again() -> None:
    result = runner.invoke(app, ["play", "toy", "--seed", "2"], input="play:c99\n" + "1\n" * 10)
    assert "'play:c99' is not legal now" in result.output
    assert "Game over" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["simulate", "toy", "--variant", "middle"], "must be one of high, low"),
        (["simulate", "toy", "--option", "hand"], "must be key=value"),
        (["simulate", "toy", "--agents", "random,genius"], "unknown agent 'genius'"),
        (["simulate", "toy", "--agents", "random"], "needs 2 agents"),
        (["simulate", "toy", "--records", "out.txt"], "must end in .csv, .jsonl or .parquet"),
        (["play", "toy", "--seat", "5=human"], "seats 0-1"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    assert run_main(monkeypatch, *args) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_malformed_replay_exits_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(
        '{"format": "ludoteca-replay", "version": 1, "game": "toy", "seed": 1,'
        ' "actions": ["play:c77"]}'
    )
    assert run_main(monkeypatch, "replay", str(path)) == 2
    err = capsys.readouterr().err
    assert "replay action #1 'play:c77' is illegal" in err
    assert len(err.strip().splitlines()) == 1


def test_the_terminal_names_touchdowns_action_phase_and_computer_in_the_readers_words() -> None:
    """Issue 38: `--lang it play touchdown`: the scoreboard says "calcio d'inizio" and "fase
    schieramento" (not `kickoff`, `setup`), the computer is named by its level ("computer
    (medio)", not "heuristic"), and a word that is no choice gets the numbers to type."""
    result = runner.invoke(
        app,
        [
            "--lang",
            "it",
            "play",
            "touchdown",
            "--seed",
            "4",
            "--seat",
            "0=human",
            "--seat",
            "1=heuristic",
        ],
        input="zzz\n" + "1\n" * 3,
    )
    out = " ".join(result.output.split())  # the panel wraps its lines
    assert "Bianchi: computer (medio)" in out
    assert "calcio d'inizio dei" in out or "attacco dei" in out
    assert "fase schieramento" in out or "fase il sorteggio" in out
    assert "fase setup" not in out and "kickoff" not in out and "heuristic" not in out
    assert "'zzz' non è una delle scelte: scrivi un numero da 1 a" in out


@pytest.mark.parametrize(("level", "word"), [("medium", "medio"), ("easy", "facile")])
def test_play_takes_the_lobbys_level_names_for_a_computer(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], level: str, word: str
) -> None:
    """`--seat 1=medium` plays the level the lobby calls medium (the heuristic) and names
    it so; an unknown name is one clear error naming the levels (exit 2), before the game."""
    result = runner.invoke(
        app,
        [
            "--lang",
            "it",
            "play",
            "kalah",
            "--seed",
            "3",
            "--seat",
            "0=human",
            "--seat",
            f"1={level}",
        ],
        input="1\n" * 40,
    )
    assert f"Nord: computer ({word})" in " ".join(result.output.split()), result.output
    assert run_main(monkeypatch, "play", "kalah", "--seat", "0=human", "--seat", "1=expert") == 2
    captured = capsys.readouterr()
    assert "'expert' is no level (random, easy, medium, hard" in captured.err
    assert "Kalah" not in captured.out  # refused before the game starts
    bad = ("play", "kalah", "--seat", "0=human", "--seat", "1=ismcts:iterations=-5")
    assert run_main(monkeypatch, *bad) == 2  # a known agent: its own reason
    assert "iterations must not be negative" in capsys.readouterr().err
