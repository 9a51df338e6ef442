"""`ludoteca tournament`: an organizer's Duel and Melee, a bot event, clean errors."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app, main
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.store import TournamentStore

runner = CliRunner()


def cli(db: Path, *args: str) -> str:
    result = runner.invoke(app, ["tournament", "--db", str(db), *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_an_organizer_runs_a_duel_to_its_top_cut(tmp_path: Path) -> None:
    db = tmp_path / "e.db"
    cli(db, "new", "cup", "--seed", "3")
    cli(db, "add-player", "cup", "Ana", "Bia", "Caio", "Duda", "Edu", "Fabi")
    for number in (1, 2, 3):
        cli(db, "pair", "cup")
        cli(db, "report", "cup", str(number), "1", "win")
        cli(db, "report", "cup", str(number), "2", "--power", "10", "--power", "12")
        cli(db, "report", "cup", str(number), "3", "draw")
    out = cli(db, "standings", "cup")
    assert "points" in out
    cli(db, "top-cut", "cup", "--size", "4")
    cli(db, "report", "cup", "4", "1", "win")
    cli(db, "report", "cup", "4", "2", "loss")
    cli(db, "top-cut", "cup")
    cli(db, "report", "cup", "5", "1", "win")
    _, event = TournamentStore(str(db)).load("cup")
    assert isinstance(event, DuelEvent) and event.top_cut is not None and event.top_cut.finished
    cli(db, "export", "cup", str(tmp_path / "cup.csv"))
    cli(db, "export", "cup", str(tmp_path / "cup.json"))
    rows = list(csv.DictReader((tmp_path / "cup.csv").open()))
    assert len(rows) == 6
    exported = json.loads((tmp_path / "cup.json").read_text())
    assert len(exported["event"]["rounds"]) == 3


def test_an_organizer_runs_a_melee_to_its_final_table(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    cli(db, "new", "melee", "--format", "melee")
    cli(db, "add-player", "melee", *[f"P{i}" for i in range(1, 8)])
    for number in (1, 2):
        out = cli(db, "pair", "melee")
        assert f"round {number}" in out
        _, event = TournamentStore(str(db)).load("melee")
        for index, table in enumerate(event.rounds[number - 1], start=1):  # type: ignore[union-attr]
            powers = [str(15 - 3 * seat) for seat in range(len(table.seats))]
            cli(
                db,
                "report",
                "melee",
                str(number),
                str(index),
                *[word for p in powers for word in ("--power", p)],
            )
    out = cli(db, "top-cut", "melee")
    assert "Final table" in out


def test_a_bot_duel_plays_every_match(tmp_path: Path) -> None:
    db = tmp_path / "b.db"
    out = cli(
        db,
        "run",
        "--game",
        "toy",
        "--agents",
        ",".join(["random"] * 6),
        "--rounds",
        "3",
        "--top-cut",
        "4",
        "--name",
        "bots",
    )
    assert "standings" in out
    _, event = TournamentStore(str(db)).load("bots")
    assert isinstance(event, DuelEvent)
    assert len(event.rounds) == 3 and all(r.complete for r in event.rounds)
    assert event.top_cut is not None and event.top_cut.finished
    total = sum(s.points for s in event.standings())
    assert total == 3 * 3 * 5  # three tables a round, toy games always end with a winner


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["new", "x", "--format", "swiss"], "--format must be duel or melee"),
        (["pair", "ghost"], "no event named 'ghost'"),
        (["run", "--game", "toy", "--agents", "random"], "at least two players"),
        (["run", "--game", "toy", "--agents", "random,brain"], "unknown agent 'brain'"),
    ],
)
def test_bad_input_exits_2(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    args: list[str],
    message: str,
) -> None:
    monkeypatch.setattr(
        sys, "argv", ["ludoteca", "tournament", "--db", str(tmp_path / "e.db"), *args]
    )
    with pytest.raises(SystemExit) as exit_info:
        main()
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_a_bad_result_word_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "e.db"
    cli(db, "new", "cup")
    cli(db, "add-player", "cup", "A", "B")
    cli(db, "pair", "cup")
    monkeypatch.setattr(
        sys, "argv", ["ludoteca", "tournament", "--db", str(db), "report", "cup", "1", "1", "won"]
    )
    with pytest.raises(SystemExit):
        main()
    assert "result must be one of win, timed_win" in capsys.readouterr().err
    _, event = TournamentStore(str(db)).load("cup")
    assert isinstance(event, DuelEvent) and event.rounds[0].matches[0].result is None
