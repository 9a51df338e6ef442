"""The pitch as data: a board file (TOML) read, validated and indexed for speed.

The rulebook's board picture is lost (*Lenda do tabuleiro* lists only the kinds
of spaces), so the layout is ludoteca's design, kept in `boards/<name>.toml`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ludoteca.core import DataFileError
from ludoteca.core.datafile import read_toml
from ludoteca.games.futebol.action import Verb

BOARDS_DIR = Path(__file__).parent / "boards"
LEGEND = "GKP*LSX=.#"
PLACEABLE = "KP*."
PAWNS_ON_BOARD = 6
DIRECTIONS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


@dataclass(frozen=True)
class Labels:
    """Action strings built once per board: `move[pawn][cell]`, `passes[cell]`, ..."""

    move: list[list[str]]
    passes: list[str]
    long: list[str]
    steal: list[str]
    moved: dict[str, tuple[int, int]]
    """The pawn and the space of each `move` action (what parsing it gives)."""


@dataclass(frozen=True)
class Shot:
    """A kick from a space into a goal space: `middle` must be empty (-1: none)."""

    goal: int
    middle: int


class Board:
    """An indexed pitch: cell = row * width + column; Blue (0) defends the top."""

    def __init__(self, name: str, rows: list[str], kickoff: str, formation: list[str]) -> None:
        self.name = name
        self.rows = rows
        self.height = len(rows)
        self.width = len(rows[0])
        self.centre_row = self.height // 2
        self.kinds = "".join(rows)
        size = self.height * self.width
        self.cell_names = [self.name_of(cell) for cell in range(size)]
        self._index = {name: cell for cell, name in enumerate(self.cell_names)}
        self.half = [self._half_of(cell) for cell in range(size)]
        kinds = self.kinds
        # A pawn may stand here (goals, blocked and off-board spaces excluded).
        self.pitch = [k not in "GX#" for k in kinds]
        self.speed = [k == "S" for k in kinds]
        self.long = [k == "L" for k in kinds]
        self.goal_of = [self.half[c] if k == "G" else -1 for c, k in enumerate(kinds)]
        self.keeper_area_of = [self.half[c] if k == "K" else -1 for c, k in enumerate(kinds)]
        self.penalty_area_of = [self.half[c] if k in "KP*" else -1 for c, k in enumerate(kinds)]
        self.spot = [kinds.index("*"), size - 1 - kinds[::-1].index("*")]
        self.kickoff = self.cell(kickoff)
        self.neighbours = [self._neighbours(cell) for cell in range(size)]
        # (space, goal side or -1, goal-kick area side or -1, speed zone?) per neighbour
        self.steps = [
            [(n, self.goal_of[n], self.keeper_area_of[n], self.speed[n]) for n in around]
            for around in self.neighbours
        ]
        # Bit masks of the spaces a pawn's moves read (`reach.move_targets`): its steps',
        # the speed-zone steps a run goes on through, each goal-kick area's spaces.
        self.step_mask = [sum(1 << n for n in around) for around in self.neighbours]
        self.speed_steps = [[n for n in around if self.speed[n]] for around in self.neighbours]
        self.speed_mask = [sum(1 << n for n in around) for around in self.speed_steps]
        self.areas = [[c for c in range(size) if self.keeper_area_of[c] == side] for side in (0, 1)]
        self.area_mask = [sum(1 << c for c in area) for area in self.areas]
        self.labels = self._labels()
        self.near2 = [self._near2(cell) for cell in range(size)]
        self.shots = [self._shots(cell) for cell in range(size)]
        # Long-pass reach: a half plus the centre line (*incluindo a linha central*).
        self.long_reach = [
            [c for c in range(size) if self.pitch[c] and self.half[c] in (side, -1)]
            for side in (0, 1)
        ]
        # Long-pass targets from each long-pass space: beyond ordinary (2-space) range.
        self.long_targets = [
            [t for t in self.long_reach[self.half[c]] if t not in self._around(c, 2) and t != c]
            if self.long[c]
            else []
            for c in range(size)
        ]
        self.placeable = [
            [c for c in range(size) if kinds[c] in PLACEABLE and self.half[c] == side]
            for side in (0, 1)
        ]
        blue = [self.cell(name) for name in formation]
        self.formation = [blue, [self.mirror(c) for c in blue]]

    # -- naming ---------------------------------------------------------------------
    def name_of(self, cell: int) -> str:
        """The space's name: column letter and row number from the top (`d7`)."""
        row, col = divmod(cell, self.width)
        return f"{chr(ord('a') + col)}{row + 1}"

    def cell(self, name: str) -> int:
        """The cell index of a space name, or -1 if there is no such space."""
        return self._index.get(name, -1)

    def mirror(self, cell: int) -> int:
        """The same space seen from the other half (rows reflected)."""
        row, col = divmod(cell, self.width)
        return (self.height - 1 - row) * self.width + col

    def is_diagonal(self, a: int, b: int) -> bool:
        """True if adjacent spaces `a` and `b` touch only at a corner."""
        return not self._is_orthogonal(a, b)

    # -- derived tables -------------------------------------------------------------
    def _labels(self) -> Labels:
        letters = "BO"
        pawns = [f"{letters[p // 7]}{p % 7 + 1}" for p in range(14)]
        names = self.cell_names
        move = [[Verb.MOVE.of(pawn, name) for name in names] for pawn in pawns]
        return Labels(
            move=move,
            passes=[Verb.PASS.of(name) for name in names],
            long=[Verb.LONG.of(name) for name in names],
            steal=[Verb.STEAL.of(pawn) for pawn in pawns],
            moved={
                action: (pawn, cell)
                for pawn, actions in enumerate(move)
                for cell, action in enumerate(actions)
            },
        )

    def _half_of(self, cell: int) -> int:
        row = cell // self.width
        return -1 if row == self.centre_row else (0 if row < self.centre_row else 1)

    def _is_orthogonal(self, a: int, b: int) -> bool:
        return a // self.width == b // self.width or a % self.width == b % self.width

    def _around(self, cell: int, reach: int) -> list[int]:
        row, col = divmod(cell, self.width)
        found = []
        for r in range(row - reach, row + reach + 1):
            for c in range(col - reach, col + reach + 1):
                if (r, c) != (row, col) and 0 <= r < self.height and 0 <= c < self.width:
                    found.append(r * self.width + c)
        return found

    def _neighbours(self, cell: int) -> list[int]:
        return [n for n in self._around(cell, 1) if self.kinds[n] not in "X#"]

    def _near2(self, cell: int) -> list[int]:
        return [n for n in self._around(cell, 2) if self.pitch[n]]

    def _shots(self, cell: int) -> list[Shot]:
        """Goal spaces in a straight line within 2, not aimed through X (*Importante*)."""
        if not self.pitch[cell]:
            return []
        row, col = divmod(cell, self.width)
        shots = []
        for dr, dc in DIRECTIONS:
            for steps in (1, 2):
                r, c = row + dr * steps, col + dc * steps
                if not (0 <= r < self.height and 0 <= c < self.width):
                    break
                target = r * self.width + c
                if self.kinds[target] == "G":
                    middle = -1 if steps == 1 else (row + dr) * self.width + col + dc
                    shots.append(Shot(target, middle))
                    break
                if not self.pitch[target]:
                    break
        return shots


