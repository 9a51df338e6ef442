"""Scoring and the winner (*Pontuação*, *Condição de Vitória*)."""

from __future__ import annotations

from ludoteca import games
from ludoteca.games.toxicity import rounds
from ludoteca.sim.playout import random_game

from .helpers import new_state


def _round(escaped: list[str], alive: list[bool], kills: list[int]) -> list[int]:
    st = new_state(5)
    for p, e, a, k in zip(st.pawns, escaped, alive, kills, strict=True):
        p.escaped, p.alive, p.kills = e, a, k
    points = rounds.round_points(st)
    # report by role: [gamemaster, blue, red, yellow, green]
    return [points[seat] for seat in st.roles]


def test_escape_scores_one_plus_kills() -> None:
    """*Pontuação*: an escapee gets 1, plus 1 per death it caused."""
    assert _round(["door", "", "", ""], [True, False, False, False], [2, 0, 0, 0]) == [
        3,
        3,
        0,
        0,
        0,
    ]


def test_trapdoor_scores_two() -> None:
    """*Pontuação*: escaping by the trapdoor gives 2."""
    assert _round(["trapdoor", "door", "", ""], [True, True, False, False], [0, 1, 0, 0]) == [
        2,
        2,
        2,
        0,
        0,
    ]


def test_dead_score_nothing_even_with_kills() -> None:
    """*Pontuação*: a pawn that dies gets nothing, even if it killed someone."""
    assert _round(["", "", "", ""], [False, False, False, False], [1, 1, 0, 0]) == [
        4,
        0,
        0,
        0,
        0,
    ]


def test_gamemaster_one_per_dead() -> None:
    """*Pontuação*: the gamemaster gets 1 per dead pawn."""
    assert _round(["door", "door", "door", ""], [True, True, True, False], [0, 0, 0, 0])[0] == 1


def test_totals_carry_and_highest_wins() -> None:
    """*Condição de Vitória*: points add up over the rounds; the highest total wins."""
    st = new_state(3)
    st.totals = [4, 7, 2]
    st.round = 5
    for p in st.pawns:
        p.alive = False
    st._settle()
    assert st.is_terminal
    gm = st.gamemaster
    expected = [4, 7, 2]
    expected[gm] += 2
    assert list(st.scores) == expected
    leaders = [s for s in range(3) if expected[s] == max(expected)]
    assert st.winner == (leaders[0] if len(leaders) == 1 else None)


def test_statistics_agree_with_the_scores() -> None:
    """*Pontuação*: over a game the points handed out are one per death (gamemasters),
    1 per door escape, 2 per trapdoor escape, plus the escapees' kills."""
    for seed in range(20):
        state = random_game(games.load("toxicity", players=4), seed)
        stats = {k: round(v) for k, v in state.statistics().items()}
        base = stats["deaths"] + stats["door"] + 2 * stats["trapdoor"]
        assert base <= sum(state.totals) <= base + stats["kills"]
        assert stats["deaths"] + stats["door"] + stats["trapdoor"] == 4 * 3  # rounds x pawns
