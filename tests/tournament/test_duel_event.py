"""The Duel event: registration, rounds, manual edits, corrections, storage."""

import json

import pytest

from ludoteca.core.errors import DataFileError, IllegalAction, OptionError
from ludoteca.tournament import DuelEvent, Result


def _event(n: int, seed: int = 7, groups: dict[int, str] | None = None) -> DuelEvent:
    event = DuelEvent("test", seed=seed)
    for i in range(1, n + 1):
        event.add_player(f"p{i}", f"Player {i}", group=(groups or {}).get(i))
    return event


def _finish(event: DuelEvent, result: Result = Result.WIN) -> None:
    rnd = event.rounds[-1]
    for m in rnd.matches:
        if not m.is_bye:
            event.report(rnd.number, m.table, result)


def test_round_lengths_60_90_120_only() -> None:
    """ "Rodadas de 60 minutos [...] alterar este número para 90 minutos ou 120 minutos"."""
    assert DuelEvent("x", round_minutes=90).round_minutes == 90
    with pytest.raises(OptionError, match="round length"):
        DuelEvent("x", round_minutes=45)


def test_round_one_is_a_seeded_random_draw() -> None:
    """*Disposição*: "Na primeira rodada o sorteio de pareamento é aleatório", reproducibly."""
    draws = {
        tuple((m.a, m.b) for m in _event(16, seed=s).pair_next_round().matches) for s in range(6)
    }
    assert len(draws) > 1
    again = _event(16, seed=3).pair_next_round().matches
    assert [(m.a, m.b) for m in again] == [
        (m.a, m.b) for m in _event(16, seed=3).pair_next_round().matches
    ]


def test_round_one_keeps_groups_apart() -> None:
    """ "O OT deve evitar parear familiares ou pessoas muito próximas, principalmente
    durante a primeira rodada": four families of two never meet in round 1."""
    groups = {i: f"family{(i + 1) // 2}" for i in range(1, 9)}
    for seed in range(20):
        event = _event(8, seed=seed, groups=groups)
        rnd = event.pair_next_round()
        assert rnd.warnings == []
        for m in rnd.matches:
            assert event.players[m.a].group != event.players[m.b or ""].group


def test_bye_counts_as_a_win_and_goes_to_the_last_player() -> None:
    """*Número Ímpar*: the worst-placed player without a bye gets "uma vitória automática"."""
    event = _event(5)
    event.pair_next_round()
    _finish(event)
    bye1 = event.rounds[0].matches[-1]
    assert bye1.is_bye and bye1.result is Result.WIN
    before = event.standings()
    rnd2 = event.pair_next_round()
    bye2 = rnd2.matches[-1]
    assert bye2.is_bye and bye2.a != bye1.a
    assert {s.player_id: s.points for s in before}[bye1.a] == 5
    rank = {s.player_id: s.rank for s in before}
    without_bye = [s for s in before if s.byes == 0 and s.player_id != bye2.a]
    assert all(s.rank < rank[bye2.a] for s in without_bye)


def test_late_entry_joins_with_zero_points_and_drop_leaves_pairings() -> None:
    event = _event(6)
    event.pair_next_round()
    _finish(event)
    event.add_player("late", "Late")
    event.drop("p1")
    rnd = event.pair_next_round()
    seated = {p for m in rnd.matches for p in (m.a, m.b)}
    assert "late" in seated and "p1" not in seated
    assert event.players["late"].entered_round == 2
    assert {s.player_id: s.points for s in event.standings()}["late"] == 0 + (
        5 if rnd.matches[-1].a == "late" and rnd.matches[-1].is_bye else 0
    )