@cache
def load_board(name: str) -> Board:
    """The board `boards/<name>.toml` of this package (raises `DataFileError`); read
    once per process, as boards are never changed after loading."""
    return load_board_file(BOARDS_DIR / f"{name}.toml")


def load_board_file(path: Path) -> Board:
    """Read and validate a board file; every error names the file and the field."""
    return board_from_data(read_toml(path, "board file"), str(path))


def board_from_data(data: dict[str, Any], where: str) -> Board:
    """Validate a parsed board document (see `boards/default.toml`) and index it."""

    def fail(message: str) -> DataFileError:
        return DataFileError(f"board file {where}: {message}")

    name, rows = data.get("name"), data.get("rows")
    kickoff, formation = data.get("kickoff"), data.get("formation")
    if not isinstance(name, str) or not name:
        raise fail("field 'name' must be a non-empty string")
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise fail("field 'rows' must be a list of strings")
    _check_rows(rows, fail)
    _check_halves(rows, fail)
    if not isinstance(kickoff, str):
        raise fail("field 'kickoff' must be a space name like 'd7'")
    if not isinstance(formation, list) or not all(isinstance(c, str) for c in formation):
        raise fail("field 'formation' must be a list of space names")
    _check_placement(Board(name, list(rows), "a1", []), kickoff, formation, fail)
    return Board(name, list(rows), kickoff, list(formation))


