"""NRTM JSON in and out of a `cobra` event (issue 22, part 2): a round trip, Cobra's own
worked example recomputed to its published numbers, the forms Cobra writes (custom
scores, intentional draws, byes in either seat), refusals, and three real events that
Cobra exported (`tests/data/nrtm/`, origin in its ORIGIN.md): each recomputes to its own
points, SoS, eSoS, ranks and cut places, and round-trips through export."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ludoteca.core.errors import DataFileError
from ludoteca.tournament import DuelEvent
from ludoteca.tournament.double_elim import DoubleCut
from ludoteca.tournament.nrtm import check, export_nrtm, float_noise, import_nrtm
from ludoteca.tournament.players import Score


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


def test_what_cobra_writes_custom_scores_and_intentional_draws() -> None:
    data = three_players()
    data["players"].append(player(4, "Pop", 4, 0, 0.0, 0.0))
    data["rounds"] = [
        [table(1, (1, 5), (2, 1)), table(2, (3, 1), (4, 1), intentional=True)],
        [table(1, (1, 6), (4, 0)), table(2, (2, 3), (3, 3))],
    ]
    event = import_nrtm(data, "Custom")
    assert event.name == "Custom" and len(event.rounds) == 2 and event.top_cut is None
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


REAL = Path(__file__).parent.parent / "data" / "nrtm"
NOISE = {
    # players with the same SoS as fractions, that Cobra's floats put in one order
    "cobra-BLM-2020-06-27.json": ["Grimlin", "BENJI9520 / BENJI"],
    "cobra-ABX7-2020-10-10.json": ["Ar00nDELL", "mjp", "Baa Ram Wu", "CreditzAtHotmail"],
    "cobra-VEFY-2020-07-25.json": [],
}


def real(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((REAL / name).read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("name", sorted(NOISE))
def test_a_real_cobra_export_recomputes_to_its_own_numbers(name: str) -> None:
    """Every player's points, SoS and eSoS as the file has them (within 1e-9), and every
    rank but where the file's order rests on float noise below that (`float_noise`)."""
    data = real(name)
    event = import_nrtm(data)
    assert check(event, data) == []
    assert float_noise(data) == NOISE[name]
    swiss = [r for r in data["rounds"] if not r[0]["eliminationGame"]]
    assert len(event.rounds) == len(swiss) == data["preliminaryRounds"]
    assert len(event.players) == len(data["players"])
    name = {p["id"]: p["name"] for p in data["players"]}
    for rnd, tables in zip(event.rounds, swiss, strict=True):
        theirs = sorted(
            tuple(
                sorted(
                    (name.get(s["id"], "bye"), s["combinedScore"])
                    for s in (t["player1"], t["player2"])
                )
            )
            for t in tables
        )
        mine = []
        for m in rnd.matches:
            score = m.result if isinstance(m.result, Score) else None
            seats = [(event.players[m.a].name, score.a if score else None)]
            seats.append(
                ("bye", 0) if m.b is None else (event.players[m.b].name, score.b if score else None)
            )
            mine.append(tuple(sorted(seats)))
        assert sorted(mine) == theirs


@pytest.mark.parametrize("name", sorted(NOISE))
def test_a_real_cobra_export_round_trips(name: str) -> None:
    data = real(name)
    exported = json.loads(json.dumps(export_nrtm(import_nrtm(data))))
    again = import_nrtm(exported)
    assert export_nrtm(again) == exported
    assert check(again, data) == []
    key = ("table", "intentionalDraw", "eliminationGame")
    for mine, theirs in zip(exported["rounds"], data["rounds"], strict=True):
        assert sorted(tuple(t[k] for k in key) for t in mine) == sorted(
            (t["table"] or 77, *(t[k] for k in key[1:])) for t in theirs
        )