def test_round_paired_again_after_a_late_drop() -> None:
    """A no-show drops and a latecomer arrives after the pairing: the round is paired
    again without the one and with the other."""
    event = _event(6)
    event.pair_next_round()
    _finish(event)
    event.pair_next_round()
    event.drop("p2")
    event.add_player("late", "Late")
    rnd = event.redo_pairing()
    assert len(event.rounds) == 2
    seated = {p for m in rnd.matches for p in (m.a, m.b)}
    assert "p2" not in seated and "late" in seated
    assert len(rnd.matches) == 3 and not rnd.matches[-1].is_bye
    event.report(2, 1, Result.WIN)
    with pytest.raises(IllegalAction, match="already has results"):
        event.redo_pairing()


def test_manual_edit_warns_about_rematch_and_second_bye() -> None:
    event = _event(3)
    r1 = event.pair_next_round()
    _finish(event)
    (a, b) = (r1.matches[0].a, r1.matches[0].b)
    had_bye = r1.matches[-1].a
    assert b is not None
    event.pair_next_round()
    warnings = event.set_pairings([(a, b), (had_bye, None)])
    assert any(w.startswith("rematch") and a in w and b in w for w in warnings)
    assert any(w.startswith("second bye") and had_bye in w for w in warnings)
    assert event.rounds[-1].warnings == warnings


def test_manual_edit_refuses_unknown_and_doubled_players() -> None:
    event = _event(4)
    event.pair_next_round()
    with pytest.raises(IllegalAction, match="no player with the id, name or number 'zz'"):
        event.set_pairings([("p1", "zz"), ("p2", "p3")])
    with pytest.raises(IllegalAction, match="paired twice"):
        event.set_pairings([("p1", "p2"), ("p2", "p3")])


def test_a_hand_edit_changes_only_the_tables_it_names() -> None:
    """Two pairs swap opponents between two tables and leave the others as they were; a
    single pair that would strand its players' old opponents is refused, naming them,
    and changes nothing. Players are named by id, name or number."""
    event = _event(8)
    before = [(m.a, m.b) for m in event.pair_next_round().matches]
    (a, b), (c, d) = before[1], before[2]
    assert b is not None and d is not None
    names = {p.id: p.name for p in event.players.values()}
    with pytest.raises(IllegalAction) as refused:
        event.set_pairings([(a, names[c])])
    assert names[b] in str(refused.value) and names[d] in str(refused.value)
    assert [(m.a, m.b) for m in event.rounds[-1].matches] == before
    number = str(event.players[d].number)
    warnings = event.set_pairings([(a, c), (names[b].upper(), f"#{number}")])
    after = [(m.a, m.b) for m in event.rounds[-1].matches]
    assert after == [before[0], (a, c), (b, d), *before[3:]] and warnings == []


def test_correcting_a_past_result_recomputes_standings() -> None:
    event = _event(4)
    r1 = event.pair_next_round()
    _finish(event)
    event.pair_next_round()
    winner = r1.matches[0].a
    before = {s.player_id: s.points for s in event.standings()}[winner]
    event.report(1, 1, Result.DRAW)
    after = {s.player_id: s.points for s in event.standings()}[winner]
    assert (before, after) == (5, 2)


def test_cannot_pair_before_results_are_in() -> None:
    event = _event(4)
    event.pair_next_round()
    with pytest.raises(IllegalAction, match="without a result"):
        event.pair_next_round()


def test_top_cut_and_final_ranking() -> None:
    event = _event(8)
    for _ in range(3):
        event.pair_next_round()
        _finish(event)
    swiss = [s.player_id for s in event.standings()]
    cut = event.start_top_cut(4)
    assert [(m.a, m.b) for m in cut.rounds[0]] == [(swiss[0], swiss[3]), (swiss[1], swiss[2])]
    for m in cut.rounds[0]:
        event.report_cut(m.table, Result.WIN)
    event.advance_cut()
    event.report_cut(1, Result.LOSS)
    assert event.final_ranking()[:4] == [swiss[1], swiss[0], swiss[2], swiss[3]]
    assert event.final_ranking()[4:] == swiss[4:]


