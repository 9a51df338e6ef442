"""The board data file (*Lenda do tabuleiro*): ludoteca's layout, validated on load."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ludoteca import games
from ludoteca.core import DataFileError, OptionError
from ludoteca.games.futebol.board import board_from_data, load_board, load_board_file

DEFAULT_ROWS = [
    "##GGG##",
    "XXKKKXX",
    "SPP*PPS",
    "S.....S",
    "SL...LS",
    "S.....S",
    "=======",
    "S.....S",
    "SL...LS",
    "S.....S",
    "SPP*PPS",
    "XXKKKXX",
    "##GGG##",
]


def _doc(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "name": "t",
        "rows": list(DEFAULT_ROWS),
        "kickoff": "d7",
        "formation": ["d2", "b3", "f3", "d4", "c6", "e6"],
    }
    doc.update(changes)
    return doc


def test_default_board_has_every_kind_of_space_in_both_halves() -> None:
    """*Nota: O tabuleiro é simétrico*: each half has goal, areas, spot, L, S and X."""
    board = load_board("default")
    assert board.width == 7 and board.height == 13
    assert board.rows == DEFAULT_ROWS
    for cell, kind in enumerate(board.kinds):
        assert board.kinds[board.mirror(cell)] == kind
    assert board.cell_names[board.spot[0]] == "d3"
    assert board.cell_names[board.spot[1]] == "d11"
    assert board.cell_names[board.kickoff] == "d7"


def test_valid_document_loads() -> None:
    assert board_from_data(_doc(), "x.toml").name == "t"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"name": ""}, "field 'name'"),
        ({"rows": "abc"}, "field 'rows' must be a list"),
        ({"rows": DEFAULT_ROWS[:6]}, "odd number of rows"),
        ({"rows": [*DEFAULT_ROWS[:3], "S....S", *DEFAULT_ROWS[4:]]}, "rows[3] has width 6"),
        ({"rows": [*DEFAULT_ROWS[:3], "S..Q..S", *DEFAULT_ROWS[4:]]}, "unknown space 'Q'"),
        ({"rows": [*DEFAULT_ROWS[:3], "S.X...S", *DEFAULT_ROWS[4:]]}, "rows[3] does not mirror"),
        ({"rows": [*DEFAULT_ROWS[:6], "===.===", *DEFAULT_ROWS[7:]]}, "centre line"),
        ({"rows": ["##...##", *DEFAULT_ROWS[1:-1], "##...##"]}, "needs a goal"),
        (
            {
                "rows": [
                    *DEFAULT_ROWS[:2],
                    "SPPPPPS",
                    *DEFAULT_ROWS[3:-3],
                    "SPPPPPS",
                    *DEFAULT_ROWS[-2:],
                ]
            },
            "penalty spot",
        ),
        ({"kickoff": "d6"}, "'kickoff' 'd6' is not a space of the centre line"),
        ({"formation": ["d2", "b3"]}, "6 distinct spaces"),
        ({"formation": ["d2", "b3", "f3", "d4", "c6", "b5"]}, "formation space 'b5'"),
        ({"formation": ["d2", "c2", "f3", "d4", "c6", "e6"]}, "more than one pawn"),
    ],
)
def test_malformed_board_is_refused_naming_the_problem(
    changes: dict[str, Any], message: str
) -> None:
    """A malformed board file raises DataFileError naming the file and the field."""
    with pytest.raises(DataFileError) as info:
        board_from_data(_doc(**changes), "bad.toml")
    assert "bad.toml" in str(info.value)
    assert message in str(info.value)


def test_unreadable_and_invalid_toml_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="cannot read"):
        load_board_file(tmp_path / "missing.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("rows = [\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"broken\.toml: not valid TOML"):
        load_board_file(broken)


def test_unknown_board_option_is_refused() -> None:
    with pytest.raises(OptionError, match="option 'board'"):
        games.load("futebol", board="nowhere")
