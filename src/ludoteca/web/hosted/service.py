"""Events played on the site (issue 45): players register and check in with their
accounts; each pairing of a round is a table here; a table's end is the match's result.

The event itself is the organizer's as before (`web.events`): this service adds, through
the event service's hooks and its trusted operations, what the site does on its own.
- Registering adds the account's player (`add-player`) and withdrawing drops it.
- Before round 1 is paired, players who did not check in (when check-in was held) are
  dropped, each with a journal line saying so.
- After a pairing (Swiss round, re-pairing, top cut), each match between two registered
  accounts gets a table of the event's game, the two seated in an order drawn from the
  event's seed, with a clock of half the round's length each; another match (a player
  without an account) is played over the board and typed in as before.
- A table's end records its result (`ludoteca.tournament.bots.outcome_of`: the game's
  winner, else a draw), unless the organizer typed one in first.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from ludoteca import games
from ludoteca.core.errors import OptionError
from ludoteca.core.i18n import _
from ludoteca.tournament.bots import outcome_of
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.melee import MeleeEvent
from ludoteca.tournament.players import Match, Result
from ludoteca.web.accounts.games import AccountGames
from ludoteca.web.accounts.store import Account
from ludoteca.web.events.forget import Swaps
from ludoteca.web.events.service import EventService
from ludoteca.web.events.store import StoredEvent
from ludoteca.web.hosted.store import Entry, EventTable, HostedStore, Hosting
from ludoteca.web.shared.errors import WebError, conflict, not_found
from ludoteca.web.shared.records import HUMAN
from ludoteca.web.tables.clock import ClockRule
from ludoteca.web.tables.service import TableService
from ludoteca.web.tables.table import LiveTable

log = logging.getLogger("ludoteca.web")
PAIRINGS = ("pair", "repair", "edit-pairings", "top-cut", "advance-cut", "final")
"""The organizer's operations after which the round in play has new matches."""


def round_in_play(event: DuelEvent) -> tuple[int, list[Match]]:
    """The number and matches of the round in play: the last Swiss round's, or the top
    cut's (numbered on from the Swiss rounds); (0, []) before round 1."""
    if event.top_cut is not None and event.top_cut.rounds:
        return len(event.rounds) + len(event.top_cut.rounds), list(event.top_cut.rounds[-1])
    if not event.rounds:
        return 0, []
    return len(event.rounds), list(event.rounds[-1].matches)


def in_cut(event: DuelEvent | MeleeEvent, number: int) -> bool:
    """Whether round `number` of `event` is a top-cut one (after the Swiss rounds): its
    matches need a winner (*mata-mata*)."""
    return isinstance(event, DuelEvent) and number > len(event.rounds)


def melee_round(event: MeleeEvent) -> tuple[int, list[tuple[str, ...]]]:
    """The number of the Melee round in play and its tables' seats (player numbers as the
    event's player ids): the final table's once seated (the round after the others)."""
    if event.final is not None:
        return len(event.rounds) + 1, [tuple(str(n) for n in event.final.seats)]
    if not event.rounds:
        return 0, []
    return len(event.rounds), [tuple(str(n) for n in table.seats) for table in event.rounds[-1]]


def seated(event: DuelEvent | MeleeEvent) -> tuple[int, list[tuple[tuple[str, ...], bool]]]:
    """The round in play and each of its tables' players in seat-order-to-be (a Duel
    match's two, first-named first) and whether it still needs a table (a Melee table,
    or a Duel match that is no bye and has no result)."""
    if isinstance(event, MeleeEvent):
        number, tables = melee_round(event)
        return number, [(seats, True) for seats in tables]
    number, matches = round_in_play(event)
    return number, [((m.a, m.b or ""), m.b is not None and m.result is None) for m in matches]


