"""Board geometry: squares, directions, zones and the fog-of-war shapes (*Fog of War*)."""

from __future__ import annotations

from ludoteca.core.i18n import T, Text
from ludoteca.games.toxicity.action import Verb
from ludoteca.games.toxicity.data import ABILITY_WORDS, PAWNS, ToxicityData

DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (1, 1),
    "S": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (-1, -1),
}
DIRECTION_NAMES: dict[str, Text] = {
    "N": T("north"),
    "NE": T("north-east"),
    "E": T("east"),
    "SE": T("south-east"),
    "S": T("south"),
    "SW": T("south-west"),
    "W": T("west"),
    "NW": T("north-west"),
}
"""Each direction in the reader's words, for the log and the move labels."""
STRAIGHT = ("N", "E", "S", "W")
# The two straight directions a diagonal passes between.
CORNERS = {"NE": ("N", "E"), "SE": ("S", "E"), "SW": ("S", "W"), "NW": ("N", "W")}
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def target_words(parts: list[str]) -> tuple[str | Text, ...]:
    """An item's target for people: a pawn by its name, a direction in words, a square
    as it is, the Drill's `enter` as stepping in."""
    return tuple(_target_word(p) for p in parts)


def ability_words(parts: list[str]) -> Text | tuple[str | Text, ...]:
    """An ability with its target for people (`dash`, `E` -> *dash, east*)."""
    name = ABILITY_WORDS[parts[0]]
    return (name, *target_words(parts[1:])) if len(parts) > 1 else name


def _target_word(part: str) -> str | Text:
    if part in PAWNS:
        return PAWNS[part]
    if part in DIRECTION_NAMES:
        return DIRECTION_NAMES[part]
    return T("stepping in") if part == "enter" else part


class Geometry:
    """Square names and neighbourhoods of a board of `columns` x `rows`."""

    def __init__(self, data: ToxicityData) -> None:
        self.data = data
        self.columns = data.columns
        self.rows = data.rows
        self.size = data.columns * data.rows
        self.zone_of_column = [
            next(z for z, (a, b) in enumerate(data.zones) if a <= x <= b)
            for x in range(data.columns)
        ]
        self.names = [self.name(i) for i in range(self.size)]
        self.index_of = {n: i for i, n in enumerate(self.names)}
        self.places = [Verb.PLACE.of(n) for n in self.names]  # `place:` of each square
        self.next: dict[str, list[int | None]] = {
            name: [self.step(i, d) for i in range(self.size)] for name, d in DIRECTIONS.items()
        }
        # rays[name][square]: the squares from `square` outwards to the edge
        self.rays: dict[str, list[list[int]]] = {
            name: [self._ray(i, d) for i in range(self.size)] for name, d in DIRECTIONS.items()
        }
        self.adjacent: list[list[int]] = [
            [s for d in DIRECTIONS.values() if (s := self.step(i, d)) is not None]
            for i in range(self.size)
        ]
        self._fog: dict[tuple[int, str, bool], tuple[int, ...]] = {}  # at most size x 8 x 2

    def name(self, square: int) -> str:
        """`c4`: column letter, row number from 1 (top)."""
        x, y = square % self.columns, square // self.columns
        return f"{LETTERS[x]}{y + 1}"

    def xy(self, square: int) -> tuple[int, int]:
        """Column and row of a square (0-based)."""
        return square % self.columns, square // self.columns

    def at(self, x: int, y: int) -> int | None:
        """The square at (x, y), None off the board."""
        if 0 <= x < self.columns and 0 <= y < self.rows:
            return y * self.columns + x
        return None

    def step(self, square: int, d: tuple[int, int], n: int = 1) -> int | None:
        """The square `n` steps from `square` in direction `d` (None off the board)."""
        x, y = self.xy(square)
        return self.at(x + d[0] * n, y + d[1] * n)

    def _ray(self, square: int, d: tuple[int, int]) -> list[int]:
        out: list[int] = []
        while (nxt := self.step(square, d, len(out) + 1)) is not None:
            out.append(nxt)
        return out

    def zone(self, square: int) -> int:
        """The zone (0, 1, 2 for the 1st, 2nd, 3rd) a square lies in (*Zonas do Tabuleiro*)."""
        return self.zone_of_column[square % self.columns]

    def fog(self, landing: int, direction: str, running: bool) -> tuple[int, ...]:
        """Squares a move reveals from `landing` (*Fog of War*, figs. 2 and 3).

        Straight shapes are written [forward, side] and turned to the direction;
        diagonal ones are written for north-east and mirrored. Kept once worked out.
        """
        key = (landing, direction, running)
        shape = self._fog.get(key)
        if shape is None:
            shape = self._fog[key] = self._fog_shape(landing, direction, running)
        return shape

    def _fog_shape(self, landing: int, direction: str, running: bool) -> tuple[int, ...]:
        dx, dy = DIRECTIONS[direction]
        x, y = self.xy(landing)
        if running:
            offsets = [(f * dx - s * dy, f * dy + s * dx) for f, s in self.data.run]
        elif dx == 0 or dy == 0:
            offsets = [(f * dx - s * dy, f * dy + s * dx) for f, s in self.data.walk_straight]
        else:
            offsets = [(a * dx, -b * dy) for a, b in self.data.walk_diagonal]
        found = [self.at(x + ox, y + oy) for ox, oy in offsets]
        return tuple(s for s in found if s is not None)
