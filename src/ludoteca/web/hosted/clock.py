"""The round clock of an event played on the site (issue 45, item 3): when it runs out,
every table of the round still in play gets the rulebook's timed result (*Desempate*:
"o jogador mais próximo da vitória [...] ganha [...] Vitória por Tempo"; equally close,
a draw), from the game's scores then (`tournament.bots.outcome_of`); a Melee table's
scores then are its players' power. The table's game may go on; its end records nothing
more. Any server process may find an expired round: a table's result is recorded once.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ludoteca.tournament.bots import outcome_of
from ludoteca.web.events.views import clock_view
from ludoteca.web.hosted.service import HostedEvents, seated
from ludoteca.web.shared.db import EventTableRow
from ludoteca.web.shared.errors import WebError
from ludoteca.web.shared.periodic import Periodic

log = logging.getLogger("ludoteca.web")
EVERY = 5.0
"""Seconds between two looks at the round clocks of events with tables in play."""


def events_in_play(engine: Engine) -> list[str]:
    """The events with a table whose result is not recorded."""
    with Session(engine) as session:
        return list(
            session.scalars(
                select(EventTableRow.event_id).where(EventTableRow.recorded.is_(False)).distinct()
            )
        )


class RoundClocks(Periodic):
    """Applies the timed result at tables a round clock ran out on (every `EVERY` s)."""

    def __init__(self, hosted: HostedEvents) -> None:
        super().__init__("round clocks", self.sweep, EVERY)
        self.hosted = hosted

    async def sweep(self) -> int:
        """Give the timed result at every table of an expired round; how many."""
        done = 0
        engine = self.hosted.store.engine
        for event_id in await asyncio.to_thread(events_in_play, engine):
            event = await self.hosted.events.load(event_id)
            clock = clock_view(event)
            if clock["state"] != "running" or not clock["expired"]:
                continue
            number, _tables = seated(event.record.event)
            for table in await asyncio.to_thread(self.hosted.store.tables, event_id):
                if table.round == number and not table.recorded:
                    done += await self._timed(event_id, table.table_id)
        return done

    async def _timed(self, event_id: str, table_id: str) -> int:
        found = await asyncio.to_thread(self.hosted.store.table, table_id)
        if found is None:
            return 0
        live = await self.hosted.tables.current(table_id)
        if live.state.is_terminal:
            return 0  # its own end records it
        if not await asyncio.to_thread(self.hosted.store.mark_recorded, table_id):
            return 0
        data: dict[str, Any] = {"round": found.round, "table": found.number}
        if len(live.seats) == 2:
            data["result"] = outcome_of(live.state, found.first_seat)[0].value
        else:
            data["power"] = [max(0, int(score)) for score in live.state.scores]
        try:
            await self.hosted.events.operate(event_id, None, "report", data, trusted=True)
        except WebError as exc:
            log.info("event %s: table %s's timed result not recorded: %s", event_id, table_id, exc)
            return 0
        return 1
