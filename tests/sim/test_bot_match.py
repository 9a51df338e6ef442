"""Bot matches: how a game's end becomes a Duel result."""

from __future__ import annotations

from ludoteca import games
from ludoteca.sim.bot_match import play_bot_match
from ludoteca.tournament.players import Result


def test_a_match_stopped_unfinished_gets_a_timed_result() -> None:
    """futebol decision 19: a turn limit stops the match with no result; the event
    scores it as a game cut off by time (*Vitória por Tempo*: the side nearer to
    victory, here the one ahead in goals), not as a decided game."""
    game = games.load("futebol", mode="goal-limit", goals=5, turn_limit=40)
    seen = set()
    for seed in range(6):
        result, timed, (goals_a, goals_b) = play_bot_match(
            game, "heuristic", "random", seed, 10_000
        )
        assert timed
        expected = (
            Result.TIMED_WIN
            if goals_a > goals_b
            else Result.TIMED_LOSS
            if goals_a < goals_b
            else Result.DRAW
        )
        assert result == expected
        seen.add(result)
    assert Result.TIMED_WIN in seen
