"""A sign-up sheet (CSV) becomes the player list in one step (issue 22, part 2): any
delimiter spreadsheets write, headings in the three languages, the whole sheet or
nothing, every bad row named."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core.errors import DataFileError, IllegalAction
from ludoteca.tournament import DuelEvent
from ludoteca.tournament.event_rules import EventStaff, Tier
from ludoteca.tournament.melee import MeleeEvent
from ludoteca.tournament.registration import MAX_CELL, Signup, read_signups, register


def test_a_comma_sheet_with_every_column() -> None:
    sheet = "Name,Faction,Agenda,Deck,Group,Paid\nAna,Stark,Fealty,Wolves,Silva,yes\nBia,,,,,no\n"
    assert read_signups(sheet) == [
        Signup("Ana", "Silva", "Stark", "Fealty", "Wolves"),
        Signup("Bia"),
    ]


def test_a_semicolon_sheet_in_portuguese_with_a_byte_order_mark() -> None:
    sheet = "\ufeffNome;Facção;Baralho\r\nJoão Silva;Lannister;Ouro\r\n;;\r\nMaria;Targaryen;\r\n"
    assert read_signups(sheet) == [
        Signup("João Silva", faction="Lannister", deck="Ouro"),
        Signup("Maria", faction="Targaryen"),
    ]


def test_one_column_and_italian_headings() -> None:
    assert read_signups("giocatore\nLuca\nGiulia\n") == [Signup("Luca"), Signup("Giulia")]
    assert read_signups("Nome\tMazzo\nLuca\tDraghi\n") == [Signup("Luca", deck="Draghi")]


@pytest.mark.parametrize(
    ("sheet", "message"),
    [
        ("", "empty"),
        ("player name,deck\nAna,x\n", "first row must name its columns"),
        ("name\n\n\n", "has no player"),
        ("name,deck\nAna,x\n,y\n", "row 3: the name is empty"),
        ("name\nAna\nB\x00b\n", "row 3, column name: at most"),
        ("name,deck\nAna," + "x" * (MAX_CELL + 1) + "\n", "row 2, column deck: at most"),
        ("name\n" + "x\n" * 300_000, "at most 256,000 bytes"),
    ],
)
def test_a_bad_sheet_is_refused_naming_what_is_wrong(sheet: str, message: str) -> None:
    with pytest.raises(DataFileError, match=message):
        read_signups(sheet)


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_every_line_end_a_spreadsheet_writes_reads_alike(end: str) -> None:
    """Old Mac exports end lines with a lone carriage return: once a 500 (`csv.Error`)."""
    sheet = end.join(["Name;Group", "Ana;Silva", "Bia;"]) + end
    assert read_signups(sheet) == [Signup("Ana", "Silva"), Signup("Bia")]


@given(st.text(max_size=200))
def test_any_text_is_a_sheet_or_refused_with_a_reason(text: str) -> None:
    """Whatever text arrives, it reads as a sheet or is refused as one (never a crash)."""
    with contextlib.suppress(DataFileError):
        read_signups(text)


@given(st.lists(st.text(min_size=1, max_size=30), min_size=1, max_size=8))
def test_names_come_back_as_text_or_the_sheet_is_refused(names: list[str]) -> None:
    """Whatever a cell holds (quotes, formulas, markup, control characters), a sheet
    either reads back as the trimmed names or is refused with a DataFileError."""
    import csv
    import io

    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(["name"])
    writer.writerows([name] for name in names)
    try:
        found = read_signups(buffer.getvalue())
    except DataFileError:
        return
    expected = [n.strip() for n in names if n.strip()]
    assert [s.name for s in found] == expected
    assert all(s.name.isprintable() for s in found)


def test_register_is_all_or_nothing() -> None:
    event, staff = DuelEvent("cup"), EventStaff(Tier.LOCAL)
    signups = read_signups("name,group,faction\nAna,Silva,Stark\nBia,Silva,\n=SUM(A1),,\n")
    assert register(event, staff, signups) == 3
    ana = event.players["ana"]
    assert (ana.group, ana.faction, ana.number) == ("Silva", "Stark", 1)
    assert event.players["sum-a1"].name == "=SUM(A1)"  # text: the exports escape it
    again = read_signups("name\nCaio\nAna\n")
    with pytest.raises(IllegalAction, match="Ana is already registered"):
        register(event, staff, again)
    assert len(event.players) == 3 and "caio" not in event.players  # nothing of it


def test_a_melee_takes_names_but_not_groups() -> None:
    melee, staff = MeleeEvent("m", "1"), EventStaff(Tier.LOCAL)
    assert register(melee, staff, read_signups("name\nAna\nBia\n")) == 2
    with pytest.raises(DataFileError, match="Duel events only"):
        register(melee, staff, read_signups("name,group\nCaio,X\n"))
    assert [p.name for p in melee.players] == ["Ana", "Bia"]


def test_a_player_brings_what_the_sheet_says_and_it_is_saved() -> None:
    event = DuelEvent("cup")
    register(event, EventStaff(Tier.LOCAL), [Signup("Ana", faction="Stark", deck="Wolves")])
    data = event.to_dict()
    assert data["players"][0]["faction"] == "Stark" and "agenda" not in data["players"][0]
    assert DuelEvent.from_dict(data).players["ana"].deck == "Wolves"
