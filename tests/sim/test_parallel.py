"""Simulation runs: identical for any number of workers, totals that add up."""

from __future__ import annotations

import pytest

from ludoteca import games
from ludoteca.core import OptionError
from ludoteca.sim.parallel import play_chunk, run_games, simulate_run


def test_one_and_two_workers_give_identical_records() -> None:
    one = list(run_games("toy", {"hand": 4}, ["random", "random"], 50, seed=3, workers=1))
    two = list(run_games("toy", {"hand": 4}, ["random", "random"], 50, seed=3, workers=2))
    assert one == two
    assert [r.index for r in one] == list(range(50))


def test_summary_totals_every_game() -> None:
    summary = simulate_run("toy", {"hand": 4}, ["random", "random"], 60, seed=1, workers=1)
    report = summary.to_json()
    assert report["games"] == 60
    assert sum(s["wins"] for s in report["seats"]) + report["draws"] == 60
    assert summary.score_totals[0] + summary.score_totals[1] == 60 * 4  # four tricks a game


def test_a_run_stopped_early_keeps_finished_games() -> None:
    seen: list[int] = []

    def stop_after_ten(record: object) -> None:
        seen.append(1)
        if len(seen) == 10:
            raise KeyboardInterrupt

    summary = simulate_run("toy", {}, ["random", "random"], 100, 1, 1, stop_after_ten)
    assert summary.games == 10


def test_agent_count_is_checked_before_playing() -> None:
    with pytest.raises(OptionError, match="needs 2 agents, got 3"):
        list(run_games("toy", {}, ["random"] * 3, 5, seed=0, workers=1))


def test_games_stopped_by_a_turn_limit_are_unfinished_not_draws() -> None:
    """futebol decision 19: a turn limit stops a match with no result; a run counts
    such games apart from draws and says so in each record."""
    summary = simulate_run("futebol", {"turn_limit": 6}, ["random", "random"], 8, 2, 1)
    report = summary.to_json()
    assert report["unfinished"] == 8 and report["unfinished_rate"] == 1.0
    assert report["draws"] == 0 and all(s["wins"] == 0 for s in report["seats"])
    records = list(run_games("futebol", {"turn_limit": 6}, ["random", "random"], 3, 2, 1))
    assert all(r.unfinished and r.row()["unfinished"] and r.winner is None for r in records)


@pytest.mark.parametrize("name", games.playable())
def test_a_simulation_plays_quiet_and_finds_what_a_logged_game_finds(name: str) -> None:
    """Simulations keep no event log (#42 item 7): the records, usage traced, are the
    very ones of the same games played with the log."""
    options = games.game_class(name).short_options()
    seats = games.load(name, **options).num_seats
    specs = ["heuristic"] * seats
    quiet = play_chunk(name, options, specs, 5, range(2), usage=True, quiet=True)
    logged = play_chunk(name, options, specs, 5, range(2), usage=True, quiet=False)
    assert quiet == logged and all(record.steps > 0 for record in quiet)
