"""Melee standings and tiebreaks: rulebook, Luta pelo Poder, *Pontuação* and *Mesa Final*."""

import itertools

from hypothesis import given
from hypothesis import strategies as st

from ludoteca.tournament.melee_scoring import table_points
from ludoteca.tournament.melee_standings import TableResult, melee_standings


def _table(**powers: int) -> TableResult:
    seats = {int(k[1:]): v for k, v in powers.items()}
    return TableResult(tuple(seats), seats)


def test_head_to_head_breaks_a_points_tie_before_strength() -> None:
    """Mesa Final: "o primeiro critério de desempate é o confronto direto": 2 finished
    above 1 at their shared table, so 2 ranks above 1 although 1 has the stronger
    opponents (26 against 24)."""
    rounds = [
        [_table(p1=5, p2=8, p3=0), _table(p4=9, p5=2, p6=0)],
        [_table(p1=6, p4=2, p5=0), _table(p2=0, p3=7, p6=4)],
    ]
    standings = melee_standings(range(1, 7), rounds)
    by_player = {s.player: s for s in standings}
    assert (by_player[1].points, by_player[2].points) == (8, 8)
    assert (by_player[1].strength, by_player[2].strength) == (26, 24)
    assert by_player[2].rank < by_player[1].rank


def test_strength_of_opponents_breaks_a_tie_without_head_to_head() -> None:
    """Mesa Final: "O segundo critério é a força dos oponentes": 1 and 4 never met; 4's
    opponents scored 4, 1's scored 2."""
    rounds = [[_table(p1=10, p2=4, p3=0), _table(p4=10, p5=8, p6=0)]]
    order = [s.player for s in melee_standings(range(1, 7), rounds)]
    assert order == [4, 1, 5, 2, 6, 3]


def test_full_tie_is_reported_until_a_playoff_is_recorded() -> None:
    """Mesa Final: "o terceiro critério, caso necessário, é a disputa de uma partida
    rápida": equal points, no meeting, equal strength stays unresolved until the
    playoff's order is recorded."""
    rounds = [[_table(p1=10, p2=4, p3=0), _table(p4=10, p5=4, p6=0)]]
    standings = melee_standings(range(1, 7), rounds)
    assert [s.unresolved for s in standings[:2]] == [(1, 4), (1, 4)]
    decided = melee_standings(range(1, 7), rounds, playoffs=[(4, 1)])
    assert [(s.player, s.unresolved) for s in decided[:2]] == [(4, ()), (1, ())]


def test_a_player_above_every_other_tied_player_goes_first() -> None:
    """Mesa Final, confronto direto in a three-way tie at 9 points: 3 finished above 1 and
    2, then 1 above 2; strength of opponents alone would have put 1 first (20 to 18)."""
    rounds = [
        [_table(p3=9, p1=1, p2=0, p4=0)],
        [_table(p1=9, p5=4, p6=0), _table(p2=9, p7=0, p4=0)],
    ]
    standings = melee_standings(range(1, 8), rounds)
    assert [(s.player, s.points) for s in standings[:3]] == [(3, 9), (1, 9), (2, 9)]
    assert [s.strength for s in standings[:3]] == [18, 20, 18]


results = st.lists(
    st.lists(st.integers(min_value=0, max_value=16), min_size=3, max_size=5),
    min_size=1,
    max_size=8,
)


@given(results)
def test_points_total_equals_sum_of_table_points(tables: list[list[int]]) -> None:
    """Pontuação: a player's total is the sum of what they scored at each table; ranks
    are 1..n and points never rise down the standings."""
    rounds = []
    for powers in tables:
        seats = tuple(range(1, len(powers) + 1))
        rounds.append([TableResult(seats, dict(zip(seats, powers, strict=True)))])
    standings = melee_standings(range(1, 6), rounds)
    expected = dict.fromkeys(range(1, 6), 0)
    for (result,) in rounds:
        for player, points in table_points(result.powers).items():
            expected[player] += points
    assert {s.player: s.points for s in standings} == expected
    assert [s.rank for s in standings] == [1, 2, 3, 4, 5]
    assert all(a.points >= b.points for a, b in itertools.pairwise(standings))
