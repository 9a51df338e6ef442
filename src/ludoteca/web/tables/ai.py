"""Computer seats: the agent runs in a worker process on a state rebuilt from the log.

The worker gets only `(game, options, seed, actions, seat, spec)`, rebuilds the
state and asks the agent through a `SeatView`, so the agent sees exactly what
that seat may know and the server's event loop never runs a search.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from typing import Any

from ludoteca import games
from ludoteca.agents import SeatView, make_agent, names, parse_spec
from ludoteca.agents.base import set_move_cap
from ludoteca.agents.levels import presets_for
from ludoteca.core import Game, OptionError, State, game_seed
from ludoteca.core.i18n import _
from ludoteca.sim.bot_match import play_bot_match
from ludoteca.tournament.bots import MatchOutcome

MAX_ITERATIONS = 20_000
MAX_SECONDS = 10.0
"""The most thinking time a spec may ask for a move; it is also every search's cap in the
workers (`set_move_cap`), whatever the spec's iterations, depth or reply."""
MAX_ROLLOUT = 200
"""The most actions a spec's rollouts may play (`depth`, and `reply` on top of it): one
search iteration stays short, so the time cap is met within a fraction of a second."""


def check_agent(spec: str, game: str | None = None) -> str:
    """A valid agent spec for a table of `game` (a preset name or a spec within the
    server's limits)."""
    spec = presets_for(game).get(spec, spec)
    name, params = parse_spec(spec)
    if name in names() and name not in names(installed=False):  # others' set no limits
        raise OptionError(
            _(
                "agent {name} is not offered on this server (offered: {offered})",
                name=repr(name),
                offered=", ".join(names(installed=False)),
            )
        )
    make_agent(spec)
    if float(params.get("iterations", 0)) > MAX_ITERATIONS:
        raise OptionError(
            _(
                "agent {spec}: at most {max_iterations} iterations on this server",
                spec=repr(spec),
                max_iterations=MAX_ITERATIONS,
            )
        )
    for key in ("depth", "reply"):
        if float(params.get(key, 0)) > MAX_ROLLOUT:
            raise OptionError(
                _(
                    "agent {spec}: {key} at most {most} on this server",
                    spec=repr(spec),
                    key=key,
                    most=MAX_ROLLOUT,
                )
            )
    if float(params.get("seconds", 0)) > MAX_SECONDS:
        raise OptionError(
            _(
                "agent {spec}: at most {max_seconds} seconds on this server",
                spec=repr(spec),
                max_seconds=format(MAX_SECONDS, "g"),
            )
        )
    return spec


def agent_seed(table_seed: int, index: int, seat: int) -> int:
    """The seed of the agent choosing move `index`: reproducible, distinct per move."""
    return game_seed(table_seed, index * 64 + seat)


@lru_cache(maxsize=32)
def _game(name: str, options_json: str) -> Game:
    return games.load(name, **json.loads(options_json))


def choose_action(
    name: str, options: dict[str, Any], seed: int, actions: list[str], seat: int, spec: str
) -> str:
    """Rebuild the game and let agent `spec` pick seat `seat`'s move (runs in a worker)."""
    state = replayed(name, json.dumps(options, sort_keys=True), seed, actions)
    agent = make_agent(spec, agent_seed(seed, len(actions), seat))
    return agent.act(SeatView(state, seat))


def time_out_move(state: State, seat: int, seed: int) -> str:
    """The move the game's hand-written policy (the `heuristic` agent, the medium level)
    makes for `seat`, whose clock ran out: quick, and in the server's own process."""
    return make_agent("heuristic", seed).act(SeatView(state, seat))


REPLAYED_TABLES = 32
"""How many tables' latest states a worker keeps, so a table's next computer move
applies only the moves made since (a whole replay per move made long games quadratic)."""
_replays: OrderedDict[tuple[str, str, int], tuple[list[str], State]] = OrderedDict()


def replayed(name: str, options_json: str, seed: int, actions: list[str]) -> State:
    """The state after `actions` (a copy: the agent may not change the kept one), built
    on this worker's last state of the same table when `actions` extends its log."""
    key = (name, options_json, seed)
    kept = _replays.pop(key, None)
    if kept is not None and actions[: len(kept[0])] == kept[0]:
        history, state = kept
    else:
        history, state = [], _game(name, options_json).new_game(seed)
    for action in actions[len(history) :]:
        state.apply(action)
    _replays[key] = (list(actions), state)
    while len(_replays) > REPLAYED_TABLES:
        _replays.popitem(last=False)
    return state.clone()


def play_match(
    name: str, options: dict[str, Any], spec_a: str, spec_b: str, seed: int, limit: int
) -> MatchOutcome:
    """One bot-tournament game between agents `spec_a` and `spec_b` (runs in a worker)."""
    game = _game(name, json.dumps(options, sort_keys=True))
    return play_bot_match(game, spec_a, spec_b, seed, limit)


WORKER_NICENESS = 10
"""How much lower the workers' CPU priority is than the server's: on a shared machine the
operating system serves people's moves before the computers' thinking."""


def agent_pool(workers: int, niceness: int = WORKER_NICENESS) -> ProcessPoolExecutor:
    """The worker processes (spawned, so no state of the server is inherited), `niceness`
    lower in CPU priority than the server, each ending within a second of the server's end
    (even a kill -9) instead of finishing the job in hand."""
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_start_worker,
        initargs=(os.getpid(), niceness),
    )


def _start_worker(server: int, niceness: int) -> None:
    set_move_cap(MAX_SECONDS)
    if hasattr(os, "nice"):
        os.nice(niceness)
    threading.Thread(target=_end_with, args=(server,), name="server-watch", daemon=True).start()


def _end_with(server: int) -> None:
    """Exit this worker once its server is gone (it is then no longer the parent)."""
    while os.getppid() == server:
        time.sleep(1.0)
    os._exit(0)
