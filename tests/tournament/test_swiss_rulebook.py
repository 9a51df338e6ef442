"""Swiss pairing examples (Duel rules, *Disposição de Lugares*, *Número Ímpar*)."""

from collections.abc import Iterable

import pytest

from ludoteca.tournament import pair_swiss, rulebook_pairing
from ludoteca.tournament.swiss import ConflictFn


def _ids(n: int) -> list[str]:
    return [str(i) for i in range(1, n + 1)]


def _met(*pairs: tuple[str, str]) -> ConflictFn:
    played = {frozenset(p) for p in pairs}
    return lambda a, b: int(frozenset((a, b)) in played)


def _pairs(ab: Iterable[tuple[str, str | None]]) -> set[frozenset[str | None]]:
    return {frozenset(p) for p in ab}


def test_disposicao_eight_players_in_one_score_group() -> None:
    """ "Se existem oito jogadores no grupo de 5 pontos [...] 1vs5, 2vs6, 3vs7 e 4vs8"."""
    order = _ids(8)
    pts = dict.fromkeys(order, 5)
    assert rulebook_pairing(order, pts) == [("1", "5"), ("2", "6"), ("3", "7"), ("4", "8")]
    assert pair_swiss(order, pts, lambda a, b: 0).pairs == rulebook_pairing(order, pts)


def test_disposicao_seven_players_floater_meets_top_of_next_group() -> None:
    """Seven in the group: halves 1-3 and 4-7; "o número 7 [...] será sempre pareado com o
    próximo grupo de pontuação, com o jogador que mais pontuou naquele grupo"."""
    order = _ids(10)
    pts = {p: 5 if int(p) <= 7 else 0 for p in order}
    assert rulebook_pairing(order, pts) == [
        ("1", "4"),
        ("2", "5"),
        ("3", "6"),
        ("7", "8"),
        ("9", "10"),
    ]


def test_disposicao_floaters_cascade_through_odd_groups() -> None:
    """Groups of 3, 3 and 2: the floater of each odd group pairs with the next group's top."""
    order = _ids(8)
    pts = {"1": 10, "2": 10, "3": 10, "4": 5, "5": 5, "6": 5, "7": 0, "8": 0}
    assert rulebook_pairing(order, pts) == [("1", "2"), ("3", "4"), ("5", "6"), ("7", "8")]


def test_rematch_is_repaired_inside_the_score_group() -> None:
    """*Disposição*: pairing within score groups "permite um ajuste [...] se algum confronto
    já ocorreu": 1 and 5 met, so the group is re-paired without leaving it."""
    order = _ids(8)
    pts = dict.fromkeys(order, 5)
    result = pair_swiss(order, pts, _met(("1", "5")))
    assert result.conflicts == []
    assert frozenset(("1", "5")) not in _pairs(result.pairs)
    assert len(result.pairs) == 4


def test_repaired_group_still_pairs_top_half_against_bottom_half() -> None:
    """The repair swaps the nearest bottom-half opponents (1v6, 2v5), keeping the other
    rulebook pairs, rather than pairing 1v2 and 5v6 inside a half."""
    order = _ids(8)
    result = pair_swiss(order, dict.fromkeys(order, 5), _met(("1", "5")))
    assert result.pairs == [("1", "6"), ("2", "5"), ("3", "7"), ("4", "8")]


def test_rematch_outweighs_leaving_the_score_group() -> None:
    """Only a cross-group pairing avoids the rematch: 1-2 met, both alone at 10 points."""
    order = _ids(4)
    pts = {"1": 10, "2": 10, "3": 0, "4": 0}
    result = pair_swiss(order, pts, _met(("1", "2")))
    assert result.conflicts == []
    assert _pairs(result.pairs) == {frozenset(("1", "3")), frozenset(("2", "4"))}


def test_small_round_is_repaired_whole_not_only_around_the_rematch() -> None:
    """*Disposição*: pair inside score groups. The 4-6 rematch sits in the last rulebook
    pair (3v1, 2v5, 6v4 at 10, 9/9, 2/2, 0 points); repairing only that pair and its
    neighbour gives 2v4 (9 v 0: 82 squared points in all), the whole round gives
    3v6, 1v2, 5v4 (68): a six-player round is matched whole (``EXACT_ROUND_PLAYERS``)."""
    order = ["3", "1", "2", "5", "6", "4"]
    pts = {"1": 9, "2": 9, "3": 10, "4": 0, "5": 2, "6": 2}
    past = [("1", "5"), ("5", "3"), ("2", "6"), ("1", "4"), ("4", "6"), ("3", "4")]
    result = pair_swiss(order, pts, _met(*past, ("2", "3"), ("1", "6")))
    assert result.conflicts == []
    assert result.pairs == [("3", "6"), ("1", "2"), ("5", "4")]


def test_no_rematch_free_pairing_gives_least_bad_one_not_an_error() -> None:
    """Four players who all met: the round is still paired, with the rematches reported."""
    order = _ids(4)
    everyone = [(a, b) for a in order for b in order if a < b]
    result = pair_swiss(order, dict.fromkeys(order, 0), _met(*everyone))
    assert len(result.pairs) == 2
    assert len(result.conflicts) == 2


def test_numero_impar_bye_to_the_lowest_ranked_without_a_bye() -> None:
    """*Número Ímpar*: "o último jogador a sobrar (aquele com o pior desempenho)" gets the
    bye; 5 already had one, so 4 gets it."""
    order = _ids(5)
    pts = dict.fromkeys(order, 0)
    result = pair_swiss(order, pts, lambda a, b: 0, byes={"5": 1})
    assert result.pairs[-1] == ("4", None)


def test_numero_impar_everyone_had_a_bye_then_lowest_gets_a_second() -> None:
    order = _ids(3)
    result = pair_swiss(order, dict.fromkeys(order, 0), lambda a, b: 0, dict.fromkeys(order, 1))
    assert result.pairs[-1] == ("3", None)


def test_bye_moves_up_rather_than_force_a_rematch() -> None:
    """Bye to 3 would force the 1-2 rematch; a rematch outweighs the bye's place."""
    order = _ids(3)
    result = pair_swiss(order, dict.fromkeys(order, 0), _met(("1", "2")))
    assert result.conflicts == []
    assert result.pairs[-1] == ("2", None)


def test_standing_decides_the_bye_not_the_pairing_order() -> None:
    order = _ids(3)
    result = pair_swiss(order, dict.fromkeys(order, 0), lambda a, b: 0, standing=["3", "2", "1"])
    assert result.pairs[-1] == ("1", None)


def test_odd_list_refused_by_rulebook_pairing() -> None:
    with pytest.raises(ValueError, match="even"):
        rulebook_pairing(_ids(3), dict.fromkeys(_ids(3), 0))
