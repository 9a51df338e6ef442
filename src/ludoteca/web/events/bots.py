"""Bot tournaments from the web: a Duel event whose players are agents on a two-seat game.

As `ludoteca tournament run`: `ludoteca.tournament.bots` pairs and plays each
round; every finished round is stored in one transaction, so a restart loses at
most the round being played, which is replayed identically (the match seeds
come from the event seed). The games run in a worker thread, off the event loop.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from concurrent.futures import CancelledError
from typing import Any

from ludoteca import games
from ludoteca.core import OptionError
from ludoteca.core.i18n import _
from ludoteca.tournament.bots import (
    BotMatch,
    MatchOutcome,
    play_swiss_round,
    play_top_cut_round,
)
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.event_rules import EventStaff, Tier
from ludoteca.tournament.store import Tournament
from ludoteca.tournament.topcut import bracket_order
from ludoteca.web.events.store import RUNNING, EventStore, StoredEvent
from ludoteca.web.shared.compute import ComputeQueue
from ludoteca.web.shared.errors import bad_request
from ludoteca.web.shared.requests import field_int, field_seed, field_str
from ludoteca.web.tables.ai import check_agent, play_match

MAX_BOTS = 32
MAX_ROUNDS = 10
MAX_ACTIONS = 100_000
DONE, FAILED = "done", "failed"


class Stopped(Exception):
    """The server is stopping: the round in play is abandoned (it was not stored)."""


def bot_event(data: dict[str, Any]) -> tuple[Tournament, dict[str, Any]]:
    """The new Duel event and the run's settings from a request (400/422 on bad input)."""
    game = field_str(data, "game", 64)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise bad_request(_("field 'options' must be an object"))
    specs = data.get("agents")
    if isinstance(specs, str):
        specs = [s.strip() for s in specs.split(",") if s.strip()]
    if not isinstance(specs, list) or not all(isinstance(s, str) and s for s in specs):
        raise bad_request(_("field 'agents' must be a list of agent specs, one per player"))
    if not 2 <= len(specs) <= MAX_BOTS:
        raise OptionError(
            _(
                "a bot tournament needs 2 to {max_bots} agents, got {n_specs}",
                max_bots=MAX_BOTS,
                n_specs=len(specs),
            )
        )
    specs = [check_agent(spec, game) for spec in specs]
    engine = games.load(game, **options)
    if engine.num_seats != 2:
        raise OptionError(
            _(
                "a Duel needs a two-seat game; {game} has {num_seats} seats",
                game=game,
                num_seats=engine.num_seats,
            )
        )
    rounds = _bounded(data, "rounds", 3, 1, MAX_ROUNDS)
    top_cut = _bounded(data, "top_cut", 0, 0, len(specs))
    if top_cut:
        bracket_order(top_cut)  # OptionError unless a power of two
    limit = _bounded(data, "action_limit", 20_000, 1, MAX_ACTIONS)
    seed = field_seed(data)
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    name = data.get("name") or f"{game}-bots-{seed}"
    if not isinstance(name, str) or len(name) > 200:
        raise bad_request(_("field 'name' must be a text of at most 200 characters"))
    event = DuelEvent(name, seed)
    agent_of = {}
    for index, spec in enumerate(specs, start=1):
        agent_of[event.add_player(f"p{index}", f"{spec} #{index}").id] = spec
    settings = {
        "game": game,
        "options": dict(engine.options),
        "agents": agent_of,
        "rounds": rounds,
        "top_cut": top_cut,
        "action_limit": limit,
        "status": RUNNING,
        "error": None,
    }
    return Tournament("duel", event, EventStaff(Tier.LOCAL)), settings


def _bounded(data: dict[str, Any], name: str, default: int, low: int, high: int) -> int:
    if data.get(name) is None:
        return default
    value = field_int(data, name)
    if not low <= value <= high:
        raise OptionError(
            _(
                "field '{name}' must be from {low} to {high}, got {value}",
                name=name,
                low=low,
                high=high,
                value=value,
            )
        )
    return value


def total_matches(settings: dict[str, Any]) -> int:
    """Games the run plays: each Swiss round's non-bye tables, then the cut's matches."""
    players = len(settings["agents"])
    return int(settings["rounds"]) * (players // 2) + max(int(settings["top_cut"]) - 1, 0)


def played_matches(event: DuelEvent) -> int:
    """Games already played and stored (byes are not games)."""
    swiss = sum(1 for r in event.rounds for m in r.matches if m.b is not None and m.result)
    cut = (
        0
        if event.top_cut is None
        else sum(1 for r in event.top_cut.rounds for m in r if m.result is not None)
    )
    return swiss + cut


def play_step(
    store: EventStore,
    event_id: str,
    stop: threading.Event,
    on_match: Callable[[StoredEvent, BotMatch], None],
    compute: ComputeQueue,
) -> bool:
    """Play and store the run's next round (Swiss, else top cut); True once the run is over.

    Runs in a thread of its own that waits while each game is played in the worker
    processes (`compute`), one at a time. `on_match` hears of each game as it ends.
    """
    stored = store.load(event_id)
    settings = stored.bots
    assert settings is not None and isinstance(stored.record.event, DuelEvent)
    event = stored.record.event
    agent_of: dict[str, str] = dict(settings["agents"])
    limit, cut_size = int(settings["action_limit"]), int(settings["top_cut"])

    def played(match: BotMatch) -> None:
        if stop.is_set():
            raise Stopped
        on_match(stored, match)

    game, options = settings["game"], dict(settings["options"])

    def in_worker(spec_a: str, spec_b: str, seed: int, actions: int) -> MatchOutcome:
        if stop.is_set():
            raise Stopped
        future = compute.submit(play_match, game, options, spec_a, spec_b, seed, actions)
        try:
            return future.result()
        except CancelledError:  # the workers were shut down: the server is stopping
            raise Stopped from None

    if len(event.rounds) < int(settings["rounds"]) and event.top_cut is None:
        play_swiss_round(event, in_worker, agent_of, limit, played)
        store.save(stored, "bot-round", {"round": len(event.rounds)})
        return False
    if cut_size and not (event.top_cut is not None and event.top_cut.finished):
        # a cut match needs a winner: the game's own way past a tie (`GameInfo.knockout`)
        options.update(games.info(game).knockout)
        play_top_cut_round(event, in_worker, agent_of, cut_size, limit, played)
        store.save(stored, "bot-top-cut", {"size": cut_size})
        return False
    settings["status"] = DONE
    store.save(stored, "bot-done", {})
    return True


def mark_failed(store: EventStore, event_id: str, message: str) -> None:
    """Record that the run stopped on an error (shown on the pages)."""
    stored = store.load(event_id)
    assert stored.bots is not None
    stored.bots["status"], stored.bots["error"] = FAILED, message
    store.save(stored, "bot-failed", {"error": message})
