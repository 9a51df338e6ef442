"""A melee event's plain records: players, seated tables, and the data format's name."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.tournament.melee_seating import Table
from ludoteca.tournament.melee_standings import TableResult

FORMAT = "ludoteca.melee"
VERSION = 1


@dataclass
class MeleePlayer:
    """A registered player; `number` is the registration order, from 1."""

    number: int
    name: str
    dropped: bool = False
    dropped_round: int | None = None  # rounds seated when they dropped (None: not known)


@dataclass
class MeleeTable:
    """A seated table; `powers` (final power per seat, in seat order) once reported."""

    seats: Table
    powers: tuple[int, ...] | None = None

    def result(self) -> TableResult | None:
        """The reported result, or None while the table is still playing."""
        if self.powers is None:
            return None
        return TableResult(self.seats, dict(zip(self.seats, self.powers, strict=True)))
