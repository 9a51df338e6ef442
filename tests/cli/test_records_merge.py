"""Per-game records as CSV, JSON lines and Parquet, read back and pooled across runs
(`balance --merge`, #42 item 5): a record read back is the record written, and a report
pooled from several seeds' records counts exactly the games those runs played."""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.cli.report import RecordWriter
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.parallel import GameRecord, run_games
from ludoteca.sim.records import read_records
from tests.cli.test_hostile_cli import one_error
from tests.cli.test_hostile_cli import run as main_run

FORMATS = (".csv", ".jsonl", ".parquet")
runner = CliRunner()

amounts = st.tuples(st.integers(0, 9).map(float), st.integers(0, 9).map(float))
records = st.builds(
    GameRecord,
    index=st.integers(0, 10**6),
    seed=st.integers(0, 2**63 - 1),
    scores=amounts,
    winner=st.sampled_from([None, 0, 1]),
    steps=st.integers(0, 10**4),
    statistics=st.dictionaries(st.sampled_from(["door", "blue.rounds", "x"]), st.floats(0, 9)),
    usage=st.dictionaries(st.sampled_from(["action:a", "card:c.1", "lead:taken"]), amounts),
    unfinished=st.booleans(),
)


@pytest.mark.parametrize("suffix", FORMATS)
@settings(max_examples=15, deadline=None)
@given(games=st.lists(records, min_size=1, max_size=6))
def test_a_record_read_back_is_the_record_written(suffix: str, games: list[GameRecord]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"records{suffix}"
        with RecordWriter(path, usage=True) as writer:
            for record in games:
                writer.write(record, game="kalah", setting="=SUM(A1)", agents="random,random")
        rows = list(read_records(path))
        assert not list(Path(folder).glob("*.tmp"))
    for row, record in zip(rows, games, strict=True):
        assert row.game == "kalah" and row.agents == "random,random"
        assert row.setting in ("=SUM(A1)", "'=SUM(A1)")  # a CSV cell is never a formula
        assert row.record == GameRecord(
            record.index,
            record.seed,
            record.scores,
            record.winner,
            record.steps,
            record.statistics,
            record.usage,
            record.unfinished,
        )


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, re.sub(r"\s+", " ", result.output)


def played(records: Path, games: int, seed: int = 0) -> None:
    """A kalah balance run of `games` games writing its `records`."""
    code, said = run(
        "balance",
        "kalah",
        "-n",
        str(games),
        "--seed",
        str(seed),
        "--calibrate",
        "0",
        "--records",
        str(records),
        "--out",
        str(records.with_suffix(".html")),
    )
    assert code == 0, said


def test_a_report_pooled_from_three_seeds_counts_exactly_their_games(tmp_path: Path) -> None:
    files = [tmp_path / f"seed{seed}{suffix}" for seed, suffix in enumerate(FORMATS, start=1)]
    for seed, path in enumerate(files, start=1):
        played(path, 12, seed)
    merged = ["balance", "kalah", "--out", str(tmp_path / "merged.html")]
    code, said = run(*merged, *(f"--merge={path}" for path in files))
    assert code == 0, said
    pooled = BalanceStats(seats=2)
    for seed in (1, 2, 3):
        for record in run_games("kalah", {}, ["heuristic"] * 2, 12, seed, 1, usage=True):
            pooled.add(record)
    share = f"{100 * pooled.win_rate(0):.1f}%"
    assert f"36 games, first seat wins {share}" in said
    page = (tmp_path / "merged.html").read_text()
    assert "Pooled from the records of earlier runs" in page and "seed3.parquet: 12 games" in page


def test_merging_refuses_a_game_counted_twice_and_another_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "run.jsonl"
    played(path, 6)
    refused = [
        (("--merge", str(path), "--merge", str(path)), "counted already"),
        (("--merge", str(path), "--agents", "random,random"), "not random,random"),
        (("--merge", str(path), "--compare", "seeds=3", "--compare", "seeds=4"), "not one of"),
        (("--merge", str(tmp_path / "run.txt")), "must end in .csv, .jsonl or .parquet"),
        (("--merge", str(tmp_path / "none.csv")), "no such file"),
    ]
    for args, problem in refused:
        assert main_run(monkeypatch, "balance", "kalah", *args) == 2
        assert problem in one_error(capsys)
    assert main_run(monkeypatch, "balance", "toinc", "--merge", str(path)) == 2
    assert "games of kalah, not toinc" in one_error(capsys)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("index,seed,winner,steps,score_0,score_1\n0,1,7,3,1,0\n", "winner 7 is not a seat"),
        ("index,seed,winner,steps,score_0\n0,1.5,0,3,1\n", "1.5 is not a whole number"),
        ("index,seed,winner,score_0,score_1\n0,1,0,1,0\n", "no steps column"),
        ("index,seed,winner,steps,score_0,score_1\n0,1,0,3,inf,0\n", "not a finite number"),
        ("index,seed,winner,steps\n0,1,0,3\n", "the scores must be"),
        ("index,seed,winner,steps,score_0,score_1\n", "no games"),
    ],
)
def test_a_malformed_records_file_is_one_clear_message(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    text: str,
    problem: str,
) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(text)
    assert main_run(monkeypatch, "balance", "kalah", "--merge", str(path)) == 2
    assert problem in one_error(capsys)


def test_parquet_without_its_extra_is_one_line_naming_it_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # as if pyarrow were not installed
    records = tmp_path / "games.parquet"
    assert main_run(monkeypatch, "balance", "kalah", "-n", "4", "--records", str(records)) == 2
    assert "pip install 'ludoteca[parquet]'" in one_error(capsys)
    assert not records.exists() and not list(tmp_path.iterdir())
