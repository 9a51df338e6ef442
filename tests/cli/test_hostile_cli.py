"""Issue 15, part 6: hostile or careless input at the command line gets one line naming
what is wrong and exit 2, changing nothing; user text is never markup or a formula; a
stopped bot run resumes.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

import pytest

from ludoteca.cli.main import main
from ludoteca.tournament import bots

SHORT_TOINC = ["-o", "length=practice", "-o", "practice_turns=2"]


def run(monkeypatch: pytest.MonkeyPatch, *args: str) -> int:
    """Run `ludoteca ARGS` in-process; its exit status."""
    monkeypatch.setattr(sys, "argv", ["ludoteca", *args])
    try:
        main()
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 1
    return 0


def one_error(capsys: pytest.CaptureFixture[str]) -> str:
    """The single error line printed on stderr (and nothing on stdout)."""
    out, err = capsys.readouterr()
    assert out == "", out
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err
    return lines[0]


def test_replay_of_a_binary_file_is_one_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bytes that are not UTF-8 (today: UnicodeDecodeError)."""
    path = tmp_path / "game.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe" * 20)
    assert run(monkeypatch, "replay", str(path)) == 2
    assert "not UTF-8 text" in one_error(capsys)


def test_replay_of_deeply_nested_json_is_one_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`[[[[…]]]]` 100,000 deep (today: RecursionError)."""
    path = tmp_path / "game.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert run(monkeypatch, "replay", str(path)) == 2
    assert "nested more than 32 levels deep" in one_error(capsys)


def test_replay_checks_the_seat_before_printing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--seat 9` of a two-seat game: the error alone, not the log then the error."""
    path = tmp_path / "game.json"
    assert (
        run(monkeypatch, "play", "toinc", "--seat", "0=random", *SHORT_TOINC, "--save", str(path))
        == 0
    )
    capsys.readouterr()
    assert run(monkeypatch, "replay", str(path), "--seat", "9") == 2
    assert "--seat 9" in one_error(capsys)


def test_a_directory_as_the_tournament_database_is_one_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tournament --db /tmp list` (today: IsADirectoryError)."""
    assert run(monkeypatch, "tournament", "--db", str(tmp_path), "list") == 2
    assert "is a directory" in one_error(capsys)
    assert list(tmp_path.iterdir()) == []


def test_player_names_are_printed_as_text_never_markup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`[/]` is a name, not a markup error; `[red]Eve[/red]` and a link print as typed."""
    db = str(tmp_path / "cup.db")
    names = ["[/]", "[red]Eve[/red]", "[link=https://example.org]Ana[/link]", ":smile: Bia"]
    assert run(monkeypatch, "tournament", "--db", db, "new", "cup") == 0
    assert run(monkeypatch, "tournament", "--db", db, "add-player", "cup", *names) == 0
    assert run(monkeypatch, "tournament", "--db", db, "pair", "cup") == 0
    assert run(monkeypatch, "tournament", "--db", db, "standings", "cup") == 0
    out = capsys.readouterr().out
    for name in names:
        assert name in out, name
    assert "\x1b]8;" not in out  # no terminal hyperlink


def test_csv_export_neutralises_formulas(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Cells beginning with = + - @ are written as text (a leading apostrophe)."""
    db = str(tmp_path / "cup.db")
    names = ['=HYPERLINK("http://x","y")', "+1", "-2+3", "@SUM(A1)", "Ana"]
    assert run(monkeypatch, "tournament", "--db", db, "new", "cup") == 0
    assert run(monkeypatch, "tournament", "--db", db, "add-player", "cup", "--", *names) == 0
    out = tmp_path / "standings.csv"
    assert run(monkeypatch, "tournament", "--db", db, "export", "cup", str(out)) == 0
    with out.open(encoding="utf-8", newline="") as handle:
        players = {row["player"] for row in csv.DictReader(handle)}
    assert players == {"'" + n for n in names[:4]} | {"Ana"}


def test_a_stopped_bot_run_resumes_where_it_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Killed during round 2, the same command with `--resume` plays rounds 2 and 3 and
    ends as an unbroken run does; without `--resume` it says how to go on."""
    args = ["run", "--game", "toinc", "--agents", "random,random,random,random", "--rounds", "3"]
    args += ["--seed", "5", *SHORT_TOINC]
    whole, broken = str(tmp_path / "whole.db"), str(tmp_path / "broken.db")
    assert run(monkeypatch, "tournament", "--db", whole, *args) == 0
    real = bots.play_swiss_round
    calls = []

    def dies_in_round_two(*given: object, **named: object) -> None:
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        real(*given, **named)  # type: ignore[arg-type]

    monkeypatch.setattr("ludoteca.cli.tournament_tools.play_swiss_round", dies_in_round_two)
    assert run(monkeypatch, "tournament", "--db", broken, *args) == 130  # Ctrl-C: "Aborted!"
    assert len(calls) == 2
    monkeypatch.setattr("ludoteca.cli.tournament_tools.play_swiss_round", real)
    capsys.readouterr()
    assert run(monkeypatch, "tournament", "--db", broken, *args) == 2
    assert "--resume" in one_error(capsys)
    assert run(monkeypatch, "tournament", "--db", broken, *args, "--seed", "6", "--resume") == 2
    assert run(monkeypatch, "tournament", "--db", broken, *args, "--resume") == 0
    exported = []
    for db in (whole, broken):
        out = tmp_path / f"{Path(db).stem}.json"
        assert run(monkeypatch, "tournament", "--db", db, "export", "toinc-bots-5", str(out)) == 0
        exported.append(json.loads(out.read_text(encoding="utf-8"))["standings"])
    assert exported[0] == exported[1]
