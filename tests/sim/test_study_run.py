"""The one study driver (`sim.study_run`, #40): `ludoteca balance` and the web's studies
play the same games in the same rounds, and stop by the same looks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.sim.parallel import GameRecord
from ludoteca.sim.study import Looks
from ludoteca.sim.study_run import StudyRun


def record(index: int, winner: int | None) -> GameRecord:
    scores = (1.0, 0.0) if winner == 0 else (0.0, 1.0) if winner == 1 else (0.0, 0.0)
    return GameRecord(index, index, scores, winner, 10, {})


def play(run: StudyRun, winner_of: dict[int, int | None] | None = None) -> list[list[range]]:
    """Play every round the run asks for; each setting's games, in the order asked."""
    asked: list[list[range]] = [[] for _ in run.stats]
    for batch in run.rounds():
        for setting, games in batch:
            asked[setting].append(games)
            run.add(setting, [record(i, (winner_of or {}).get(i, i % 2)) for i in games])
    return asked


@given(
    settings=st.integers(1, 4),
    games=st.integers(1, 300),
    step=st.integers(1, 120),
)
def test_every_game_of_every_setting_is_asked_once_in_order(
    settings: int, games: int, step: int
) -> None:
    run = StudyRun(settings, 2, games, step)
    asked = play(run)
    for ranges in asked:
        played = [i for games_asked in ranges for i in games_asked]
        assert played == list(range(games))
        assert all(len(r) <= step for r in ranges)
    assert run.played == settings * games and run.stopped is None


def test_looks_stop_as_soon_as_the_first_seat_is_clearly_favoured() -> None:
    """The first seat wins every game: the first look (10 of 100) already says so."""
    run = StudyRun(1, 2, 100, 100, Looks(10, 100, 0.03))
    asked = play(run, {i: 0 for i in range(100)})
    assert asked == [[range(0, 10)]]
    assert run.stopped is not None and "look 1 of 10" in run.stopped


def test_looks_that_never_settle_say_so() -> None:
    """Seats alternate: the rate stays near even but never within 0.1 point; every look
    is played, and the run says the answer did not become clear."""
    run = StudyRun(1, 2, 40, 40, Looks(10, 40, 0.001))
    asked = play(run)
    assert asked == [[range(0, 10), range(10, 20), range(20, 30), range(30, 40)]]
    assert run.stopped == "Played all 40 games a setting: the answer did not become clear."


def test_a_caller_may_stop_between_rounds() -> None:
    """The web stops when its budget is spent: the run has what was played, no more."""
    run = StudyRun(2, 2, 100, 25)
    for number, batch in enumerate(run.rounds()):
        if number == 2:
            break
        for setting, games in batch:
            run.add(setting, [record(i, 0) for i in games])
    assert [stats.games for stats in run.stats] == [50, 50] and run.played == 100


def test_a_study_of_nothing_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one game"):
        StudyRun(1, 2, 0, 10)
