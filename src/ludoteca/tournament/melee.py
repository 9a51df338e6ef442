"""A melee event (*Luta pelo Poder*): players, drops, rounds, results and the final table."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.core.errors import IllegalAction
from ludoteca.core.i18n import _
from ludoteca.tournament.champion import MeleeFinish
from ludoteca.tournament.clock import DEFAULT_MINUTES, Format, RoundClock, round_minutes
from ludoteca.tournament.melee_data import parse_event
from ludoteca.tournament.melee_model import FORMAT as FORMAT
from ludoteca.tournament.melee_model import VERSION as VERSION
from ludoteca.tournament.melee_model import MeleePlayer as MeleePlayer
from ludoteca.tournament.melee_model import MeleeTable as MeleeTable
from ludoteca.tournament.melee_scoring import placements
from ludoteca.tournament.melee_seating import Table, seat_round
from ludoteca.tournament.melee_standings import MeleeStanding, TableResult, melee_standings
from ludoteca.tournament.melee_tables import MIN_PLAYERS
from ludoteca.tournament.players import find_player


def final_table_size(players: int) -> int:
    """Seats at the final table (*Mesa Final*).

    Rulebook: "Em torneios de Luta pelo Poder com 11 ou menos jogadores, somente os 3
    melhores vão competir na mesa final. Em torneios com 12 ou mais jogadores, 4 jogadores
    avançam". `players` counts everyone registered, dropped players included.
    """
    return 3 if players <= 11 else 4


@dataclass
class MeleeEvent:
    """A melee event, pure Python; `to_dict`/`from_dict` give a plain-data form.

    All randomness comes from `rng_for_round`, a `random.Random` seeded by the event seed
    and the round number, so an event replays identically from its plain data.
    """

    name: str
    seed: str
    players: list[MeleePlayer] = field(default_factory=list)
    rounds: list[list[MeleeTable]] = field(default_factory=list)
    final: MeleeTable | None = None
    playoffs: list[tuple[int, ...]] = field(default_factory=list)
    minutes: int = DEFAULT_MINUTES[Format.MELEE]
    """Round length: 105, or 90 or 120 as the organizer chooses (*Luta pelo Poder*)."""

    def __post_init__(self) -> None:
        self.minutes = round_minutes(Format.MELEE, self.minutes)

    def clock(self, now: Callable[[], float] = time.monotonic) -> RoundClock:
        """A fresh, unstarted clock for one round of this event."""
        return RoundClock(self.minutes, now)

    def rng_for_round(self, round_number: int) -> random.Random:
        """The seeded RNG that seats `round_number` (0 = the final table)."""
        return random.Random(f"{self.seed}/round/{round_number}")

    def player(self, number: int) -> MeleePlayer:
        """The player registered as `number`."""
        if not 1 <= number <= len(self.players):
            raise IllegalAction(
                _("no player number {number} in event {name}", number=number, name=repr(self.name))
            )
        return self.players[number - 1]

    def find_player(self, text: str) -> int:
        """The number of the player `text` names: their number (`7`, `#7`) or their name
        (in any case, when nobody else has it)."""
        return find_player(text, ((p.number, p.name, p.number) for p in self.players))

    def add_player(self, name: str) -> int:
        """Register a player (late entries join from the next round); returns the number."""
        if not name.strip():
            raise IllegalAction(_("a player needs a name"))
        if self.final is not None:
            raise IllegalAction(_("the final table is seated: no more entries"))
        self.players.append(MeleePlayer(len(self.players) + 1, name.strip()))
        return len(self.players)

    def drop(self, number: int) -> None:
        """Drop a player from the next round on; their results stay in the standings."""
        player = self.player(number)
        if player.dropped:
            raise IllegalAction(
                _("player {number} ({name}) has already dropped", number=number, name=player.name)
            )
        player.dropped = True
        player.dropped_round = len(self.rounds)

    def reinstate(self, number: int) -> None:
        """Undo a drop made since the last round was seated; a round seated without the
        player stands, and the final table closes the event to them."""
        player = self.player(number)
        if not player.dropped:
            raise IllegalAction(
                _("player {number} ({name}) has not dropped", number=number, name=player.name)
            )
        if self.final is not None or player.dropped_round != len(self.rounds):
            raise IllegalAction(
                _(
                    "player {number} ({name}) cannot come back: a round was seated after the drop",
                    number=number,
                    name=player.name,
                )
            )
        player.dropped, player.dropped_round = False, None

    def clear_result(self, round_number: int, table_number: int) -> None:
        """Take back a result of the round in play: the latest preliminary round before
        the final table is seated, then the final table (round R+1, table 1)."""
        in_play = len(self.rounds) + (self.final is not None)
        if round_number != in_play:
            raise IllegalAction(
                _(
                    "round {round_number} is not the round in play (round {in_play} is): "
                    "correct its result instead",
                    round_number=round_number,
                    in_play=in_play,
                )
            )
        if self.final is not None and table_number != 1:
            raise IllegalAction(_("the final table is table 1"))
        table = self.final or self._table(round_number, table_number)
        if table.powers is None:
            raise IllegalAction(
                _(
                    "round {round_number} table {table_number} has no result to take back",
                    round_number=round_number,
                    table_number=table_number,
                )
            )
        table.powers = None

    def active(self) -> list[int]:
        """Numbers of the players who have not dropped."""
        return [p.number for p in self.players if not p.dropped]

    def _require_reported(self) -> None:
        for round_number, tables in enumerate(self.rounds, start=1):
            for table_number, table in enumerate(tables, start=1):
                if table.powers is None:
                    raise IllegalAction(
                        _(
                            "round {round_number} table {table_number} has no result yet",
                            round_number=round_number,
                            table_number=table_number,
                        )
                    )

    def seat_next_round(self) -> tuple[Table, ...]:
        """Seat the next preliminary round (*Disposição de Lugares*) and return its tables."""
        if self.final is not None:
            raise IllegalAction(_("the final table is seated: no more preliminary rounds"))
        self._require_reported()
        active = self.active()
        if len(active) < MIN_PLAYERS:
            raise IllegalAction(
                _(
                    "a melee round needs at least {min_players} players, {n_active} active",
                    min_players=MIN_PLAYERS,
                    n_active=len(active),
                )
            )
        past = [[table.seats for table in tables] for tables in self.rounds]
        seated = seat_round(active, past, self.rng_for_round(len(self.rounds) + 1))
        self.rounds.append([MeleeTable(seats) for seats in seated])
        return seated

    def cancel_last_round(self) -> None:
        """Withdraw the latest round before any of its results (e.g. to re-seat after a
        drop); refused once a table of it is reported or the final table is seated."""
        if not self.rounds or self.final is not None:
            raise IllegalAction(_("there is no open preliminary round to cancel"))
        if any(table.powers is not None for table in self.rounds[-1]):
            raise IllegalAction(
                _(
                    "round {n_rounds} already has results: correct them instead",
                    n_rounds=len(self.rounds),
                )
            )
        self.rounds.pop()

    def _table(self, round_number: int, table_number: int) -> MeleeTable:
        if not 1 <= round_number <= len(self.rounds):
            raise IllegalAction(
                _(
                    "no round {round_number}: {n_rounds} seated so far",
                    round_number=round_number,
                    n_rounds=len(self.rounds),
                )
            )
        tables = self.rounds[round_number - 1]
        if not 1 <= table_number <= len(tables):
            raise IllegalAction(
                _(
                    "round {round_number} has no table {table_number}",
                    round_number=round_number,
                    table_number=table_number,
                )
            )
        return tables[table_number - 1]

    def report(self, round_number: int, table_number: int, powers: Mapping[int, int]) -> None:
        """Record a table's final power per player (*Pontuação*); refuses a second report."""
        table = self._table(round_number, table_number)
        if table.powers is not None:
            raise IllegalAction(
                _(
                    "round {round_number} table {table_number} is already reported: "
                    "correct its result instead",
                    round_number=round_number,
                    table_number=table_number,
                )
            )
        table.powers = _checked_powers(table.seats, powers)

    def correct(self, round_number: int, table_number: int, powers: Mapping[int, int]) -> None:
        """Replace a reported result; standings are recomputed from all results.

        A final table already seated keeps its players (docs/rules/tournament-melee.md).
        """
        table = self._table(round_number, table_number)
        if table.powers is None:
            raise IllegalAction(
                _(
                    "round {round_number} table {table_number} has no result to correct",
                    round_number=round_number,
                    table_number=table_number,
                )
            )
        table.powers = _checked_powers(table.seats, powers)

    def results(self) -> list[list[TableResult]]:
        """Reported preliminary results, round by round."""
        found: list[list[TableResult]] = []
        for tables in self.rounds:
            found.append([r for r in (t.result() for t in tables) if r is not None])
        return found

    def standings(self) -> list[MeleeStanding]:
        """Preliminary standings with the *Mesa Final* tiebreaks."""
        numbers = [p.number for p in self.players]
        return melee_standings(numbers, self.results(), self.playoffs)

    def record_playoff(self, order: Sequence[int]) -> None:
        """Record a playoff's result (*partida rápida*), best first, for tied players."""
        for number in order:
            self.player(number)
        if len(set(order)) != len(order) or len(order) < 2:
            raise IllegalAction(_("a playoff orders two or more different players"))
        self.playoffs.append(tuple(order))

    def finalists(self) -> list[int]:
        """Players who qualify for the final table, best first (*Mesa Final*).

        Dropped players are skipped. Refuses while a tie with no recorded playoff
        straddles the last seat, naming the tied players.
        """
        seats = final_table_size(len(self.players))
        eligible = [s for s in self.standings() if not self.player(s.player).dropped]
        if len(eligible) < seats:
            raise IllegalAction(
                _(
                    "the final table needs {seats} players, {n_eligible} left",
                    seats=seats,
                    n_eligible=len(eligible),
                )
            )
        chosen = eligible[:seats]
        tied = set(chosen[-1].unresolved)
        if tied and not tied <= {s.player for s in chosen}:
            names = ", ".join(f"{n} ({self.player(n).name})" for n in sorted(tied))
            raise IllegalAction(
                _(
                    "players {names} are tied for the final table after head-to-head "
                    "and strength of opponents: record a playoff (partida rápida) first",
                    names=names,
                )
            )
        return [s.player for s in chosen]

    def seat_final(self) -> Table:
        """Seat the final table; seat 1 goes to the best-ranked finalist, and so on."""
        if self.final is not None:
            raise IllegalAction(_("the final table is already seated"))
        if not self.rounds:
            raise IllegalAction(_("play at least one preliminary round before the final table"))
        self._require_reported()
        self.final = MeleeTable(tuple(self.finalists()))
        return self.final.seats

    def report_final(self, powers: Mapping[int, int], *, correct: bool = False) -> None:
        """Record (or with `correct`, replace) the final table's result."""
        if self.final is None:
            raise IllegalAction(_("the final table is not seated yet"))
        if (self.final.powers is not None) != correct:
            raise IllegalAction(
                _("the final table is already reported: correct its result instead")
                if not correct
                else _("the final table has no result to correct")
            )
        self.final.powers = _checked_powers(self.final.seats, powers)

    def final_ranking(self) -> list[int]:
        """Every player's final place, best first.

        Final-table players by their place at the final table (*"O jogador que vencer a
        mesa final é o campeão"*), equal power broken by preliminary rank; then everyone
        else by preliminary rank.
        """
        if self.final is None or self.final.powers is None:
            raise IllegalAction(_("the final table has no result yet"))
        prelim = {s.player: s.rank for s in self.standings()}
        result = self.final.result()
        assert result is not None
        places = placements(result.powers)
        top = sorted(self.final.seats, key=lambda p: (places[p], prelim[p]))
        rest = [p for p in sorted(prelim, key=prelim.__getitem__) if p not in places]
        return top + rest

    def finish(self) -> MeleeFinish:
        """This event's ending by player names, for the overall champion (`champion.py`)."""
        names = {p.number: p.name for p in self.players}
        final = self.final_ranking()[: len(self.final.seats) if self.final else 0]
        return MeleeFinish(
            tuple(names[p] for p in final),
            tuple(names[s.player] for s in self.standings()),
        )

    def champion(self) -> int:
        """The winner of the final table (*campeão do torneio*)."""
        return self.final_ranking()[0]

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready) for the whole event."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "name": self.name,
            "seed": self.seed,
            "minutes": self.minutes,
            "players": [_player_dict(p) for p in self.players],
            "rounds": [[_table_dict(t) for t in tables] for tables in self.rounds],
            "final": None if self.final is None else _table_dict(self.final),
            "playoffs": [list(order) for order in self.playoffs],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MeleeEvent:
        """Rebuild an event from `to_dict` data; malformed data raises DataFileError."""
        parsed = parse_event(data)
        event = cls(parsed.name, parsed.seed, minutes=parsed.minutes)
        event.players, event.rounds = parsed.players, parsed.rounds
        event.final, event.playoffs = parsed.final, parsed.playoffs
        return event