def _check_rows(rows: list[str], fail: Callable[[str], DataFileError]) -> None:
    """The grid: an odd number of equal rows of legend spaces, mirrored top to bottom."""
    if len(rows) < 7 or len(rows) % 2 == 0 or len(rows) > 99:
        raise fail(f"field 'rows' must hold an odd number of rows, 7-99; got {len(rows)}")
    width = len(rows[0])
    for index, row in enumerate(rows):
        if len(row) != width or not 3 <= width <= 26:
            raise fail(f"rows[{index}] has width {len(row)}; every row must be {width} (3-26)")
        bad = sorted(set(row) - set(LEGEND))
        if bad:
            raise fail(f"rows[{index}] has unknown space '{bad[0]}' (legend: {LEGEND})")
        if row != rows[len(rows) - 1 - index]:
            raise fail(f"rows[{index}] does not mirror rows[{len(rows) - 1 - index}]")


def _check_halves(rows: list[str], fail: Callable[[str], DataFileError]) -> None:
    """The centre line alone in the centre row; each half's goal, areas and penalty spot."""
    centre = len(rows) // 2
    if set(rows[centre]) - set("=#") or "=" not in rows[centre]:
        raise fail(f"rows[{centre}] is the centre line: only '=' (and '#') allowed")
    top = "".join(rows[:centre])
    if "=" in top:
        raise fail("'=' (centre line) appears outside the centre row")
    for kind, label in (("G", "goal"), ("K", "goal-kick area"), ("L", "long-pass space")):
        if kind not in top:
            raise fail(f"each half needs a {label} ('{kind}')")
    if top.count("*") != 1:
        raise fail(f"each half needs exactly one penalty spot ('*'); got {top.count('*')}")


def _check_placement(
    board: Board, kickoff: str, formation: list[str], fail: Callable[[str], DataFileError]
) -> None:
    """The kick-off space on the centre line; room for the pawns; the formation's spaces."""
    if board.cell(kickoff) < 0 or board.cell(kickoff) // board.width != board.centre_row:
        raise fail(f"field 'kickoff' '{kickoff}' is not a space of the centre line")
    if sum(1 for k in board.placeable[0]) < PAWNS_ON_BOARD:
        raise fail(f"each half needs at least {PAWNS_ON_BOARD} spaces to place pawns")
    cells = [board.cell(name) for name in formation]
    if len(cells) != PAWNS_ON_BOARD or len(set(cells)) != PAWNS_ON_BOARD:
        raise fail(f"field 'formation' must name {PAWNS_ON_BOARD} distinct spaces")
    for text, cell in zip(formation, cells, strict=True):
        if cell not in board.placeable[0]:
            raise fail(f"formation space '{text}' is not a placeable space of the top half")
    if sum(1 for c in cells if board.keeper_area_of[c] == 0) > 1:
        raise fail("field 'formation' puts more than one pawn in the goal-kick area")
