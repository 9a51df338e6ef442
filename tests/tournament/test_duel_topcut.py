"""Top cut (Duel rules: *mata-mata*; ranking of players eliminated in the same round)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core.errors import IllegalAction, OptionError
from ludoteca.tournament import Result, TopCut, bracket_order


def test_bracket_order_for_eight_is_1v8_4v5_2v7_3v6() -> None:
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(2) == [1, 2]


@pytest.mark.parametrize("size", [0, 1, 3, 6, 12])
def test_cut_size_must_be_a_power_of_two(size: int) -> None:
    with pytest.raises(OptionError, match="power of two"):
        bracket_order(size)


@given(st.integers(1, 7))
def test_top_seeds_meet_only_in_the_final(exp: int) -> None:
    """Any power of two: each pair sums to size + 1, and seeds 1 and 2 sit in opposite
    halves, so "os 2 melhores jogadores não se encontrarão até o round final"."""
    size = 2**exp
    order = bracket_order(size)
    assert sorted(order) == list(range(1, size + 1))
    assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))
    assert (order.index(1) < size // 2) != (order.index(2) < size // 2)


def test_top_8_first_round_pairs_seeds_from_swiss_order() -> None:
    swiss = [f"s{i}" for i in range(1, 11)]
    cut = TopCut.start(swiss, 8)
    assert [(m.a, m.b) for m in cut.rounds[0]] == [
        ("s1", "s8"),
        ("s4", "s5"),
        ("s2", "s7"),
        ("s3", "s6"),
    ]


def test_eliminated_in_same_round_ranked_by_swiss_position() -> None:
    """Rulebook example (top 16): the four losers of the round of eight take places 5-8
    "de acordo com suas posições nas rodadas preliminares". The example's own seeds (2nd,
    8th, 9th, 12th) cannot all reach that round (8 and 9 meet first in a 16 bracket),
    so the losers here are Swiss 2nd, 6th, 8th and 12th."""
    swiss = [f"s{i}" for i in range(1, 17)]
    cut = TopCut.start(swiss, 16)
    winners = {"s1", "s8", "s4", "s12", "s10", "s3", "s6", "s2"}
    for m in cut.rounds[0]:
        cut.report(m.table, Result.WIN if m.a in winners else Result.LOSS)
    quarter = cut.advance()
    assert [(m.a, m.b) for m in quarter] == [
        ("s1", "s8"),
        ("s4", "s12"),
        ("s2", "s10"),
        ("s3", "s6"),
    ]
    for m, res in zip(quarter, [Result.WIN, Result.WIN, Result.LOSS, Result.WIN], strict=True):
        cut.report(m.table, res)
    semi = cut.advance()
    assert [(m.a, m.b) for m in semi] == [("s1", "s4"), ("s3", "s10")]
    cut.report(1, Result.LOSS)
    cut.report(2, Result.TIMED_LOSS)
    cut.advance()
    cut.report(1, Result.WIN)
    ranking = cut.ranking()
    assert ranking[:4] == ["s4", "s10", "s1", "s3"]
    assert ranking[4:8] == ["s2", "s6", "s8", "s12"]
    assert sorted(ranking[8:], key=swiss.index) == ranking[8:]


def test_no_draw_in_a_knockout_match() -> None:
    cut = TopCut.start(["a", "b"], 2)
    with pytest.raises(IllegalAction, match="draw"):
        cut.report(1, Result.DRAW)


def test_cannot_advance_with_missing_results_and_roundtrip() -> None:
    cut = TopCut.start(["a", "b", "c", "d"], 4)
    with pytest.raises(IllegalAction, match="without a result"):
        cut.advance()
    cut.report(1, Result.TIMED_LOSS)
    cut.report(2, Result.WIN)
    final = cut.advance()
    assert [(m.a, m.b) for m in final] == [("b", "d")]
    cut.report(1, Result.LOSS)
    assert cut.ranking() == ["d", "b", "a", "c"]
    assert TopCut.from_dict(cut.to_dict()) == cut


def test_cut_needs_enough_players() -> None:
    with pytest.raises(OptionError, match="needs 8 players"):
        TopCut.start(["a", "b", "c"], 8)
