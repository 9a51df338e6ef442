"""Melee placement and points: rulebook, Luta pelo Poder, *Pontuação*."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core.errors import IllegalAction
from ludoteca.tournament.melee_scoring import placement_points, placements, table_points

# The rulebook's tables, band by band: (highest power, lowest power, points).
SECOND = [(15, 14, 7), (13, 12, 6), (11, 10, 5), (9, 8, 4), (7, 6, 3), (5, 4, 2), (3, 2, 1)]
SECOND += [(1, 0, 0)]
THIRD = [(15, 15, 5), (14, 12, 4), (11, 9, 3), (8, 6, 2), (5, 3, 1), (2, 0, 0)]
FOURTH = [(15, 12, 3), (11, 8, 2), (7, 4, 1), (3, 0, 0)]


@pytest.mark.parametrize(
    ("place", "bands"), [(2, SECOND), (3, THIRD), (4, FOURTH)], ids=["2nd", "3rd", "4th"]
)
def test_pontuacao_placement_tables(place: int, bands: list[tuple[int, int, int]]) -> None:
    """Pontuação: every band of the Segundo/Terceiro/Quarto Lugar tables."""
    for high, low, points in bands:
        for power in range(low, high + 1):
            assert placement_points(place, power) == points, (place, power)


def test_second_place_fifteen_plus_scores_seven() -> None:
    """Pontuação, Segundo Lugar: "15(+) à 14: 7"."""
    assert placement_points(2, 18) == 7


@given(st.integers(min_value=0, max_value=15), st.integers(min_value=2, max_value=5))
def test_tables_are_power_divided_by_place_rounded_down(power: int, place: int) -> None:
    """Pontuação: "divididos por sua colocação (arredondados para baixo)" agrees with
    the tables for power 0..15 (and defines fifth place at a table of five)."""
    assert placement_points(place, power) == power // place


@given(st.integers(min_value=0, max_value=30))
def test_first_place_scores_its_power(power: int) -> None:
    """Pontuação, Primeiro Lugar: "Número de pontos é igual ao número de poderes"."""
    assert placement_points(1, power) == power


def test_fifteen_or_closest_places_first() -> None:
    """Pontuação: "O Jogador que completar 15 pontos ou estiver mais próximo dos 15
    pontos é considerado vencedor da mesa e assim por diante"."""
    assert placements({1: 9, 2: 15, 3: 11, 4: 2}) == {2: 1, 3: 2, 1: 3, 4: 4}
    assert table_points({1: 9, 2: 15, 3: 11, 4: 2}) == {2: 15, 3: 5, 1: 3, 4: 0}
    assert placements({1: 12, 2: 7, 3: 13}) == {3: 1, 1: 2, 2: 3}


def test_equal_power_shares_the_better_place() -> None:
    """Pontuação (silent on ties; docs/rules/tournament-melee.md): equal distance to 15
    shares the better place, 1-2-2-4."""
    assert placements({1: 10, 2: 8, 3: 8, 4: 3}) == {1: 1, 2: 2, 3: 2, 4: 4}
    assert table_points({1: 10, 2: 8, 3: 8, 4: 3}) == {1: 10, 2: 4, 3: 4, 4: 0}
    assert placements({1: 15, 2: 16, 3: 4}) == {1: 1, 2: 1, 3: 3}


def test_negative_power_is_refused() -> None:
    """Power is a count of tokens: a negative value is a typing error."""
    with pytest.raises(IllegalAction, match="player 2: power cannot be negative"):
        placements({1: 3, 2: -1, 3: 0})
