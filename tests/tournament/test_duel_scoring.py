"""Duel scoring (Duel rules, *Pontuação* and *Desempate*)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core.errors import IllegalAction
from ludoteca.tournament import Result, points, timed_result


def test_pontuacao_points_per_result() -> None:
    """*Pontuação*: Vitória 5, Vitória por Tempo 4, Empate 2, Derrota por Tempo 1, Derrota 0."""
    assert [points(r) for r in Result] == [5, 4, 2, 1, 0]


def test_pontuacao_example_10_vs_12_power_is_a_timed_win_for_12() -> None:
    """*Pontuação* example: Tomás 10 power, Luiz 12: Luiz (3 from 15) wins by time."""
    assert timed_result(10, 12) is Result.TIMED_LOSS
    assert timed_result(12, 10) is Result.TIMED_WIN
    assert points(timed_result(12, 10)) == 4
    assert points(timed_result(10, 12)) == 1


def test_desempate_same_distance_is_a_draw() -> None:
    """*Desempate*: "Se ambos os jogadores estão à mesma distância da vitória [...] empate"."""
    assert timed_result(7, 7) is Result.DRAW
    assert points(Result.DRAW) == 2


def test_desempate_power_beyond_victory_counts_as_distance_zero() -> None:
    """Power at or above 15 is at distance 0: two such players draw."""
    assert timed_result(15, 17) is Result.DRAW
    assert timed_result(16, 14) is Result.TIMED_WIN


def test_negative_power_is_refused() -> None:
    with pytest.raises(IllegalAction, match="negative"):
        timed_result(-1, 3)


@given(st.integers(0, 30), st.integers(0, 30))
def test_timed_result_is_antisymmetric_and_sums_to_five_or_four(a: int, b: int) -> None:
    """Seen from the other side the result reverses; a timed game hands out 5 or 4 points."""
    res = timed_result(a, b)
    assert timed_result(b, a) is res.reversed()
    assert points(res) + points(res.reversed()) in (4, 5)
    assert (res is Result.TIMED_WIN) == (max(15 - a, 0) < max(15 - b, 0))
