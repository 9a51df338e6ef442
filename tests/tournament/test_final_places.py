"""Final places come first wherever standings are shown or exported: a Duel's top-cut
champion is place 1 though another player led the Swiss rounds; a Melee's final table
comes before the preliminary ranking (*"O jogador que vencer a mesa final é o campeão"*)."""

from __future__ import annotations

import random

from ludoteca.tournament import DuelEvent, Result
from ludoteca.tournament.melee import MeleeEvent
from ludoteca.tournament.rows import standings_rows


def duel_won_by_the_fourth_seed() -> DuelEvent:
    """8 players, 3 Swiss rounds won by the lower-numbered player, a top 4 won by the
    fourth seed."""
    event = DuelEvent("cup", seed=1)
    for i in range(1, 9):
        event.add_player(f"p{i}", f"Player {i}")
    for _ in range(3):
        rnd = event.pair_next_round()
        for match in rnd.matches:
            number = event.players[match.a].number, event.players[str(match.b)].number
            event.report(rnd.number, match.table, Result.WIN if number[0] < number[1] else "loss")
    seeds = [s.player_id for s in event.standings()[:4]]
    event.start_top_cut(4)
    for _ in range(2):
        for match in event.top_cut.rounds[-1] if event.top_cut else []:
            wins = match.a == seeds[3] or (match.b != seeds[3] and match.a == seeds[1])
            event.report_cut(match.table, Result.WIN if wins else Result.LOSS)
        if event.top_cut is not None and not event.top_cut.finished:
            event.advance_cut()
    return event


def test_a_duel_ranks_its_cut_champion_first_in_the_rows() -> None:
    event = duel_won_by_the_fourth_seed()
    swiss = [s.player_id for s in event.standings()]
    rows = standings_rows(event)
    assert [row["place"] for row in rows] == list(range(1, 9))
    assert rows[0]["id"] == swiss[3] and rows[0]["rank"] == 4  # the champion, Swiss 4th
    assert rows[1]["id"] == swiss[1]  # the finalist
    assert {rows[2]["id"], rows[3]["id"]} == {swiss[0], swiss[2]}  # semi-final losers
    assert [row["id"] for row in rows[4:]] == swiss[4:]  # the rest in Swiss order
    assert next(iter(rows[0])) == "place"


def test_before_the_cut_is_decided_rows_are_the_swiss_ranking() -> None:
    event = DuelEvent("cup", seed=1)
    for i in range(1, 5):
        event.add_player(f"p{i}", f"Player {i}")
    rnd = event.pair_next_round()
    for match in rnd.matches:
        event.report(1, match.table, Result.WIN)
    rows = standings_rows(event)
    assert "place" not in rows[0]
    assert [row["id"] for row in rows] == [s.player_id for s in event.standings()]


def test_a_melee_ranks_its_final_table_first() -> None:
    event = MeleeEvent("melee", "s")
    for i in range(1, 8):
        event.add_player(f"P{i}")
    rng = random.Random(4)
    for number in (1, 2):
        for index, seats in enumerate(event.seat_next_round(), start=1):
            event.report(number, index, {p: rng.randint(0, 15) for p in seats})
    finalists = event.seat_final()
    # the last-seeded finalist wins the final table
    event.report_final({p: 20 if p == finalists[-1] else i for i, p in enumerate(finalists)})
    rows = standings_rows(event)
    assert rows[0]["number"] == finalists[-1] and rows[0]["place"] == 1
    assert {row["number"] for row in rows[:3]} == set(finalists)
    prelim = [s.player for s in event.standings() if s.player not in finalists]
    assert [row["number"] for row in rows[3:]] == prelim
