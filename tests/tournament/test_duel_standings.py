"""Standings and tiebreaks (Duel rules, *Desempate*)."""

from ludoteca.tournament import Match, Player, Result, Round, compute_standings


def _players(*ids: str) -> list[Player]:
    return [Player(pid, pid.upper(), number=i + 1) for i, pid in enumerate(ids)]


def _round(number: int, *matches: tuple[str, str | None, Result]) -> Round:
    return Round(number, [Match(i + 1, a, b, r) for i, (a, b, r) in enumerate(matches)])


def _order(players: list[Player], rounds: list[Round]) -> list[str]:
    return [s.player_id for s in compute_standings(players, rounds)]


def test_points_rank_first_and_a_bye_is_a_win() -> None:
    """*Número Ímpar*: a bye is "uma vitória automática" (5 points)."""
    players = _players("a", "b", "c")
    rounds = [_round(1, ("a", "b", Result.TIMED_WIN), ("c", None, Result.WIN))]
    table = compute_standings(players, rounds)
    assert [(s.player_id, s.points) for s in table] == [("c", 5), ("a", 4), ("b", 1)]
    assert table[0].byes == 1 and table[0].wins == 0


def test_desempate_whoever_beat_every_tied_player_advances() -> None:
    """ "Qualquer jogador que tiver derrotado todos os oponentes no grupo empatado avança",
    even with a weaker schedule: c beat d directly; both have 5 points."""
    players = _players("c", "d", "e", "f")
    rounds = [
        _round(1, ("c", "d", Result.TIMED_WIN), ("e", "f", Result.WIN)),
        _round(2, ("d", "e", Result.TIMED_WIN), ("c", "f", Result.TIMED_LOSS)),
    ]
    table = {s.player_id: s for s in compute_standings(players, rounds)}
    assert table["c"].points == table["d"].points == 5
    assert table["d"].strength == 11 > table["c"].strength == 9
    assert table["c"].rank < table["d"].rank


def test_desempate_forca_de_tabela_when_nobody_beat_all_tied() -> None:
    """A three-way cycle (a>b, b>c, c>a): "a força dos oponentes anteriores é utilizada"."""
    players = _players("a", "b", "c", "x", "y", "z")
    rounds = [
        _round(1, ("a", "b", Result.WIN), ("c", "x", Result.LOSS), ("y", "z", Result.TIMED_WIN)),
        _round(2, ("b", "c", Result.WIN), ("a", "y", Result.LOSS), ("x", "z", Result.WIN)),
        _round(3, ("c", "a", Result.WIN), ("b", "z", Result.LOSS), ("x", "y", Result.DRAW)),
    ]
    table = {s.player_id: s for s in compute_standings(players, rounds)}
    assert [table[p].points for p in "abcxyz"] == [5, 5, 5, 12, 11, 6]
    assert [table[p].strength for p in "abc"] == [5 + 11 + 5, 5 + 5 + 6, 12 + 5 + 5]
    assert sorted("abc", key=lambda p: table[p].rank) == ["c", "a", "b"]


def test_head_to_head_is_reapplied_after_each_place() -> None:
    """Once the leader of a tie is placed, the rest is tiebroken again: a beat b and c,
    then b beat c (player numbers would give the reverse order)."""
    players = [Player("a", "A", 3), Player("b", "B", 2), Player("c", "C", 1)]
    rounds = [
        _round(1, ("a", "b", Result.WIN)),
        _round(2, ("b", "c", Result.WIN)),
        _round(3, ("c", "a", Result.LOSS)),
        _round(4, ("b", None, Result.WIN)),
        _round(5, ("c", None, Result.WIN)),
        _round(6, ("c", None, Result.WIN)),
    ]
    table = compute_standings(players, rounds)
    assert [(s.points, s.strength) for s in table] == [(10, 20)] * 3
    assert [s.player_id for s in table] == ["a", "b", "c"]


def test_lower_player_number_is_the_last_step() -> None:
    """Documented further step: equal on every rulebook criterion, the lower number ranks
    first, so ranks are total."""
    players = [Player("late", "L", 1), Player("early", "E", 2)]
    assert _order(players, []) == ["late", "early"]


def test_dropped_players_stay_in_the_standings_with_their_points() -> None:
    players = _players("a", "b")
    players[1].dropped_after = 1
    table = compute_standings(players, [_round(1, ("a", "b", Result.DRAW))])
    assert {(s.player_id, s.points, s.dropped) for s in table} == {
        ("a", 2, False),
        ("b", 2, True),
    }


def test_unreported_matches_count_for_nothing() -> None:
    players = _players("a", "b")
    rnd = Round(1, [Match(1, "a", "b", None)])
    assert [s.points for s in compute_standings(players, [rnd])] == [0, 0]
