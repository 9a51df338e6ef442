"""NRTM JSON in and out of a `cobra` event (issue 22, part 2): a round trip, Cobra's own
worked example recomputed to its published numbers, the forms Cobra writes (custom
scores, intentional draws, byes in either seat, elimination rounds), and refusals.

Still wanted: a real event's export from a public source (none is reachable from here)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoteca.core.errors import DataFileError
from ludoteca.tournament import DuelEvent
from ludoteca.tournament.nrtm import check, export_nrtm, import_nrtm


def seat(player: int | None, points: int | None) -> dict[str, Any]:
    return {"id": player, "runnerScore": None, "corpScore": None, "combinedScore": points}


def table(
    number: int, a: tuple[int | None, int | None], b: tuple[int | None, int | None], **flags: bool
) -> dict[str, Any]:
    return {
        "table": number,
        "player1": seat(*a),
        "player2": seat(*b),
        "intentionalDraw": flags.get("intentional", False),
        "twoForOne": False,
        "eliminationGame": flags.get("elimination", False),
    }


def player(
    number: int, name: str, rank: int, points: int, sos: float, esos: float
) -> dict[str, Any]:
    return {
        "id": number,
        "name": name,
        "rank": rank,
        "matchPoints": points,
        "strengthOfSchedule": sos,
        "extendedStrengthOfSchedule": esos,
    }


def three_players() -> dict[str, Any]:
    """Cobra's three-player scenario (`sos_calculator_spec.rb`) as an NRTM file."""
    return {
        "name": "Three",
        "players": [
            player(1, "Laurie", 1, 12, 1.5, 5.25),
            player(2, "Dan", 2, 9, 1.5, 5.25),
            player(3, "Johno", 3, 3, 5.25, 1.5),
        ],
        "rounds": [
            [table(1, (2, 3), (3, 3)), table(2, (1, 6), (None, 0))],
            [table(1, (1, 6), (3, 0)), table(2, (None, 0), (2, 6))],  # a bye in seat 1
        ],
    }


def test_cobras_worked_example_recomputes_to_its_own_numbers() -> None:
    data = three_players()
    event = import_nrtm(data)
    assert event.rules.name == "cobra" and check(event, data) == []
    assert [event.players[s.player_id].name for s in event.standings()] == [
        "Laurie",
        "Dan",
        "Johno",
    ]
    data["players"][2]["strengthOfSchedule"] = 5.0
    assert check(event, data) == ["Johno: SoS 5.25, the file 5.0"]


def test_what_cobra_writes_custom_scores_draws_byes_and_a_cut() -> None:
    data = three_players()
    data["players"].append(player(4, "Pop", 4, 0, 0.0, 0.0))
    data["rounds"] = [
        [table(1, (1, 5), (2, 1)), table(2, (3, 1), (4, 1), intentional=True)],
        [table(1, (1, 6), (4, 0)), table(2, (2, 3), (3, 3))],
        [table(1, (1, None), (2, None), elimination=True)],
    ]
    event = import_nrtm(data, "Custom")
    assert event.name == "Custom" and len(event.rounds) == 2  # the cut is not rebuilt
    first = event.rounds[0].matches
    assert first[0].result is not None and first[0].result.value == "5-1"
    assert first[1].result is not None and first[1].result.value == "1-1 id"


def test_an_event_exports_and_imports_back_the_same() -> None:
    event, rng = DuelEvent("Friday", seed=2, rules="cobra"), random.Random(2)
    for name in ("Ana", "Bia", "Caio", "Duda", "Eva", "Fabi", "Gil"):
        event.add_player(name.lower(), name)
    for _ in range(3):
        rnd = event.pair_next_round()
        for match in rnd.matches:
            if match.b is not None:
                event.report(
                    rnd.number, match.table, rng.choice(["6-0", "3-3", "0-6", "4-1", "1-1 id"])
                )
    exported = export_nrtm(event)
    again = import_nrtm(exported)
    assert check(again, exported) == [] and export_nrtm(again) == exported


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "no 'players' list"),
        ({"players": [{"id": "x", "name": "A"}]}, "id must be a whole number"),
        ({"players": [{"id": 1, "name": "A"}, {"id": 1, "name": "B"}]}, "a unique id"),
        (
            {"players": [{"id": 1, "name": "A"}], "rounds": [[table(1, (1, 6), (9, 0))]]},
            "unknown player",
        ),
        (
            {"players": [{"id": 1, "name": "A"}], "rounds": [[table(1, (1, 3), (None, 0))]]},
            "a bye of 3",
        ),
    ],
)
def test_a_file_that_is_not_nrtm_is_refused(data: Any, message: str) -> None:
    with pytest.raises(DataFileError, match=message):
        import_nrtm(data)


def test_only_a_cobra_event_is_an_nrtm_file() -> None:
    with pytest.raises(DataFileError, match="runs under agot"):
        export_nrtm(DuelEvent("agot night"))
