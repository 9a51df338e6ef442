"""Rated tables (issue 44): made and joined by signed-in accounts, rated at their end.

A rated table is an ordinary table (`TableService`) whose every person is an account,
linked to its seat as it is made or joined here, and whose computer seats play levels
with a published rating on its ladder (`ratings.computer_rating`). Its seed is the
server's secret and it is never hot-seat. Its end (`finished`, run by the process that
applied the last move) rates it once (`Ladders.rate`).
"""

from __future__ import annotations

import asyncio
from typing import Any

from ludoteca import games
from ludoteca.agents.levels import level_of
from ludoteca.core import LudotecaError
from ludoteca.core.i18n import _
from ludoteca.web.accounts.games import AccountGames
from ludoteca.web.accounts.ladders import Ladders, Seat
from ludoteca.web.accounts.ratings import computer_rating, ladder_of
from ludoteca.web.accounts.store import Account
from ludoteca.web.shared.errors import conflict, unprocessable
from ludoteca.web.shared.records import AGENT, HUMAN, OPEN
from ludoteca.web.tables.clock import ClockRule
from ludoteca.web.tables.seating import join
from ludoteca.web.tables.service import TableService
from ludoteca.web.tables.table import LiveTable


class RatedTables:
    """Making, joining and rating rated tables."""

    def __init__(self, tables: TableService, games: AccountGames, ladders: Ladders) -> None:
        self.tables = tables
        self.games = games
        self.ladders = ladders
        tables.finished.append(self.finished)
        tables.rematched.append(self.rematched)

    async def create(
        self,
        account: Account,
        game: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        clock: ClockRule | None,
    ) -> tuple[LiveTable, str, int]:
        """A rated table with `account` at its one person's seat (the others open, or
        computers at a rated level): the table, the account's token and seat (422 if the
        seats are not so)."""
        humans = [
            n for n, raw in enumerate(seats) if isinstance(raw, dict) and raw.get("kind") == HUMAN
        ]
        if len(humans) != 1:
            raise unprocessable(
                _("a rated table has your seat and open or computer seats: one 'human' seat")
            )
        mine = humans[0]
        try:
            loaded = await asyncio.to_thread(games.load, game, **options)
        except LudotecaError as exc:
            raise unprocessable(str(exc)) from None
        self.check_computers(game, ladder_of(loaded), seats)
        seats = [dict(raw) for raw in seats]
        seats[mine] = {"kind": HUMAN, "name": account.display_name}
        table, tokens = await self.tables.create(
            game, options, seats, None, clock=clock, rated=True
        )
        await asyncio.to_thread(self.games.link, account.id, table.id, mine)
        return table, tokens[mine], mine

    async def create_pair(
        self,
        accounts: list[Account],
        game: str,
        options: dict[str, Any],
        clock: ClockRule | None,
    ) -> LiveTable:
        """A rated table of `accounts`, one a seat in this order (quick pairing): each takes
        their seat with a token made for their device (`keys.rekey`), none is made here."""
        seats = [{"kind": HUMAN, "name": account.display_name} for account in accounts]
        table, _tokens = await self.tables.create(
            game, options, seats, None, clock=clock, rated=True, listed=False
        )
        for seat, account in enumerate(accounts):
            await asyncio.to_thread(self.games.link, account.id, table.id, seat)
        return table

    @staticmethod
    def check_computers(game: str, ladder: str, seats: list[dict[str, Any]]) -> None:
        """422 unless every computer seat plays a level rated on `ladder`."""
        for n, raw in enumerate(seats):
            if not isinstance(raw, dict) or raw.get("kind") != AGENT:
                continue
            level = level_of(game, str(raw.get("agent", "random")))
            if computer_rating(ladder, level) is None:
                raise unprocessable(
                    _(
                        "seat {seat}: on a rated table a computer plays a level with a "
                        "published rating (see the leaderboards)",
                        seat=n,
                    )
                )
        if not any(isinstance(raw, dict) and raw.get("kind") in (OPEN, AGENT) for raw in seats):
            raise unprocessable(_("a rated table needs an opponent: an open or computer seat"))

    async def join(self, account: Account, table: LiveTable, seat: int) -> str:
        """Take an open seat of a rated table as `account` (409 if it sits there already):
        the seat's token."""
        holders = await asyncio.to_thread(self.games.holders, table.id)
        if account.id in holders.values():
            raise conflict(_("you already sit at this table"))
        token = await join(self.tables, table, seat, account.display_name, member=True)
        await asyncio.to_thread(self.games.link, account.id, table.id, seat)
        return token

    async def anonymise(self, account_id: str) -> None:
        """Clear the names at every seat the account sat at, stored and in memory (its
        account being deleted: its games stay, played by no one named)."""
        for table_id, seat in await asyncio.to_thread(self.games.every_seat, account_id):
            await asyncio.to_thread(self.tables.store.name_seat, table_id, seat, None)
            table = self.tables.tables.get(table_id)
            if table is not None and 0 <= seat < len(table.seats):
                table.seats[seat].name = None
                table.view_cache = {}
                self.tables.hub.notify(table_id)

    def rematched(self, table: LiveTable, rematch: LiveTable) -> None:
        """Link each account at a rated table to its seat at the rematch (one place on)."""
        if not table.record.rated:
            return
        count = len(table.seats)
        for seat, account_id in self.games.holders(table.id).items():
            self.games.link(account_id, rematch.id, (seat + 1) % count)

    async def finished(self, table: LiveTable) -> None:
        """Rate a rated table that has just ended (see `TableService.finished`)."""
        if table.record.rated:
            await asyncio.to_thread(self.rate, table)

    def rate(self, table: LiveTable) -> None:
        """Rate a finished rated table (once: `Ladders.rate`)."""
        state = table.state
        if not table.record.rated or state.unfinished:
            return
        ladder = ladder_of(table.game)
        holders = self.games.holders(table.id)
        seats = {
            s.seat: Seat(
                s.seat,
                holders.get(s.seat) if s.kind == HUMAN else None,
                computer_rating(ladder, level_of(table.record.game, s.agent))
                if s.kind == AGENT
                else None,
            )
            for s in table.seats
        }
        sides = table.game.sides()
        returns, scores = state.returns(), state.scores
        keys = [(returns[side[0]], sum(scores[s] for s in side)) for side in sides]
        order = sorted(set(keys))
        results = [float(order.index(key)) for key in keys]
        self.ladders.rate(table.id, ladder, [[seats[s] for s in side] for side in sides], results)
