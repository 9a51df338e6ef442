"""A balance study as a designer meets it (issue 23, parts 1 and 2): without flags it
plays the game's own policy, says who played and how strong, warns when play is too
weak to read, compares several settings, plans sample sizes and stops when clear."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.games import built_in

runner = CliRunner()


def run(*args: str) -> str:
    result = runner.invoke(app, ["balance", *args, "--workers", "1"])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("game", built_in())
def test_without_flags_the_game_s_own_policy_plays_and_is_measured(
    game: str, tmp_path: Path
) -> None:
    """`ludoteca balance GAME`, made small: the `medium` level at every seat, measured
    against random, and games that end with a winner."""
    out = tmp_path / "report.html"
    said = " ".join(run(game, "-n", "6", "--calibrate", "2", "--out", str(out)).split())
    page = out.read_text()
    assert "(level medium)" in page and "Agents by seat: heuristic, heuristic" in page
    rate = re.search(r"heuristic against random: ahead (\d+)% of the time", said)
    assert rate is not None and int(rate.group(1)) > 50
    assert re.search(r"first seat wins \d", said) and "drawn or stopped" not in said


def test_random_play_is_named_too_weak(tmp_path: Path) -> None:
    """Random agents in futebol with a 30-turn limit: no goal, every game stopped; and
    random measured against itself is no better than random."""
    out = str(tmp_path / "r.html")
    args = ("futebol", "-n", "6", "--level", "random", "-o", "turn_limit=30", "--out", out)
    said = " ".join(run(*args).split())
    assert "6 of 6 games were drawn or stopped by a limit" in said
    said = " ".join(run("futebol", "-n", "4", "--agents", "random,heuristic", "--out", out).split())
    assert "random is not measurably better than random play" not in said  # not measured
    assert "heuristic against random: ahead" in said


def test_three_settings_are_compared_with_the_first(tmp_path: Path) -> None:
    out = tmp_path / "cmp.html"
    said = run(
        "futebol",
        "-n",
        "20",
        "--calibrate",
        "0",
        "--out",
        str(out),
        "--compare",
        "goals=3",
        "--compare",
        "goals=1",
        "--compare",
        "mode=goal-limit",
    )
    page = out.read_text()
    assert "A: goals=3; B: goals=1; C: mode=goal-limit" in page
    assert "goals=1 played the very same games as goals=3" in " ".join(said.split())
    assert page.count("<td>C: mode=goal-limit</td>") >= 3  # win rate, length, margin


def test_the_planner_gives_the_textbook_numbers() -> None:
    said = " ".join(run("futebol", "--plan", "3").split())
    assert "from an even share, 50%" in said
    assert "about 2,178 games for one setting" in said and "4,356 games for each" in said
    said = " ".join(run("toxicity", "--plan", "3").split())
    assert "from an even share, 20%" in said


def test_a_sequential_study_stops_when_the_answer_is_clear(tmp_path: Path) -> None:
    """futebol's first seat is fair within 20 points long before 200 games: the study
    stops at a look and says why; the games it played are the full run's first ones."""
    out = tmp_path / "seq.html"
    args = ("futebol", "-n", "200", "--calibrate", "0", "--until-clear", "--precision", "20")
    said = " ".join(run(*args, "--out", str(out)).split())
    stopped = re.search(r"Stopped after (\d+) games a setting \(look (\d+) of 10\)", said)
    assert stopped is not None and int(stopped.group(1)) < 200
    assert "an even share, 50%, within 20 points" in said


def test_records_hold_every_game_of_every_setting_with_its_uses(tmp_path: Path) -> None:
    """`--records` (#42 item 5): a row a game, each setting named, with the score margin
    and each seat's uses of every action type, ready to pivot."""
    records = tmp_path / "games.csv"
    args = ["toinc", "-n", "4", "--calibrate", "0", "--out", str(tmp_path / "b.html")]
    args += ["-o", "length=practice", "-o", "practice_turns=2", "--records", str(records)]
    run(*args, "--compare", "blitz=next-play", "--compare", "blitz=same-play")
    with records.open(newline="") as lines:
        rows = list(csv.DictReader(lines))
    assert [row["setting"] for row in rows] == ["blitz=next-play"] * 4 + ["blitz=same-play"] * 4
    assert sorted(int(row["index"]) for row in rows[:4]) == [0, 1, 2, 3]
    for row in rows:
        assert float(row["margin"]) == float(row["score_0"]) - float(row["score_1"])
        played = [k for k, v in row.items() if k.startswith("action:") and v and float(v) > 0]
        assert played and all(k.endswith(("[0]", "[1]")) for k in played)
