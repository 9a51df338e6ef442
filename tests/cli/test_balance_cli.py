"""`ludoteca balance`: the HTML report holds every chart; settings compared; clean errors."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app, main
from ludoteca.core import OptionError

runner = CliRunner()
IMG = re.compile(r'<img alt="[^"]*" src="data:image/png;base64,[A-Za-z0-9+/=]{100,}">')


def _sections(page: str) -> list[str]:
    """The sections after the study's own (`warnings` if any, then `agents`)."""
    found = re.findall(r'<section id="([^"]+)"', page)
    return found[found.index("agents") + 1 :]


def test_toinc_report_has_every_chart(tmp_path: Path) -> None:
    out = tmp_path / "toinc.html"
    args = ["balance", "toinc", "-n", "4", "--seed", "2", "--workers", "1", "--out", str(out)]
    args += ["--calibrate", "0"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert _sections(page) == [
        "seats",
        "scores",
        "length",
        "actions",
        "points",
        "dynamics",
        "cards",
        "statistics",
    ]
    assert len(IMG.findall(page)) == 7  # the statistics section is a table
    assert page.count("<tr>") >= 200  # the card table lists every card of the deck
    assert "http" not in page  # self-contained: nothing fetched


def test_toxicity_report_shows_each_character(tmp_path: Path) -> None:
    out = tmp_path / "tox.html"
    args = [
        "balance",
        "toxicity",
        "-n",
        "3",
        "-o",
        "players=3",
        "--workers",
        "1",
        "--calibrate",
        "0",
    ]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert _sections(page)[-3:] == ["statistics", "groups", "groups-item"]
    assert "<td>blue</td>" in page and "<td>red</td>" in page
    assert len(IMG.findall(page)) == len(_sections(page)) - 1  # statistics is a table


def test_compare_two_settings_side_by_side(tmp_path: Path) -> None:
    out = tmp_path / "cmp.html"
    args = ["balance", "toy", "-n", "30", "--workers", "1", "--out", str(out), "--calibrate", "0"]
    result = runner.invoke(app, [*args, "--compare", "hand=3", "--compare", "hand=5"])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    charts = (
        "seats",
        "scores",
        "length",
        "actions",
        "points",
        "dynamics",
    )  # toy: tricks are points
    expected = [f"{p}{c}" for p in ("a-", "b-") for c in charts] + ["compare"]
    assert _sections(page) == expected
    assert "two-proportion z-test" in page and "A: hand=3" in page and "B: hand=5" in page
    assert "Holm" in page and "Mann-Whitney U" in page
    assert len(IMG.findall(page)) == len(expected)  # one chart per section


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--compare", "hand=3"], "--compare must be given at least twice (got 1)"),
        (["--compare", "hand=3", "--compare", "nonsense"], "must be key=value"),
        (["--backend", "spark"], "--backend spark: choose one of local, ray"),
    ],
)
def test_bad_balance_input_exits_2_with_one_line(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    args: list[str],
    message: str,
) -> None:
    argv = ["ludoteca", "balance", "toy", "-n", "2", "--out", str(tmp_path / "x.html"), *args]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit) as exit_info:
        main()
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_simulate_backend_ray_without_ray_exits_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    monkeypatch.setattr(sys, "argv", ["ludoteca", "simulate", "toy", "-n", "2", "--backend", "ray"])
    with pytest.raises(SystemExit) as exit_info:
        main()
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "pip install 'ludoteca[ray]'" in err and len(err.strip().splitlines()) == 1


def test_skill_is_measured_under_every_setting(tmp_path: Path) -> None:
    out = tmp_path / "skill.html"
    args = ["balance", "kalah", "-n", "10", "--calibrate", "0", "--workers", "1"]
    args += ["--compare", "seeds=3", "--compare", "seeds=4", "--skill", "medium,random"]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert "Does skill tell? heuristic against random" in page  # medium: the game's policy
    assert "A: seeds=3" in page and "B: seeds=4" in page
    assert _sections(page)[-2:] == ["skill", "compare"]


@pytest.mark.parametrize(
    ("skill", "message"),
    [("hard", "--skill must name two agents"), ("hard,nobody", "unknown agent 'nobody'")],
)
def test_a_bad_skill_pair_is_refused_before_any_game(skill: str, message: str) -> None:
    result = runner.invoke(app, ["balance", "kalah", "-n", "10", "--skill", skill])
    assert isinstance(result.exception, OptionError) and message in str(result.exception)