class HostedEvents:
    """Registration, check-in, tables and results of events played on the site."""

    def __init__(
        self,
        store: HostedStore,
        events: EventService,
        tables: TableService,
        games: AccountGames,
    ) -> None:
        self.store = store
        self.events = events
        self.tables = tables
        self.games = games
        self.forgetting: list[Callable[[str, Swaps], object]] = []
        """Called (in a thread) with each event a deleted account's player was renamed
        in, and the names swapped (`Webhooks.forget`)."""
        events.before.append(self._before)
        events.after.append(self._after)
        tables.finished.append(self.finished)

    async def hosting(self, event_id: str) -> Hosting:
        """How the event is hosted (404 if it is not open to players on the site)."""
        found = await asyncio.to_thread(self.store.hosting, event_id)
        if found is None:
            raise not_found(_("event {event_id} takes no registrations here", event_id=event_id))
        return found

    async def register(self, account: Account, event_id: str) -> Entry:
        """Register `account` for the event as a player named as the account is (409 when
        registration is closed, full or past its deadline, or the account is in already)."""
        await self.open_for(event_id)
        # The entry first (its key refuses a second at once), then the event's player.
        if not await asyncio.to_thread(self.store.add_entry, event_id, account.id, ""):
            raise conflict(_("you are registered for this event already"))
        try:
            added, _event = await self.events.operate(
                event_id, None, "add-player", {"name": account.display_name}, trusted=True
            )
        except BaseException:
            await asyncio.to_thread(self.store.remove_entry, event_id, account.id)
            raise
        player = str(added["id"])
        await asyncio.to_thread(self.store.set_player, event_id, account.id, player)
        return Entry(account.id, player, False)

    async def open_for(self, event_id: str) -> None:
        """409 unless the event takes a registration now: open, before its deadline, not
        full (404 for an event not played on the site)."""
        hosting = await self.hosting(event_id)
        if not hosting.registering:
            raise conflict(_("registration for this event is closed"))
        if hosting.deadline is not None and datetime.now(UTC) > hosting.deadline:
            raise conflict(_("registration for this event closed at its deadline"))
        count = await asyncio.to_thread(self.store.count, event_id)
        if hosting.cap is not None and count >= hosting.cap:
            raise conflict(_("this event is full: {cap} players", cap=hosting.cap))

    async def forget(self, account_id: str) -> list[tuple[str, Swaps]]:
        """Take a deleted account's name out of the events it is registered for: each
        player stays, renamed `#<number>` (`events/forget.py`), and so in the events'
        stored webhook deliveries (`forgetting`); each event and what each old name and
        id became there."""
        out = []
        for event_id, player_id in await asyncio.to_thread(self.store.registrations, account_id):
            if player_id:
                swaps = await self.events.forget_player(event_id, player_id)
                for forgetting in self.forgetting:
                    await asyncio.to_thread(forgetting, event_id, swaps)
                out.append((event_id, swaps))
        return out

    async def withdraw(self, account: Account, event_id: str) -> None:
        """Withdraw `account` from the event (its player dropped; 404 if not registered)."""
        entry = await self.entry_of(account, event_id)
        data = {"player": entry.player_id, "reason": "withdrew"}
        await self.events.operate(event_id, None, "drop", data, trusted=True)
        await asyncio.to_thread(self.store.remove_entry, event_id, account.id)

    async def check_in(self, account: Account, event_id: str) -> None:
        """Check `account` in (409 unless check-in is open; 404 if not registered)."""
        hosting = await self.hosting(event_id)
        entry = await self.entry_of(account, event_id)
        if not hosting.checking_in:
            raise conflict(_("check-in for this event is not open"))
        if not entry.checked_in:
            await asyncio.to_thread(self.store.check_in, event_id, account.id)

    async def entry_of(self, account: Account, event_id: str) -> Entry:
        """The account's registration for the event (404 if none)."""
        entry = await asyncio.to_thread(self.store.entry, event_id, account.id)
        if entry is None:
            raise not_found(_("you are not registered for this event"))
        return entry

    async def mine(self, account: Account, event_id: str) -> dict[str, Any]:
        """The account's place in the event: its player, check-in, and its table in the
        round in play (None: none here, or a bye)."""
        entry = await self.entry_of(account, event_id)
        event = await self.events.load(event_id)
        answer: dict[str, Any] = {
            "player": entry.player_id,
            "checked_in": entry.checked_in,
            "deck": entry.deck,
            "table": None,
        }
        number, tables = seated(event.record.event)
        for table in await asyncio.to_thread(self.store.tables, event_id):
            if table.recorded or table.round != number or not 1 <= table.number <= len(tables):
                continue  # a table played (a drawn cut game's is played again at another)
            players = list(tables[table.number - 1][0])
            if entry.player_id in players:
                seat = _order(players, table.first_seat).index(entry.player_id)
                answer["table"] = {"id": table.table_id, "seat": seat, "round": number}
        return answer

    # ------------------------------------------------------------------ hooks
    async def _before(self, event: StoredEvent, operation: str) -> None:
        """Before round 1 is paired, drop who registered and did not check in."""
        if operation != "pair" or event.record.event.rounds:
            return
        hosting = await asyncio.to_thread(self.store.hosting, event.id)
        if hosting is None or not hosting.checked:
            return
        for entry in await asyncio.to_thread(self.store.entries, event.id):
            if not entry.checked_in:
                data = {"player": entry.player_id, "reason": "no-show"}
                await self.events.operate(event.id, None, "drop", data, trusted=True)

    async def _after(self, event: StoredEvent, operation: str) -> None:
        """After a pairing, a table for each new match or Melee table whose players all
        registered with accounts."""
        if operation not in PAIRINGS:
            return
        hosting = await asyncio.to_thread(self.store.hosting, event.id)
        if hosting is None or hosting.game is None:
            return
        number, tables = seated(event.record.event)
        if operation in ("repair", "edit-pairings"):  # new pairs: the old tables count no more
            await asyncio.to_thread(self.store.forget_round, event.id, number)
        made = {
            t.number
            for t in await asyncio.to_thread(self.store.tables, event.id)
            if t.round == number
        }
        entries = {e.player_id: e for e in await asyncio.to_thread(self.store.entries, event.id)}
        seed = event.record.event.seed
        for index, (players, open_) in enumerate(tables, start=1):
            if not open_ or index in made or not all(p in entries for p in players):
                continue  # played, or someone without an account: over the board
            # A Duel's first player is drawn; a Melee table keeps the event's seat order.
            first = (
                random.Random(f"{seed}:{number}:{index}").randrange(2) if len(players) == 2 else 0
            )
            await self._table(event, hosting, (number, index), list(players), first, entries)

    async def _table(
        self,
        event: StoredEvent,
        hosting: Hosting,
        where: tuple[int, int],
        players: list[str],
        first: int,
        entries: dict[str, Entry],
    ) -> None:
        """Make the table of one match or Melee table (round and table number `where`)
        and seat its accounts: `players` in the event's order, a Duel's two swapped when
        `first` (the first-named player's seat) is 1. A top-cut match is played under the
        game's `knockout` options (Toinc's playoff overtime)."""
        assert hosting.game is not None
        number, index = where
        order = _order(players, first)
        seats = [{"kind": HUMAN, "name": _name(event, p)[:32]} for p in order]
        options = dict(hosting.options)
        if len(order) > 2:
            options["players"] = len(order)  # a table game's seats (Toxicity's option)
        if in_cut(event.record.event, number):
            with contextlib.suppress(OptionError):  # a game gone: `create` says so below
                options.update(games.info(hosting.game).knockout)
        clock = ClockRule(max(1, _round_minutes(event) // 2), 0)
        try:
            table, _tokens = await self.tables.create(
                hosting.game, options, seats, None, clock=clock, listed=False
            )
        except WebError as exc:
            log.warning("event %s round %d: table %d not made: %s", event.id, number, index, exc)
            return
        for seat, player in enumerate(order):
            await asyncio.to_thread(self.games.link, entries[player].account_id, table.id, seat)
        record = EventTable(table.id, event.id, number, index, first, False)
        await asyncio.to_thread(self.store.add_table, record)

    async def finished(self, table: LiveTable) -> None:
        """A table of an event ended: its result is the match's (once)."""
        found = await asyncio.to_thread(self.store.table, table.id)
        if found is None or not await asyncio.to_thread(self.store.mark_recorded, table.id):
            return
        state = table.state
        data: dict[str, Any] = {"round": found.round, "table": found.number}
        if len(table.seats) == 2:
            data["result"] = outcome_of(state, found.first_seat)[0].value
            if data["result"] == Result.DRAW.value and await self._in_cut(found):
                await self._play_again(found)  # *mata-mata*: a match has a winner
                return
        else:  # a Melee table: each seat's final score is its power, in the event's order
            data["power"] = [max(0, int(score)) for score in state.scores]
        try:
            await self.events.operate(found.event_id, None, "report", data, trusted=True)
        except WebError as exc:  # the organizer typed one in first, or moved on
            log.info("event %s: table %s's result not recorded: %s", found.event_id, table.id, exc)

    async def _in_cut(self, found: EventTable) -> bool:
        """Whether a table's match is a top-cut one (a round after the Swiss rounds)."""
        event = await self.events.load(found.event_id)
        return in_cut(event.record.event, found.round)

    async def _play_again(self, found: EventTable) -> None:
        """A drawn top-cut game is played again at a new table (the first player drawn
        anew), as the cut needs a winner."""
        event = await self.events.load(found.event_id)
        hosting = await asyncio.to_thread(self.store.hosting, event.id)
        number, tables = seated(event.record.event)
        if hosting is None or number != found.round or not 1 <= found.number <= len(tables):
            return
        entries = {e.player_id: e for e in await asyncio.to_thread(self.store.entries, event.id)}
        players = list(tables[found.number - 1][0])
        if not all(p in entries for p in players):
            return
        first = random.Random(f"{found.table_id}:again").randrange(2)
        await self._table(event, hosting, (number, found.number), players, first, entries)


def _order(players: list[str], first: int) -> list[str]:
    """Seat order from the event's order: a Duel's two swapped when `first` is 1."""
    return [players[1], players[0]] if first == 1 and len(players) == 2 else players


def _name(event: StoredEvent, player: str) -> str:
    """A player's name in the event (a Melee player's id is their number)."""
    current = event.record.event
    if isinstance(current, DuelEvent):
        return current.players[player].name
    return current.player(int(player)).name


def _round_minutes(event: StoredEvent) -> int:
    current = event.record.event
    return current.round_minutes if isinstance(current, DuelEvent) else current.minutes
