"""Results players report from over the board (issue 45, item 4): in a Duel event played
on the site, a match not played at a table here is reported by one of its players from
their phone; the opponent confirms it (then it is the match's result) or disputes it
(then the organizer decides: their page lists disputed reports first, then pending ones).
A result the organizer types in makes the report moot.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ludoteca.core.i18n import _
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.players import Match, Result
from ludoteca.web.accounts.store import Account
from ludoteca.web.events.store import StoredEvent
from ludoteca.web.hosted.service import HostedEvents, round_in_play
from ludoteca.web.shared.db import ReportRow
from ludoteca.web.shared.errors import WebError, bad_request, conflict, forbidden, not_found

REPORTED = (Result.WIN, Result.DRAW, Result.LOSS)
"""What a player reports of their game: a game played to its end (a timed result is the
organizer's, from the round clock)."""


@dataclass(frozen=True)
class Report:
    """A reported result, as stored: seen from the match's first-named player."""

    round: int
    number: int
    account_id: str
    result: Result
    disputed: bool


def _report(row: ReportRow) -> Report:
    return Report(row.round, row.number, row.account_id, Result(row.result), row.disputed)


class ReportStore:
    """The reports' rows."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def of_event(self, event_id: str) -> list[Report]:
        """The event's reports, disputed first."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(ReportRow)
                .where(ReportRow.event_id == event_id)
                .order_by(ReportRow.disputed.desc(), ReportRow.at)
            )
            return [_report(row) for row in rows]

    def add(self, event_id: str, report: Report) -> bool:
        """Store a new report; False if the match has one already."""
        try:
            with Session(self.engine) as session, session.begin():
                session.add(ReportRow(
                    event_id=event_id, round=report.round, number=report.number,
                    account_id=report.account_id, result=report.result.value,
                    disputed=False, at=datetime.now(UTC),
                ))  # fmt: skip
        except IntegrityError:
            return False
        return True

    def dispute(self, event_id: str, number: int, table: int) -> None:
        """Flag a report disputed."""
        with Session(self.engine) as session, session.begin():
            row = session.get(ReportRow, (event_id, number, table))
            if row is not None:
                row.disputed = True

    def remove(self, event_id: str, number: int, table: int) -> None:
        """Forget a report (confirmed, or moot)."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(ReportRow).where(
                    ReportRow.event_id == event_id,
                    ReportRow.round == number,
                    ReportRow.number == table,
                )
            )


class Reports:
    """Reporting, confirming and disputing results of matches played over the board."""

    def __init__(self, hosted: HostedEvents) -> None:
        self.hosted = hosted
        self.store = ReportStore(hosted.store.engine)

    async def _match(self, account: Account, event_id: str) -> tuple[StoredEvent, int, Match, str]:
        """The account's match in the round in play, open and played over the board:
        the event, the round's number, the match and the account's player id."""
        entry = await self.hosted.entry_of(account, event_id)
        event = await self.hosted.events.load(event_id)
        if not isinstance(event.record.event, DuelEvent):
            raise conflict(_("players report results of Duel events only"))
        number, matches = round_in_play(event.record.event)
        match = next((m for m in matches if entry.player_id in (m.a, m.b)), None)
        if match is None or match.b is None:
            raise conflict(_("you have no match to report in the round in play"))
        tables = await asyncio.to_thread(self.hosted.store.tables, event_id)
        if any(t.round == number and t.number == match.table for t in tables):
            raise conflict(_("your match is played at a table here: its end is the result"))
        return event, number, match, entry.player_id

    async def report(self, account: Account, event_id: str, data: dict[str, Any]) -> None:
        """Report `{result: win | draw | loss}`, seen from the reporting player (409 if
        the match has a result or a report already)."""
        try:
            said = Result(str(data.get("result"))[:16])
        except ValueError:
            said = None
        if said not in REPORTED:
            raise bad_request(_("field 'result' must be win, draw or loss"))
        assert said is not None
        event, number, match, player = await self._match(account, event_id)
        if match.result is not None:
            raise conflict(_("your match has its result already"))
        first = said if player == match.a else said.reversed()
        report = Report(number, match.table, account.id, first, False)
        if not await asyncio.to_thread(self.store.add, event.id, report):
            raise conflict(_("a result of your match is reported already: confirm or dispute it"))

    async def answer(self, account: Account, event_id: str, *, confirm: bool) -> None:
        """The opponent confirms the report of their match (it becomes the result) or
        disputes it (the organizer decides); the reporter may do neither (403)."""
        event, number, match, _player = await self._match(account, event_id)
        found = next(
            (r for r in await asyncio.to_thread(self.store.of_event, event.id)
             if r.round == number and r.number == match.table),
            None,
        )  # fmt: skip
        if found is None:
            raise not_found(_("no result of your match is reported"))
        if found.account_id == account.id:
            raise forbidden(_("your opponent confirms or disputes the result you reported"))
        if not confirm:
            await asyncio.to_thread(self.store.dispute, event.id, number, match.table)
            return
        if match.result is None:
            data = {"round": number, "table": match.table, "result": found.result.value}
            await self.hosted.events.operate(event.id, None, "report", data, trusted=True)
        await asyncio.to_thread(self.store.remove, event.id, number, match.table)

    async def listing(self, event: StoredEvent) -> list[dict[str, Any]]:
        """The event's open reports for its organizer, disputed first, with the match's
        players' names, first-named first (a match that has its result meanwhile is
        dropped from them)."""
        out = []
        matches: dict[tuple[int, int], Match] = {}
        names: dict[str, str] = {}
        if isinstance(event.record.event, DuelEvent):
            number, current = round_in_play(event.record.event)
            matches = {(number, m.table): m for m in current}
            names = {p.id: p.name for p in event.record.event.players.values()}
        for report in await asyncio.to_thread(self.store.of_event, event.id):
            match = matches.get((report.round, report.number))
            if match is None or match.result is not None:
                await asyncio.to_thread(self.store.remove, event.id, report.round, report.number)
                continue
            out.append(
                {
                    "round": report.round,
                    "table": report.number,
                    "players": [names.get(match.a, match.a), names.get(match.b or "", "")],
                    "result": report.result.value,
                    "disputed": report.disputed,
                }
            )
        return out

    async def mine(self, account: Account, event_id: str) -> dict[str, Any]:
        """What the account may report: `{reportable, report}`; `reportable`: its match in
        play is over the board and has no result; `report`: the match's report seen from
        the account, `{result, mine, disputed}`, or None."""
        try:
            event, number, match, player = await self._match(account, event_id)
        except WebError:
            return {"reportable": False, "report": None}
        found = None
        for report in await asyncio.to_thread(self.store.of_event, event.id):
            if report.round == number and report.number == match.table:
                seen = report.result if player == match.a else report.result.reversed()
                found = {
                    "result": seen.value,
                    "mine": report.account_id == account.id,
                    "disputed": report.disputed,
                }
        return {"reportable": match.result is None, "report": found}