def _table_dict(table: MeleeTable) -> dict[str, Any]:
    return {
        "seats": list(table.seats),
        "powers": None if table.powers is None else list(table.powers),
    }


def _checked_powers(seats: Table, powers: Mapping[int, int]) -> tuple[int, ...]:
    """Powers in seat order; the players must be exactly the table's."""
    if set(powers) != set(seats):
        missing = sorted(set(seats) - set(powers))
        extra = sorted(set(powers) - set(seats))
        raise IllegalAction(
            _(
                "a result must give the power of exactly the table's players {seats}: "
                "missing {missing}, not at this table {extra}",
                seats=str(list(seats)),
                missing=str(missing),
                extra=str(extra),
            )
        )
    for player, power in powers.items():
        if isinstance(power, bool) or not isinstance(power, int) or power < 0:
            raise IllegalAction(
                _("player {player}: power must be a whole number >= 0", player=player)
            )
    return tuple(powers[p] for p in seats)


def _player_dict(player: MeleePlayer) -> dict[str, Any]:
    """A player as plain data; `dropped_round` only when known (older data has none)."""
    data: dict[str, Any] = {"number": player.number, "name": player.name}
    data["dropped"] = player.dropped
    if player.dropped_round is not None:
        data["dropped_round"] = player.dropped_round
    return data
