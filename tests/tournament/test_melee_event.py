"""The melee event object: rulebook, Luta pelo Poder (*Disposição de Lugares*,
*Pontuação*, *Mesa Final*)."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.core.errors import DataFileError, IllegalAction, OptionError
from ludoteca.tournament.melee import MeleeEvent, final_table_size
from ludoteca.tournament.melee_scoring import table_points
from ludoteca.tournament.melee_tables import melee_table_sizes
from tests.depth import examples


def _event(n: int, seed: str = "s") -> MeleeEvent:
    event = MeleeEvent("Copa", seed)
    for i in range(n):
        event.add_player(f"P{i + 1}")
    return event


def _play_round(event: MeleeEvent, rng: random.Random) -> None:
    event.seat_next_round()
    round_number = len(event.rounds)
    for table_number, table in enumerate(event.rounds[-1], start=1):
        powers = {p: rng.randint(0, 15) for p in table.seats}
        event.report(round_number, table_number, powers)


@pytest.mark.parametrize(("players", "seats"), [(3, 3), (11, 3), (12, 4), (40, 4)])
def test_final_table_size(players: int, seats: int) -> None:
    """Mesa Final: "11 ou menos jogadores, somente os 3 melhores ... 12 ou mais
    jogadores, 4 jogadores avançam"."""
    assert final_table_size(players) == seats


@settings(max_examples=examples(25))
@given(
    st.integers(min_value=3, max_value=30),
    st.integers(min_value=1, max_value=4),
    st.integers(min_value=0, max_value=10**6),
)
def test_random_events_keep_their_invariants(n: int, rounds: int, seed: int) -> None:
    """Disposição de Lugares and Pontuação over whole events with random drops and late
    entries: each
    round seats every active player once at the listed sizes, totals equal the sum of
    table points, and the plain-data form round-trips through JSON."""
    rng = random.Random(seed)
    event = _event(n, str(seed))
    for _ in range(rounds):
        if len(event.active()) > 3 and rng.random() < 0.3:
            event.drop(rng.choice(event.active()))
        if rng.random() < 0.2:
            event.add_player(f"Late {len(event.players) + 1}")
        _play_round(event, rng)
        tables = event.rounds[-1]
        seated = sorted(p for t in tables for p in t.seats)
        assert seated == event.active()
        assert tuple(len(t.seats) for t in tables) == melee_table_sizes(len(seated))
    totals = dict.fromkeys(range(1, len(event.players) + 1), 0)
    for results in event.results():
        for result in results:
            for player, points in table_points(result.powers).items():
                totals[player] += points
    assert {s.player: s.points for s in event.standings()} == totals
    copy = MeleeEvent.from_dict(json.loads(json.dumps(event.to_dict())))
    assert copy == event
    assert copy.standings() == event.standings()


def test_round_length_defaults_to_105_and_accepts_90_or_120() -> None:
    """Luta pelo Poder: "rodadas de 105 minutos ... alterar este número para 90 minutos
    ou 120 minutos"."""
    assert MeleeEvent("Copa", "s").clock().minutes == 105
    assert MeleeEvent("Copa", "s", minutes=90).clock().remaining() == 90 * 60
    with pytest.raises(OptionError, match="not 60"):
        MeleeEvent("Copa", "s", minutes=60)


def test_correcting_a_result_recomputes_standings() -> None:
    """Pontuação: a corrected table result replaces the old one in every total."""
    event = _event(6)
    _play_round(event, random.Random(1))
    table = event.rounds[0][0]
    winner = table.seats[0]
    event.correct(1, 1, {p: (15 if p == winner else 0) for p in table.seats})
    assert {s.player: s.points for s in event.standings()}[winner] == 15
    with pytest.raises(IllegalAction, match="already reported: correct its result instead"):
        event.report(1, 1, {p: 0 for p in table.seats})


def test_report_must_name_exactly_the_tables_players() -> None:
    """A result naming a player from another table is refused, state unchanged."""
    event = _event(6)
    tables = event.seat_next_round()
    wrong = {tables[0][0]: 3, tables[0][1]: 2, tables[1][0]: 1}
    with pytest.raises(IllegalAction, match="not at this table"):
        event.report(1, 1, wrong)
    assert event.rounds[0][0].powers is None


