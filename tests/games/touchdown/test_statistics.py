"""Yards by play type: `statistics()` for balance reports (issue 7: *Touch down: yards
by play type*), and the chart of them in a small `ludoteca balance` report."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.games.touchdown import admin
from ludoteca.games.touchdown.state import TouchdownState

from .helpers import move, open_move, situation


def _phase5(state: TouchdownState) -> None:
    state.phase, state.actor = "pass", state.possession
    state._legal = None


def test_a_run_by_the_offence_counts_as_run() -> None:
    """*Yard corse*: the carrier's rows from the line to his furthest row are a run."""
    s = situation({"Y20": "g11", "W40": "b25", "Y77": "b3"}, carrier="Y20", spot="g12", dice=[6])
    s.run_from, s.run_best = 12, 11
    open_move(s, 0, 4)
    move(s, "Y20", "g15")
    admin.dead(s, s.pos["Y20"], "test")
    assert s.statistics()["yards.run"] == 3 * 2.5
    assert sum(s.statistics().values()) == 3 * 2.5


def test_a_completed_forward_pass_counts_as_pass() -> None:
    """*Yard ricevute*: rows from the line to the catch are pass yards."""
    s = situation({"Y12": "g10", "Y80": "g18", "W40": "b25", "Y77": "b3"}, carrier="Y12", dice=[6])
    _phase5(s)
    s.apply("pass:Y80")
    assert s.statistics()["yards.pass"] == 6 * 2.5


def test_a_punt_counts_its_length_and_the_return() -> None:
    """*Punt*: the kick's rows from the ball spot to where it lands, then the
    receiver's run back from where he took the ball (*runback*) is a punt return."""
    s = situation(
        {"Y3": "g10", "W30": "g22", "Y77": "b3", "W40": "b25"},
        carrier="Y3",
        kind="punt",
        spot="g10",
        move_no=1,
        dice=[2],
    )
    _phase5(s)
    s.apply("kick:g24")
    s.apply("ball:g22")  # onto W30, who has it
    assert s.statistics()["yards.punt"] == 12 * 2.5
    open_move(s, 1, 3, phase=6)
    move(s, "W30", "g19")
    admin.dead(s, s.pos["W30"], "test")
    stats = s.statistics()
    assert stats["yards.punt_return"] == 3 * 2.5 and stats["yards.run"] == 0.0


def test_a_fumble_taken_and_run_back_counts_as_turnover_return() -> None:
    """*Fumble*: a defender who takes the ball and runs makes a turnover return."""
    s = situation({"Y20": "g14", "W90": "g15", "Y77": "b3", "W40": "b25"}, carrier="Y20")
    s._take_ball("W90")
    open_move(s, 1, 3, phase=6)
    move(s, "W90", "g12")
    admin.dead(s, s.pos["W90"], "test")
    assert s.statistics()["yards.turnover_return"] == 3 * 2.5


def test_balance_report_charts_yards_by_play_type(tmp_path: Path) -> None:
    """A small `ludoteca balance touchdown` report has the yards-by-play-type chart."""
    out = tmp_path / "td.html"
    args = ["balance", "touchdown", "-n", "2", "-o", "quarter_minutes=1", "--workers", "1"]
    result = CliRunner().invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert "by-yards" in re.findall(r'<section id="([^"]+)"', page)
    section = page[page.index('<section id="by-yards"') :]
    section = section[: section.index("</section>")]
    assert "yards by type (mean per game)" in section
    assert re.search(
        r'<img alt="yards by type" src="data:image/png;base64,[A-Za-z0-9+/=]{100,}"', section
    )
    for play in ("run", "pass", "punt", "kickoff", "kickoff_return", "punt_return"):
        assert f"<td>yards.{play}</td>" in page
