"""The Duel rules a bot match follows, apart from any agent (`tournament.bots`)."""

from __future__ import annotations

from ludoteca import games
from ludoteca.tournament.bots import duel_seating, outcome_of
from ludoteca.tournament.players import Result


def test_the_first_player_is_drawn_from_the_match_seed() -> None:
    """*Primeiro jogador aleatório*: the same seed seats the same way; both ways occur."""
    drawn = [duel_seating("a", "b", seed) for seed in range(20)]
    seatings = {(seat, tuple(specs)) for seat, specs in drawn}
    assert seatings == {(0, ("a", "b")), (1, ("b", "a"))}
    assert duel_seating("a", "b", 7) == duel_seating("a", "b", 7)


def test_a_game_cut_off_before_its_end_gets_the_timed_result() -> None:
    """*Desempate*: a game that did not end is won on time by the side nearer victory
    (ahead on score); a finished game gives its own result."""
    state = games.load("futebol", mode="goal-limit", goals=3).new_game(1)
    state.goals = [1, 0]  # type: ignore[attr-defined]
    assert outcome_of(state, 0) == (Result.TIMED_WIN, True, (1.0, 0.0))
    assert outcome_of(state, 1) == (Result.TIMED_LOSS, True, (0.0, 1.0))
    state.finish(0)  # type: ignore[attr-defined]
    assert outcome_of(state, 0) == (Result.WIN, False, (1.0, 0.0))
