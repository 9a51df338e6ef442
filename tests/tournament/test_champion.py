"""Overall champion: rulebook, *Pontuação para Campeão Geral*."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core.errors import DataFileError
from ludoteca.tournament.champion import (
    MeleeFinish,
    melee_places,
    overall_points,
    overall_ranking,
)

RULEBOOK_POINTS = [48, 42, 37, 33, 29, 26, 23, 20, 17, 15, 13, 11, 9, 7, 5, 3]


def test_points_per_place() -> None:
    """Campeão Geral: "1º: 48 pontos ... 16º: 3 pontos 17º e abaixo: 1 ponto"."""
    assert [overall_points(place) for place in range(1, 17)] == RULEBOOK_POINTS
    assert [overall_points(place) for place in (17, 18, 250)] == [1, 1, 1]


def _semifinal_event() -> MeleeFinish:
    """20 players P1..P20 by preliminary rank, renamed for the rulebook's four 4th places:
    Eric was 1st, Thiago 5th, Ronaldo 11th and Guga 14th after the preliminary rounds."""
    prelim = [f"P{i}" for i in range(1, 21)]
    prelim[0], prelim[4], prelim[10], prelim[13] = "Eric", "Thiago", "Ronaldo", "Guga"
    semifinals = (
        ("P2", "P3", "P4", "Eric"),
        ("P6", "P7", "P8", "Thiago"),
        ("P9", "P10", "P12", "Ronaldo"),
        ("P13", "P15", "P16", "Guga"),
    )
    final = ("P13", "P2", "P9", "P6")
    return MeleeFinish(final, tuple(prelim), semifinals)


def test_rulebook_example_thirteenth_to_sixteenth_from_semifinal_fourths() -> None:
    """Campeão Geral, example: "Eric fica com o 13º lugar, Thiago com o 14º, Ronaldo com
    o 15º e Guga com o 16º"."""
    places = melee_places(_semifinal_event())
    assert places[12:16] == ["Eric", "Thiago", "Ronaldo", "Guga"]


def test_final_table_then_semifinal_seconds_then_thirds_by_preliminary_rank() -> None:
    """Campeão Geral: the last table by its finish; places 5-8 to the semi-final seconds,
    9-12 to the thirds (*"As posições 5º a 12º são premiadas ao terceiro lugar"*, the
    seconds restored, a table's order kept as for the fourths' 13-16), each block in
    preliminary order; then everyone else. A third never finishes above a second."""
    places = melee_places(_semifinal_event())
    assert places[:4] == ["P13", "P2", "P9", "P6"]
    assert places[4:8] == ["P3", "P7", "P10", "P15"]
    assert places[8:12] == ["P4", "P8", "P12", "P16"]
    assert places[16:] == ["P17", "P18", "P19", "P20"]


def test_without_semifinals_places_follow_the_final_then_preliminary_rank() -> None:
    """Mesa Final: with no semi-final the final table is followed by the preliminary order."""
    finish = MeleeFinish(("C", "A", "B"), ("A", "B", "C", "D", "E"))
    assert melee_places(finish) == ["C", "A", "B", "D", "E"]


def test_only_players_of_both_events_are_ranked() -> None:
    """Campeão Geral: "deve competir em ambos os torneios de duelo e disputa pelo poder"."""
    ranking = overall_ranking(["A", "X", "B"], ["B", "Y", "A"])
    assert [s.player for s in ranking] == ["A", "B"]
    assert ranking[0].points == overall_points(1) + overall_points(3)


def test_tie_goes_to_better_place_in_the_larger_event() -> None:
    """Campeão Geral: "o jogador que teve a melhor posição no torneio com mais
    participantes será declarado Campeão Geral"."""
    duel = ["A", "B", "C", "D", "E"]
    melee = ["B", "D", "A", "E"]  # A: 48 + 37 = 85, B: 42 + 48 = 90
    ranking = overall_ranking(duel, melee)
    assert [s.player for s in ranking][:2] == ["B", "A"]
    tied = overall_ranking(["A", "C", "B"], ["B", "C", "A", "Z"])  # A, B: 48 + 37
    assert [s.player for s in tied[:2]] == ["B", "A"]  # melee is larger: B won it
    assert tied[0].unresolved == ()


def test_tie_with_equal_event_sizes_needs_a_final_match() -> None:
    """Campeão Geral: "Se ainda houver um empate ... realizar um embate final"."""
    ranking = overall_ranking(["A", "C", "B"], ["B", "C", "A"])
    assert ranking[0].rank == ranking[1].rank == 1
    assert ranking[0].unresolved == ("A", "B")


def test_repeated_player_is_refused() -> None:
    """A ranking naming a player twice is malformed."""
    with pytest.raises(DataFileError, match="duel ranking lists 'A' more than once"):
        overall_ranking(["A", "B", "A"], ["A", "B"])


@given(st.permutations([f"P{i}" for i in range(30)]), st.integers(min_value=0, max_value=30))
def test_points_are_the_sum_of_both_places(duel: list[str], cut: int) -> None:
    """Campeão Geral: "Os pontos acumulados em ambos os torneios são somados"; ranks
    never rise as points fall."""
    melee = list(reversed(duel))[cut:]
    ranking = overall_ranking(duel, melee)
    assert len(ranking) == len(melee)
    for line in ranking:
        assert line.points == overall_points(line.duel_place) + overall_points(line.melee_place)
        assert duel[line.duel_place - 1] == line.player == melee[line.melee_place - 1]
    assert all(a.points >= b.points for a, b in itertools.pairwise(ranking))


def test_player_in_two_semifinal_tables_is_refused() -> None:
    """A melee finish naming a player at two semi-final tables is malformed."""
    finish = MeleeFinish(("A",), ("A", "B", "C", "D"), (("A", "B"), ("A", "C", "D")))
    with pytest.raises(DataFileError, match="semi-final tables lists 'A' more than once"):
        melee_places(finish)
