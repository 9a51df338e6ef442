"""`ludoteca league`: Touch down league play (*Regole per il campionato*) from the terminal."""

from __future__ import annotations

import csv
import io
import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app, main
from ludoteca.games.touchdown.league import load_league, save_league

runner = CliRunner()


def cli(*args: str) -> str:
    result = runner.invoke(app, [*args])
    assert result.exit_code == 0, result.output
    return result.output


def fails(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run `ludoteca ARGS` as the console does; it must exit 2 with one error line."""
    monkeypatch.setattr(sys, "argv", ["ludoteca", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and err.count("error:") == 1
    return " ".join(err.split())


def _league(tmp_path: Path) -> Path:
    path = tmp_path / "league.json"
    cli("league", "new", str(path))
    return path


def _play_and_save(league: Path, replay: Path, seed: str) -> None:
    cli(
        "play",
        "touchdown",
        "--seat",
        "0=random",
        "--seat",
        "1=random",
        "--seed",
        seed,
        "-o",
        "quarter_minutes=1",
        "-o",
        f"league_file={league}",
        "--save",
        str(replay),
    )


def test_new_and_show_the_two_squads(tmp_path: Path) -> None:
    """A new league holds both default squads (value 40 each), nothing banked."""
    path = _league(tmp_path)
    league = load_league(path)
    assert league.matches == 0 and [t.bank for t in league.teams] == [0, 0]
    out = cli("league", "show", str(path))
    assert "Gialli" in out and "Bianchi" in out and "budget 40, banked picks 0" in out


def test_a_match_played_elsewhere_is_recorded_once(tmp_path: Path) -> None:
    """`ludoteca play touchdown -o league_file=…` uses the league's squads; `league record`
    then keeps the report and banks the loser's pick (*Scelta di nuovi giocatori*)."""
    path, replay = _league(tmp_path), tmp_path / "m1.json"
    _play_and_save(path, replay, "1")  # White wins 6-0 (seed found by search)
    out = cli("league", "record", str(path), str(replay))
    assert "Recorded match 1: Yellow 0 - White 6" in out and "Yellow lost" in out
    league = load_league(path)
    assert league.matches == 1 and league.played[0].score == (0, 6)
    assert [t.bank for t in league.teams] == [2, 0]
    assert any(row["td"] == 1 for row in league.played[0].report)


def test_recording_twice_or_a_foreign_replay_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A match counts once; only finished touchdown league matches are recorded."""
    path, replay = _league(tmp_path), tmp_path / "m.json"
    _play_and_save(path, replay, "3")
    cli("league", "record", str(path), str(replay))
    assert "already recorded in the league (match 1)" in fails(
        monkeypatch, capsys, "league", "record", str(path), str(replay)
    )
    plain = tmp_path / "plain.json"
    cli("play", "touchdown", "--seat", "0=random", "-o", "quarter_minutes=1", "--save", str(plain))
    assert "not played with a league file" in fails(
        monkeypatch, capsys, "league", "record", str(path), str(plain)
    )
    data = json.loads(replay.read_text())
    data["actions"] = data["actions"][:50]
    data["result"] = None
    replay.write_text(json.dumps(data))
    assert "unfinished match" in fails(
        monkeypatch, capsys, "league", "record", str(path), str(replay)
    )


def test_league_play_records_the_match(tmp_path: Path) -> None:
    """`league play` plays with the league's squads and records the finished match."""
    path = _league(tmp_path)
    out = cli(
        "league", "play", str(path), "--seat", "0=random", "--seed", "1", "-o", "quarter_minutes=1"
    )
    assert "Recorded match 1: Yellow 0 - White 6" in out
    assert "Game over: White (computer 2 (random)) wins" in out  # its side and its player
    assert "[bold]" not in out  # styled, not raw markup
    assert load_league(path).teams[0].bank == 2


def test_pick_spends_banked_points(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """*Scelta di nuovi giocatori*: 2 points per loss, bankable, spent on new players."""
    path = _league(tmp_path)
    assert "exceeds the 0 banked points" in fails(
        monkeypatch, capsys, "league", "pick", str(path), "yellow", "90", "D", "1", "1"
    )
    league = load_league(path)
    save_league(replace(league, teams=(replace(league.teams[0], bank=4), league.teams[1])), path)
    out = cli("league", "pick", str(path), "yellow", "90", "D", "2", "1")
    assert "Yellow pick #90 D (value 3); 1 point(s) left" in out
    team = load_league(path).teams[0]
    assert team.bank == 1 and team.budget == 43 and team.roster.cards[-1].number == 90
    assert "budget 43, banked picks 1" in cli("league", "show", str(path))
    bad = [
        (("purple", "91", "D", "0", "1"), "team 'purple' must be yellow or white"),
        (("white", "91", "X", "0", "0"), "field 'role' must be one of"),
        (("white", "91", "D", "4", "0"), "field 'tackle' must be a whole number 0-3"),
        (("yellow", "90", "D", "0", "0"), "number 90 is already in the squad"),
    ]
    for args, message in bad:
        assert message in fails(monkeypatch, capsys, "league", "pick", str(path), *args)


def test_report_exports_csv_and_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """*Il referto della partita*: one row per player, exported as CSV or JSON."""
    path, replay = _league(tmp_path), tmp_path / "m.json"
    assert "no recorded match yet" in fails(monkeypatch, capsys, "league", "report", str(path))
    _play_and_save(path, replay, "1")
    cli("league", "record", str(path), str(replay))
    rows = list(csv.DictReader(io.StringIO(cli("league", "report", str(path)))))
    assert rows and {r["team"] for r in rows} <= {"Y", "W"}
    scorer = next(r for r in rows if r["td"] == "1")
    assert scorer["team"] == "W"
    out = tmp_path / "report.json"
    cli("league", "report", str(path), "--match", "1", "--format", "json", "--out", str(out))
    document = json.loads(out.read_text())
    assert document["match"] == 1 and document["score"] == [0, 6]
    assert len(document["players"]) == len(rows)
    assert "matches 1-1" in fails(
        monkeypatch, capsys, "league", "report", str(path), "--match", "2"
    )
    assert "must be csv or json" in fails(
        monkeypatch, capsys, "league", "report", str(path), "--format", "xml"
    )


def test_bad_input_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bad files and options: exit 2 with one message naming the problem."""
    path = _league(tmp_path)
    assert "already exists (use --force" in fails(monkeypatch, capsys, "league", "new", str(path))
    roster = tmp_path / "bad.toml"
    roster.write_text('name = "Bad"\n[[players]]\nnumber = 1\nrole = "D"\ntackle = 3\nspeed = 3\n')
    assert "sum to 6, the rule asks for 40" in fails(
        monkeypatch, capsys, "league", "new", str(tmp_path / "n.json"), "--yellow", str(roster)
    )
    assert "not valid JSON" in fails(monkeypatch, capsys, "league", "show", str(roster))
    roster.write_text('{"format": "something else"}')
    assert "not a touchdown league file" in fails(
        monkeypatch, capsys, "league", "show", str(roster)
    )
    assert "missing.json: cannot read it" in fails(
        monkeypatch, capsys, "league", "show", str(tmp_path / "missing.json")
    )
    assert "option 'yellow_roster' is not for league play" in fails(
        monkeypatch, capsys, "league", "play", str(path), "-o", f"yellow_roster={roster}"
    )
