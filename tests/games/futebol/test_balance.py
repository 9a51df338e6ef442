"""The board balance check (issue 5: neither side should gain much from moving first)."""

from __future__ import annotations

from ludoteca import games
from ludoteca.games.futebol.balance import first_mover_report, shoot_first_game
from ludoteca.games.futebol.game import FutebolGame


def test_report_counts_every_game_once() -> None:
    game = games.load("futebol", turn_limit=300)
    assert isinstance(game, FutebolGame)
    report = first_mover_report(game, 30)
    assert report.games == 30
    assert report.kickoff_wins + report.other_wins + report.draws + report.unfinished == 30
    assert report.blue_wins + report.orange_wins == report.kickoff_wins + report.other_wins
    assert "30 games" in report.summary()


def test_shoot_first_games_end_and_take_goals_when_offered() -> None:
    """With golden goal, a decided shoot-first game ends on the one goal scored."""
    game = games.load("futebol", turn_limit=300)
    assert isinstance(game, FutebolGame)
    for seed in range(10):
        state = shoot_first_game(game, seed)
        assert state.is_terminal
        assert sum(state.goals) <= 1
        if sum(state.goals) == 1:
            assert state.winner == state.goals.index(1)
