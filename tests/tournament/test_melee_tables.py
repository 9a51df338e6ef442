"""Melee table sizes: rulebook, Luta pelo Poder, *Disposição de Lugares*."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core.errors import OptionError
from ludoteca.tournament.melee_tables import melee_table_sizes

# The rulebook's list for 3..12 and, above 12, "adicione uma mesa de quatro jogadores"
# (13 = the 9-player formation + one of 4), worked out by hand for 13..20.
RULEBOOK_FORMATIONS = {
    3: (3,),
    4: (4,),
    5: (5,),
    6: (3, 3),
    7: (4, 3),
    8: (4, 4),
    9: (3, 3, 3),
    10: (4, 3, 3),
    11: (4, 4, 3),
    12: (4, 4, 4),
    13: (4, 3, 3, 3),
    14: (4, 4, 3, 3),
    15: (4, 4, 4, 3),
    16: (4, 4, 4, 4),
    17: (4, 4, 3, 3, 3),
    18: (4, 4, 4, 3, 3),
    19: (4, 4, 4, 4, 3),
    20: (4, 4, 4, 4, 4),
}


@pytest.mark.parametrize(("players", "sizes"), sorted(RULEBOOK_FORMATIONS.items()))
def test_disposicao_de_lugares_table_for_3_to_20(players: int, sizes: tuple[int, ...]) -> None:
    """Disposição de Lugares: the listed formations and the 13-player example."""
    assert melee_table_sizes(players) == sizes


def test_thirteen_is_nine_player_formation_plus_a_table_of_four() -> None:
    """Disposição de Lugares: "se existem 13 jogadores, adicione uma mesa de 4 jogadores à
    formação de 9 jogadores"."""
    assert sorted(melee_table_sizes(13)) == sorted((*melee_table_sizes(9), 4))


@given(st.integers(min_value=13, max_value=5000))
def test_above_twelve_adds_tables_of_four(players: int) -> None:
    """Disposição de Lugares: above 12, a table of 4 is added to the formation of n - 4."""
    sizes = melee_table_sizes(players)
    assert sum(sizes) == players
    assert sorted(sizes) == sorted((*melee_table_sizes(players - 4), 4))
    assert set(sizes) <= {3, 4}
    assert sizes.count(3) <= 3


@pytest.mark.parametrize("players", [-1, 0, 1, 2])
def test_fewer_than_three_players_is_refused(players: int) -> None:
    """Disposição de Lugares: the smallest listed formation is one table of three."""
    with pytest.raises(OptionError, match="at least 3"):
        melee_table_sizes(players)