def test_cut_operations_need_a_started_cut() -> None:
    event = _event(4)
    with pytest.raises(IllegalAction, match="top cut has not started"):
        event.report_cut(1, Result.WIN)
    with pytest.raises(IllegalAction, match="finish the Swiss rounds"):
        event.start_top_cut(2)


def test_to_dict_round_trips_through_json() -> None:
    event = _event(7)
    event.pair_next_round()
    _finish(event, Result.TIMED_WIN)
    event.drop("p3")
    event.pair_next_round()
    data = json.loads(json.dumps(event.to_dict()))
    copy = DuelEvent.from_dict(data)
    assert copy.to_dict() == event.to_dict()
    assert copy.standings() == event.standings()


def test_foreign_or_broken_data_is_refused() -> None:
    with pytest.raises(DataFileError, match="not a Duel event"):
        DuelEvent.from_dict({"format": "something else"})
    data = _event(2).to_dict()
    data["players"][0]["number"] = "one"
    with pytest.raises(DataFileError, match="'number' must be int"):
        DuelEvent.from_dict(data)
    event = _event(4)
    event.pair_next_round()
    data = event.to_dict()
    data["rounds"][0]["matches"][1]["a"] = data["rounds"][0]["matches"][0]["a"]
    with pytest.raises(DataFileError, match="round 1 seats a player twice"):
        DuelEvent.from_dict(data)
    data = event.to_dict()
    data["rounds"][0]["matches"][1]["table"] = 5
    with pytest.raises(DataFileError, match="tables must be numbered"):
        DuelEvent.from_dict(data)


def test_registration_errors_name_the_problem() -> None:
    event = _event(2)
    with pytest.raises(IllegalAction, match="'p1' is already registered"):
        event.add_player("p1", "Again")
    with pytest.raises(IllegalAction, match="number 2 is already taken"):
        event.add_player("p9", "Nine", number=2)
    with pytest.raises(IllegalAction, match="no player with the id, name or number 'zz'"):
        event.drop("zz")


def test_report_refuses_bye_tables_and_unknown_results() -> None:
    event = _event(3)
    rnd = event.pair_next_round()
    with pytest.raises(IllegalAction, match="is a bye"):
        event.report(1, rnd.matches[-1].table, Result.WIN)
    with pytest.raises(IllegalAction, match="unknown result 'won'"):
        event.report(1, 1, "won")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="no table 9"):
        event.report(1, 9, Result.WIN)
    assert rnd.matches[0].result is None


def test_new_player_ids_are_readable_and_never_reused() -> None:
    """Ids made from names: lower case without accents, with dashes (issue 39, item 5:
    `Kaká Rocha` was `kak-rocha`), a number added when one is taken."""
    event = DuelEvent("ids", seed=1)
    first = event.new_player_id("Ana Lúcia")
    event.add_player(first, "Ana Lúcia")
    second = event.new_player_id("ana lúcia")
    assert first == "ana-lucia" and second == "ana-lucia-2"
    assert event.new_player_id("Kaká Rocha") == "kaka-rocha"
    assert event.new_player_id("João Alves") == "joao-alves"
    assert event.new_player_id("???") == "player"


def test_a_player_is_found_by_id_name_or_number() -> None:
    """Issue 39, item 5: `drop EVENT "Kaká Rocha"` works; so do the id and the number."""
    event = DuelEvent("names", seed=1)
    for name in ("Kaká Rocha", "João Alves", "Bia"):
        event.add_player(event.new_player_id(name), name)
    assert event.find_player("kaka-rocha").name == "Kaká Rocha"
    assert event.find_player("kaká rocha").id == "kaka-rocha"
    number = event.players["joao-alves"].number
    assert event.find_player(str(number)).id == event.find_player(f"#{number}").id == "joao-alves"
    event.drop("Kaká Rocha")
    assert event.players["kaka-rocha"].dropped
    for nobody in ("Zé", "99", "9" * 5000):
        with pytest.raises(IllegalAction, match="no player with the id, name or number"):
            event.find_player(nobody)
