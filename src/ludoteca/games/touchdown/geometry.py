"""The board: a 60-yard grid, its end zones, goal squares and lines (*Il campo di gioco*).

Squares are numbered `row * width + col`. `col` 0 and `width - 1` are the
out-of-bounds strips; row 0 and the last row hold the goal squares behind the
end zones. Squares are named by column letter and row number: `g15`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ludoteca.core import DataFileError
from ludoteca.core.datafile import read_toml, whole_number
from ludoteca.core.i18n import _

BOARD_FILE = Path(__file__).parent / "data" / "board.toml"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
YARDS_PER_ROW = 2.5
"""A row of the grid is 2.5 yards (*Il campo*: 40 rows make the 100 yards)."""


@dataclass(frozen=True)
class Board:
    """The grid geometry, derived from the board data file."""

    name: str
    columns: int
    field_rows: int
    end_zone_rows: int
    rows_per_ten_yards: int
    goal_columns: tuple[int, ...]
    dashed_columns: tuple[int, int]
    neighbours: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    outside: frozenset[int] = field(init=False, repr=False, compare=False)
    distances: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    """`distances[a][b]`: king moves from square a to b (a table: searches ask often)."""
    by_name: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        nbrs: list[tuple[int, ...]] = []
        for sq in range(self.width * self.height):
            col, row = self.col(sq), self.row(sq)
            out: list[int] = []
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if dr == dc == 0:
                        continue
                    c, r = col + dc, row + dr
                    if 0 <= c < self.width and 1 <= r < self.height - 1:
                        out.append(r * self.width + c)
            nbrs.append(tuple(out))
        object.__setattr__(self, "neighbours", tuple(nbrs))
        names = tuple(
            f"{LETTERS[sq % self.width]}{sq // self.width}"
            for sq in range(self.width * self.height)
        )
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "by_name", {name: sq for sq, name in enumerate(names)})
        object.__setattr__(self, "distances", _distance_table(self.width, self.height))
        outside = frozenset(
            self.sq(c, r) for r in range(1, self.height - 1) for c in (0, self.width - 1)
        )
        object.__setattr__(self, "outside", outside)

    # -- dimensions ---------------------------------------------------------------
    @property
    def width(self) -> int:
        """Columns including the two out-of-bounds strips."""
        return self.columns + 2

    @property
    def height(self) -> int:
        """Rows including the two goal-square rows."""
        return self.field_rows + 2 * self.end_zone_rows + 2

    @property
    def centre_col(self) -> int:
        """The centre column (*casella centrale*)."""
        return (self.width - 1) // 2

    def sq(self, col: int, row: int) -> int:
        """The square at `col`, `row`."""
        return row * self.width + col

    def col(self, sq: int) -> int:
        """Column of a square."""
        return sq % self.width

    def row(self, sq: int) -> int:
        """Row of a square."""
        return sq // self.width

    def name_of(self, sq: int) -> str:
        """Readable name of a square, e.g. `g15`."""
        return self.names[sq]

    def parse(self, name: str) -> int | None:
        """The square called `name`, or None if there is no such square."""
        return self.by_name.get(name)

    # -- areas --------------------------------------------------------------------
    def in_bounds(self, sq: int) -> bool:
        """A playing square: end zones or field, between the sidelines."""
        return 1 <= self.col(sq) <= self.columns and 1 <= self.row(sq) <= self.height - 2

    def out_of_bounds(self, sq: int) -> bool:
        """A square beyond a sideline (*fuori dal campo*)."""
        return sq in self.outside

    def first_field_row(self) -> int:
        """The lowest field row (just above the bottom goal line)."""
        return 1 + self.end_zone_rows

    def last_field_row(self) -> int:
        """The highest field row (just below the top goal line)."""
        return self.first_field_row() + self.field_rows - 1

    def ten_yard_lines(self) -> tuple[int, ...]:
        """Row boundaries of the 10-yard lines, goal lines included (line b lies below row b)."""
        first = self.first_field_row()
        return tuple(range(first, first + self.field_rows + 1, self.rows_per_ten_yards))

    def lines_crossed(self, row_a: int, row_b: int) -> int:
        """How many 10-yard lines a ball crosses going from row `row_a` to row `row_b`."""
        low, high = min(row_a, row_b), max(row_a, row_b)
        return sum(1 for b in self.ten_yard_lines() if low < b <= high)

    def goal_squares(self, top: bool) -> tuple[int, ...]:
        """The three goal squares (*la porta*) behind the top or bottom end zone."""
        row = self.height - 1 if top else 0
        return tuple(self.sq(c, row) for c in self.goal_columns)

    def distance(self, a: int, b: int) -> int:
        """Squares between two squares by the shortest path (king moves)."""
        return self.distances[a][b]


@lru_cache(maxsize=8)
def _distance_table(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """King-move distances between all squares of a `width` x `height` grid."""
    cells = [(sq % width, sq // width) for sq in range(width * height)]
    return tuple(tuple(max(abs(ca - cb), abs(ra - rb)) for cb, rb in cells) for ca, ra in cells)


@lru_cache(maxsize=4)
def load_board(path: Path = BOARD_FILE) -> Board:
    """Read and validate a board file (raises `DataFileError` naming file and field); read
    once per process, as a board never changes: every game shares it, and so do the move
    tables made for it (`reach.masks`, `verbs.to_actions`, `paths.end_zone_mask`)."""
    return board_from_data(read_toml(path, "board file"), str(path))


def board_from_data(data: dict[str, Any], where: str) -> Board:
    """Validate board data; the field must fit a five-square line and eleven a side."""
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise DataFileError(_("{where}: field 'name' must be a non-empty string", where=where))
    columns = whole_number(data, "columns", where, 11, 25)
    field_rows = whole_number(data, "field_rows", where, 8, 80)
    end_zone = whole_number(data, "end_zone_rows", where, 1, 8)
    per_ten = whole_number(data, "rows_per_ten_yards", where, 1, 20)
    if field_rows % (2 * per_ten):
        raise DataFileError(
            _("{where}: 'field_rows' must be a multiple of two 10-yard spans", where=where)
        )
    cols: dict[str, tuple[int, ...]] = {}
    for key, count in (("goal_columns", 3), ("dashed_columns", 2)):
        value = data.get(key)
        if (
            not isinstance(value, list)
            or len(value) != count
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            or not all(1 <= v <= columns for v in value)
        ):
            raise DataFileError(
                _(
                    "{where}: field '{key}' must list {count} playing columns 1-{columns}",
                    where=where,
                    key=key,
                    count=count,
                    columns=columns,
                )
            )
        cols[key] = tuple(sorted(value))
    left, right = cols["dashed_columns"]
    if left < 3 or right > columns - 2:
        raise DataFileError(
            _("{where}: field 'dashed_columns' must leave room for a five-square line", where=where)
        )
    return Board(
        name=name,
        columns=columns,
        field_rows=field_rows,
        end_zone_rows=end_zone,
        rows_per_ten_yards=per_ten,
        goal_columns=cols["goal_columns"],
        dashed_columns=(left, right),
    )
