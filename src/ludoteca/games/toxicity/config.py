"""A Toxicity 101 game's settings as its options make them: the data file (board,
zones, fog shapes, card mix), its geometry and the seat count (read by the state and
rule modules; `Toxicity` adds the registry's side)."""

from __future__ import annotations

from ludoteca.core import Game
from ludoteca.games.toxicity.board import Geometry
from ludoteca.games.toxicity.data import ToxicityData, load_data


class ToxicityConfig(Game):
    """The immutable part of a Toxicity game, derived from its options."""

    data: ToxicityData
    geometry: Geometry

    def configure(self) -> None:
        """Load the data file (board, zones, fog shapes, card mix)."""
        self.data = load_data()
        self.geometry = Geometry(self.data)

    @property
    def num_seats(self) -> int:
        """The `players` option: 3 to 5 seats."""
        value = self.options["players"]
        assert isinstance(value, int)
        return value
