"""The board data file (*Lenda do tabuleiro*): ludoteca's layout, validated on load."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ludoteca import games
from ludoteca.agents import make_agent
from ludoteca.core import DataFileError, OptionError
from ludoteca.games.futebol.action import parse
from ludoteca.games.futebol.geometry import board_from_data, load_board, load_board_file
from ludoteca.games.futebol.pawns import pawn_index
from ludoteca.sim.runner import play_match

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


@pytest.mark.parametrize("name", ["wide-goals", "long", "no-wings"])
def test_every_pitch_variant_ships_what_its_name_says_and_plays_to_a_goal(name: str) -> None:
    """ludoteca's pitch variants (docs/balance.md compares them): each loads, differs
    from the default only as its name says, and a game between the heuristics ends."""
    default, board = load_board("default"), load_board(name)
    goal_width = board.rows[0].count("G")
    speed = board.kinds.count("S")
    expected = {
        "wide-goals": (5, 16, 13),
        "long": (3, 24, 17),
        "no-wings": (3, 0, 13),
    }[name]
    assert (goal_width, speed, board.height) == expected
    assert (default.rows[0].count("G"), default.kinds.count("S")) == (3, 16)
    assert name in games.info("futebol").options[-1].choices
    game = games.load("futebol", board=name)
    match = play_match(game, [make_agent("heuristic", seat) for seat in range(2)], 1)
    assert sorted(match.scores) == [0.0, 1.0] and match.winner is not None


@pytest.mark.parametrize("name", ["default", "long", "no-wings", "wide-goals"])
def test_a_move_is_applied_as_its_action_string_reads(name: str) -> None:
    """`Labels.moved`, what `_apply` looks a move up in, gives for every move action of a
    board the pawn and space that parsing the string gives."""
    board = load_board(name)
    moves = [action for actions in board.labels.move for action in actions]
    assert len(board.labels.moved) == len(moves) == 14 * len(board.kinds)
    for action in moves:
        parsed = parse(action)
        assert board.labels.moved[action] == (pawn_index(parsed.pawn), board.cell(parsed.space))
