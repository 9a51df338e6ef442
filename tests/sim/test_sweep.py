"""A sweep of one number drawn as curves in the comparison (#42 item 5)."""

from __future__ import annotations

from ludoteca import games
from ludoteca.sim.balance import BalanceStats
from ludoteca.sim.html_report import Setting, build_report
from ludoteca.sim.parallel import GameRecord
from ludoteca.sim.study import Study
from ludoteca.sim.sweep import sweep_of


def test_a_sweep_is_one_name_with_three_distinct_numbers_or_more() -> None:
    assert sweep_of(["goals=1", "goals=2", "goals=3"]) == ("goals", [1.0, 2.0, 3.0])
    assert sweep_of(["goals=3", "goals=1.5", "goals=2"]) == ("goals", [3.0, 1.5, 2.0])
    assert sweep_of(["goals=1", "goals=2"]) is None  # two points are a comparison
    assert sweep_of(["goals=1", "turns=2", "goals=3"]) is None
    assert sweep_of(["goals=1", "goals=1", "goals=3"]) is None
    assert sweep_of(["goals=1,mode=a", "goals=2", "goals=3"]) is None
    assert sweep_of(["board=long", "board=wide", "board=default"]) is None
    assert sweep_of(["goals=nan", "goals=2", "goals=3"]) is None


def stats(first_wins: int, games_: int) -> BalanceStats:
    out = BalanceStats(seats=2)
    for index in range(games_):
        winner = 0 if index < first_wins else 1
        out.add(GameRecord(index, index, (1.0, 0.0), winner, 10 + index % 3, {}))
    return out


def test_the_comparison_of_a_sweep_draws_its_curves() -> None:
    game = games.load("kalah")
    labels = ["seeds=3", "seeds=4", "seeds=5"]
    settings = [Setting(label, game, stats(10 + 5 * i, 40)) for i, label in enumerate(labels)]
    study = Study(agents=["heuristic", "heuristic"])
    page = build_report("kalah", 0, settings, study)
    assert 'alt="the sweep of seeds: shares and length"' in page
    two = build_report("kalah", 0, settings[:2], study)
    assert "the sweep of" not in two