def test_next_round_waits_for_every_result() -> None:
    """Disposição de Lugares: the next round is seated from finished rounds only."""
    event = _event(6)
    event.seat_next_round()
    with pytest.raises(IllegalAction, match="round 1 table 1 has no result"):
        event.seat_next_round()


def test_final_table_winner_is_champion_and_rest_by_preliminary_rank() -> None:
    """Mesa Final: top 4 of 12 play the final; "O jogador que vencer a mesa final é o
    campeão do torneio"; the others keep their preliminary order."""
    event = _event(12)
    rng = random.Random(4)
    for _ in range(3):
        _play_round(event, rng)
    while True:
        try:
            finalists = event.seat_final()
            break
        except IllegalAction as tie:
            assert "record a playoff" in str(tie)
            tied = sorted({p for s in event.standings() for p in s.unresolved})
            event.record_playoff(tied)
    standings = event.standings()
    assert list(finalists) == [s.player for s in standings[:4]]
    last = finalists[-1]
    event.report_final({p: (15 if p == last else 3) for p in finalists})
    ranking = event.final_ranking()
    assert event.champion() == last
    assert ranking[1:4] == list(finalists[:3])
    assert ranking[4:] == [s.player for s in standings[4:]]
    finish = event.finish()
    assert finish.final_table == tuple(f"P{p}" for p in ranking[:4])
    assert finish.preliminary == tuple(f"P{s.player}" for s in standings)


def test_unbroken_tie_for_the_last_final_seat_needs_a_playoff() -> None:
    """Mesa Final: "o terceiro critério ... é a disputa de uma partida rápida"."""
    event = _event(6)
    event.seat_next_round()
    first, second = event.rounds[0]
    event.report(1, 1, dict(zip(first.seats, (10, 4, 0), strict=True)))
    event.report(1, 2, dict(zip(second.seats, (10, 4, 0), strict=True)))
    with pytest.raises(IllegalAction, match="tied for the final table"):
        event.seat_final()
    event.record_playoff([second.seats[1], first.seats[1]])
    seats = event.seat_final()
    assert seats[2] == second.seats[1]


def test_dropped_player_is_not_seated_and_not_a_finalist() -> None:
    """Drops: a dropped player sits out later rounds and cannot take a final seat."""
    event = _event(7)
    rng = random.Random(2)
    _play_round(event, rng)
    leader = event.standings()[0].player
    event.drop(leader)
    _play_round(event, rng)
    assert leader not in {p for t in event.rounds[1] for p in t.seats}
    try:
        finalists = event.seat_final()
    except IllegalAction:
        event.record_playoff(sorted({p for s in event.standings() for p in s.unresolved}))
        finalists = event.seat_final()
    assert leader not in finalists


def test_cancelled_round_is_reseated_without_the_dropped_player() -> None:
    """A round seated before a drop can be withdrawn and seated again, until reported."""
    event = _event(7)
    _play_round(event, random.Random(3))
    event.seat_next_round()
    event.drop(1)
    event.cancel_last_round()
    tables = event.seat_next_round()
    assert 1 not in {p for t in tables for p in t}
    event.report(2, 1, dict.fromkeys(tables[0], 1))
    with pytest.raises(IllegalAction, match="round 2 already has results"):
        event.cancel_last_round()


def test_fewer_than_three_active_players_cannot_be_seated() -> None:
    """Disposição de Lugares: the smallest table is three."""
    event = _event(3)
    event.drop(1)
    with pytest.raises(IllegalAction, match="at least 3 players, 2 active"):
        event.seat_next_round()


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(format="other"), "format must be"),
        (lambda d: d["players"][0].update(number=5), r"players\[0\].number must be 1"),
        (lambda d: d["rounds"][0][0].update(seats=[1, 1, 2]), "unknown or repeated"),
        (lambda d: d["rounds"][0][0].update(powers=[1]), "one power >= 0 per seat"),
        (lambda d: d.pop("playoffs"), "lacks field 'playoffs'"),
        (lambda d: d.update(minutes=100), "minutes: a melee round lasts 105 or 90 or 120"),
    ],
)
def test_malformed_plain_data_is_refused(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    """A corrupt or foreign event file is refused with a message naming the field."""
    event = _event(6)
    _play_round(event, random.Random(0))
    data = event.to_dict()
    mutate(data)
    with pytest.raises(DataFileError, match=message):
        MeleeEvent.from_dict(data)
