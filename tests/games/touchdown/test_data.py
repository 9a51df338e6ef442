"""Data files: the board and the rosters (*I giocatori*, *Le formazioni*)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca import games
from ludoteca.core import DataFileError
from ludoteca.core.datafile import file_content
from ludoteca.games.touchdown.geometry import board_from_data, load_board
from ludoteca.games.touchdown.roster import (
    MINIMUM,
    default_roster,
    load_roster,
    roster_from_data,
)


def _players(extra: list[dict[str, object]] | None = None) -> list[dict[str, object]]:
    """A squad meeting the minimum with zero-value players, then 40 points of stars."""
    out: list[dict[str, object]] = []
    number = 1
    for role, need in MINIMUM.items():
        for _ in range(need):
            out.append({"number": number, "role": role, "tackle": 0, "speed": 0})
            number += 1
    for _ in range(6):
        out.append({"number": number, "role": "D", "tackle": 3, "speed": 3})
        number += 1
    out.append({"number": number, "role": "AB", "tackle": 2, "speed": 2})
    return out + (extra or [])


def test_default_squads_follow_the_rule() -> None:
    """*Tutti i giocatori ... con valori nulli ... poi ... la somma totale ... pari a 40.*"""
    for seat in (0, 1):
        roster = default_roster(seat)
        assert sum(c.value for c in roster.cards) == 40
        assert any(c.value == 0 for c in roster.cards)


def test_value_is_tackle_plus_speed() -> None:
    """*Il valore di un giocatore è dato dalla somma dei bonus in velocità e contrasto.*"""
    roster = roster_from_data({"name": "T", "players": _players()}, "t")
    assert max(c.value for c in roster.cards) == 6


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"tackle": 4}, "field 'tackle' must be a whole number 0-3"),
        ({"speed": -1}, "field 'speed' must be a whole number 0-3"),
        ({"role": "QB"}, "field 'role' must be one of"),
        ({"number": 2}, "number 2 is used twice"),
        ({"colour": "red"}, "unknown field 'colour'"),
    ],
)
def test_bad_counters_are_refused_naming_the_field(change: dict[str, object], message: str) -> None:
    """A malformed counter is refused with the entry and field named."""
    players = _players()
    players[0] = {**players[0], **change}
    with pytest.raises(DataFileError, match=message) as info:
        roster_from_data({"name": "T", "players": players}, "my.toml")
    assert "my.toml: player #" in str(info.value)


def test_values_must_sum_to_forty() -> None:
    """*In modo che la somma totale dei valori dei giocatori sia pari a 40.*"""
    players = _players([{"number": 99, "role": "D", "tackle": 1, "speed": 0}])
    with pytest.raises(DataFileError, match="sum to 41, the rule asks for 40"):
        roster_from_data({"name": "T", "players": players}, "t")


def test_squad_must_field_every_formation() -> None:
    """Eleven a side: 5 A, 3 AB, 2 AE, 1 AQ, an AK for kicks, eleven D."""
    players = [p for p in _players() if p["role"] != "AQ"]
    with pytest.raises(DataFileError, match="needs at least 1 AQ players, has 0"):
        roster_from_data({"name": "T", "players": players}, "t")


def test_roster_file_option(tmp_path: Path) -> None:
    """A coach brings a squad as a roster file; a bad one is refused on load."""
    lines = ['name = "Mine"']
    for p in _players():
        lines += ["[[players]]"] + [f"{k} = {v!r}".replace("'", '"') for k, v in p.items()]
    path = tmp_path / "mine.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    assert load_roster(path).name == "Mine"
    game = games.load("touchdown", yellow_roster=file_content(path))
    assert "Y1" in game.cards  # type: ignore[attr-defined]
    path.write_text("name = 3", encoding="utf-8")
    with pytest.raises(DataFileError, match="field 'name'"):
        games.load("touchdown", yellow_roster=file_content(path))
    with pytest.raises(DataFileError, match=r"roster file .*missing\.toml: cannot read it"):
        load_roster(tmp_path / "missing.toml")


def test_board_file_shape() -> None:
    """24 rows of 2.5 yards, two end zones, goal squares, 10-yard lines every 4 rows."""
    b = load_board()
    assert b.field_rows == 24 and b.columns == 11 and b.height == 30 and b.width == 13
    assert b.ten_yard_lines() == (3, 7, 11, 15, 19, 23, 27)
    assert b.lines_crossed(10, 29) == 5 and b.lines_crossed(14, 10) == 1
    assert [b.name_of(s) for s in b.goal_squares(top=True)] == ["f29", "g29", "h29"]
    assert b.in_bounds(b.sq(1, 3)) and b.in_bounds(b.sq(11, 3))  # straddling squares
    assert b.out_of_bounds(b.sq(0, 3)) and not b.in_bounds(b.sq(12, 3))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"columns": 9}, "'columns' must be a whole number 11-25"),
        ({"field_rows": 25}, "multiple of two 10-yard spans"),
        ({"goal_columns": [5, 6]}, "'goal_columns' must list 3"),
        ({"dashed_columns": [2, 9]}, "room for a five-square line"),
    ],
)
def test_bad_board_is_refused(change: dict[str, object], message: str) -> None:
    """A malformed board file names the field at fault."""
    data: dict[str, object] = {
        "name": "x",
        "columns": 11,
        "field_rows": 24,
        "end_zone_rows": 2,
        "rows_per_ten_yards": 4,
        "goal_columns": [5, 6, 7],
        "dashed_columns": [3, 9],
    }
    data.update(change)
    with pytest.raises(DataFileError, match=message):
        board_from_data(data, "board.toml")
