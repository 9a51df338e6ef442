"""`benchmarks/toxicity_escapes.py`: its sole wins are those of the agents' test
(same seeds, same seating) and it records one fate per pawn round of the tracked
seat (*Pontuação*: each seat plays a pawn in four of the five rounds)."""

from __future__ import annotations

from ludoteca import games
from ludoteca.games.toxicity import rounds
from tests.agents.scripts import benchmark_script
from tests.agents.test_heuristics import heuristic_seat_wins


def test_sole_wins_and_fates_of_one_heuristic_seat() -> None:
    script = benchmark_script("toxicity_escapes")
    n = 10
    die, finish = rounds.die, rounds.finish_round
    wins, tracker, _, decisions = script.measure(n, 11, False)
    assert (rounds.die, rounds.finish_round) == (die, finish)
    assert wins == heuristic_seat_wins(games.load("toxicity", players=5), n)
    assert sum(tracker.rounds.values()) == 4 * n == sum(tracker.fates.values())
    assert set(tracker.rounds) == {"blue", "red", "yellow", "green"}
    assert decisions > 0