@pytest.mark.parametrize("name", sorted(NOISE))
def test_a_real_cobra_file_goes_out_as_it_came_in(name: str) -> None:
    """Issue 39, item 3: an imported file exported again keeps its date, organiser and
    links, the players' NRTM ids and SoS/eSoS as written (Cobra's decimal strings), every
    seat's corp and runner scores, the seat each bye was written in, and the cut's seat
    order and sides (`role`). What differs, on purpose: `uploadedFrom` (ludoteca wrote
    this file), `twoForOne` (today's Cobra writes it), a table Cobra wrote without a
    number (given the free one), and the order of players whose rank rests on float
    noise (`float_noise`)."""
    data = real(name)
    out = json.loads(json.dumps(export_nrtm(import_nrtm(data))))
    for key in ("name", "date", "tournamentOrganiser", "links", "cutToTop", "preliminaryRounds"):
        assert out[key] == data[key], key
    assert out["uploadedFrom"] == "ludoteca" and data["uploadedFrom"] == "Cobra"

    def by_name(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
        return {row["name"]: {k: v for k, v in row.items() if k != "rank"} for row in rows}

    assert by_name(out["players"]) == by_name(data["players"])
    noisy = set(NOISE[name])
    for mine, theirs in zip(out["players"], data["players"], strict=True):
        assert mine["rank"] == theirs["rank"] or {mine["name"], theirs["name"]} <= noisy
    assert out["eliminationPlayers"] == data["eliminationPlayers"]
    for mine_round, their_round in zip(out["rounds"], data["rounds"], strict=True):
        theirs_by_table = {t["table"]: t for t in their_round}
        for mine in mine_round:
            theirs = theirs_by_table.get(mine["table"]) or next(
                t for t in their_round if t["table"] is None
            )
            assert {k: v for k, v in mine.items() if k not in ("twoForOne", "table")} == {
                k: v for k, v in theirs.items() if k != "table"
            }


def test_a_kept_table_that_no_longer_agrees_is_written_as_computed() -> None:
    """A result corrected after the import is written from the event (the file's corp and
    runner split no longer adds up to it); the other tables keep the file's."""
    data = real("cobra-VEFY-2020-07-25.json")
    event = import_nrtm(data)
    match = next(m for m in event.rounds[0].matches if m.b is not None and m.result != Score(3, 3))
    event.report(1, match.table, Score(3, 3))
    out = export_nrtm(event)
    table = next(t for t in out["rounds"][0] if t["table"] == match.table)
    assert table["player1"]["combinedScore"] == 3 and table["player1"]["corpScore"] is None
    other = next(t for t in out["rounds"][0] if t["table"] != match.table)
    assert other == {
        **next(t for t in data["rounds"][0] if t["table"] == other["table"]),
        "twoForOne": False,
    }


def test_a_real_double_elimination_cut_is_rebuilt_with_its_places() -> None:
    """BLM, 2020: top 8 double elimination, won by the 8th seed after a second final."""
    data = real("cobra-BLM-2020-06-27.json")
    event = import_nrtm(data)
    cut = event.top_cut
    assert isinstance(cut, DoubleCut) and cut.finished and len(cut.rounds) == 7
    places = [event.players[p].name for p in cut.ranking()]
    assert places == [
        p["name"] for p in sorted(data["eliminationPlayers"], key=lambda p: p["rank"])
    ]
    seeds = [event.players[p].name for p in cut.seeds]
    assert seeds == [p["name"] for p in sorted(data["eliminationPlayers"], key=lambda p: p["seed"])]
    assert places[0] == seeds[7] == "rongydoge"
    assert games(export_nrtm(event), len(event.rounds)) == games(data, len(event.rounds))


def games(data: dict[str, Any], swiss: int) -> list[tuple[int, set[tuple[str, bool]]]]:
    """Each cut game of an NRTM file: its number, and who played it and won."""
    name = {p["id"]: p["name"] for p in data["players"]}
    return [
        (t["table"], {(name[s["id"]], s["winner"]) for s in (t["player1"], t["player2"])})
        for r in data["rounds"][swiss:]
        for t in r
    ]


def test_a_table_cobra_wrote_without_a_number_takes_the_free_one() -> None:
    """World Championship day 1B, round 5: 80 tables, one written `"table": null`, and no
    table 77."""
    data = real("cobra-ABX7-2020-10-10.json")
    event = import_nrtm(data)
    table77 = event.rounds[4].matches[76]
    assert {event.players[table77.a].name, event.players[table77.b or ""].name} == {
        "Doc Bacon",
        "b3ar",
    }


def test_drops_and_late_entries_are_read_from_the_tables() -> None:
    """Cobra writes no drops: a player missing from the last round dropped after his last
    table, one with no table at all (2 on day 1B) before round 1; one first seen later
    entered late."""
    data = real("cobra-ABX7-2020-10-10.json")
    event = import_nrtm(data)
    last = {m.a for m in event.rounds[-1].matches} | {m.b for m in event.rounds[-1].matches}
    dropped = {p.id: p.dropped_after for p in event.players.values() if p.dropped}
    assert set(dropped) == set(event.players) - last
    assert sorted(dropped.values()).count(0) == 2 and max(dropped.values()) < 7
    small = three_players()
    small["players"].append(player(4, "Pop", 4, 0, 0.0, 0.0))
    small["rounds"][1][1] = table(2, (4, 0), (2, 6))  # Pop takes the round-2 bye's place
    assert {p.name: p.entered_round for p in import_nrtm(small).players.values()} == {
        "Laurie": 1,
        "Dan": 1,
        "Johno": 1,
        "Pop": 2,
    }


def test_a_cut_game_between_players_the_bracket_does_not_pair_is_refused() -> None:
    data = real("cobra-BLM-2020-06-27.json")
    first_cut_round = data["rounds"][
        len([r for r in data["rounds"] if not r[0]["eliminationGame"]])
    ]
    first_cut_round[0]["player1"]["id"], first_cut_round[1]["player1"]["id"] = (
        first_cut_round[1]["player1"]["id"],
        first_cut_round[0]["player1"]["id"],
    )
    with pytest.raises(DataFileError, match="not the bracket's players"):
        import_nrtm(data)


# The keys Cobra's writer gives each part of an NRTM file (its own expected output,
# `spec/fixtures/files/nrtm_json_cut.json`, and `app/services/nrtm_json.rb`).
COBRA_KEYS = {
    "file": {
        "name",
        "date",
        "cutToTop",
        "preliminaryRounds",
        "tournamentOrganiser",
        "players",
        "eliminationPlayers",
        "rounds",
        "uploadedFrom",
        "links",
    },
    "player": {
        "id",
        "name",
        "rank",
        "corpIdentity",
        "runnerIdentity",
        "matchPoints",
        "strengthOfSchedule",
        "extendedStrengthOfSchedule",
    },
    "elimination player": {"id", "name", "rank", "seed"},
    "table": {"table", "player1", "player2", "intentionalDraw", "twoForOne", "eliminationGame"},
    "swiss seat": {"id", "runnerScore", "corpScore", "combinedScore"},
    "cut seat": {"id", "role", "winner"},
}


def test_an_export_has_every_key_cobra_writes_and_keeps_the_identities() -> None:
    data = real("cobra-BLM-2020-06-27.json")
    out = export_nrtm(import_nrtm(data), day="2020-06-27")
    swiss = len([r for r in data["rounds"] if not r[0]["eliminationGame"]])
    assert set(out) == COBRA_KEYS["file"] and out["date"] == "2020-06-27"
    assert all(set(p) == COBRA_KEYS["player"] for p in out["players"])
    assert all(set(p) == COBRA_KEYS["elimination player"] for p in out["eliminationPlayers"])
    for index, tables in enumerate(out["rounds"]):
        seat = COBRA_KEYS["swiss seat" if index < swiss else "cut seat"]
        for t in tables:
            assert set(t) == COBRA_KEYS["table"]
            assert set(t["player1"]) == seat and set(t["player2"]) == seat
    theirs = {p["name"]: (p["corpIdentity"], p["runnerIdentity"]) for p in data["players"]}
    assert {p["name"]: (p["corpIdentity"], p["runnerIdentity"]) for p in out["players"]} == theirs
