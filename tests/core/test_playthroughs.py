"""`ludoteca.testing.playthroughs`: a golden playthrough written out and checked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ludoteca.testing import check_playthrough, record_playthrough
from ludoteca.testing.playthroughs import SHOWN, main

TOY = {"hand": 3}


def test_a_playthrough_shows_each_step_in_full_then_a_line_a_step() -> None:
    """Who acts, what each seat and a spectator see, the legal actions and the action;
    the hidden cards only where their seat sees them; the end with the returns."""
    text = record_playthrough("kalah", {})
    assert text == record_playthrough("kalah", {})  # the same seed, the same game
    lines = text.splitlines()
    assert lines[0] == "# kalah {} seed 20261125"
    assert lines[1] == "step 0: seat 0 acts"
    assert "  * board/0 = 4" in lines and "  spectator: seat = null" in lines
    assert "  legal (6): sow:a sow:b sow:c sow:d sow:e sow:f" in lines
    assert sum(line.startswith("step ") for line in lines) == SHOWN
    short = [line for line in lines if re.match(r"\d+ ", line)]
    assert short and re.fullmatch(rf"{SHOWN} sow:[a-f] [0-9a-f]{{16}}", short[0])
    assert re.fullmatch(r'end \{"scores": .*\} returns \[1\.0, -1\.0\] [0-9a-f]{16}', lines[-1])


def test_hidden_cards_are_written_under_their_seat_only() -> None:
    text = record_playthrough("toy", TOY)
    mine = [line for line in text.splitlines() if "you hold" in line]
    assert mine and all(line.startswith(("  seat 0:", "  seat 1:")) for line in mine)


def test_check_passes_on_its_record_and_names_where_a_changed_one_parts(tmp_path: Path) -> None:
    golden = tmp_path / "toy.txt"
    golden.write_text(record_playthrough("toy", TOY), encoding="utf-8")
    check_playthrough("toy", TOY, golden)
    text = golden.read_text(encoding="utf-8")
    played = re.search(r"  > (play:c\d)", text)
    assert played is not None
    golden.write_text(text.replace(f"  > {played[1]}", "  > play:c99", 1), encoding="utf-8")
    with pytest.raises(AssertionError, match=r"parts from its playthrough(.|\n)*-  > play:c99"):
        check_playthrough("toy", TOY, golden)
    with pytest.raises(AssertionError, match=r"python -m ludoteca\.testing toy"):
        check_playthrough("toy", TOY, tmp_path / "missing.txt")


def test_the_command_prints_one_and_refuses_bad_input_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["toy", "hand=2"]) == 0
    assert capsys.readouterr().out == record_playthrough("toy", {"hand": 2})
    for arguments in ([], ["toy", "hand"]):
        assert main(arguments) == 2
        assert capsys.readouterr().err.startswith("usage: python -m ludoteca.testing GAME")
    assert main(["chess"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("error: unknown game 'chess'") and len(said.splitlines()) == 1
