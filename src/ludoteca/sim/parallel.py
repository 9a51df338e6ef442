"""Simulations spread over processes, with results independent of the worker count.

Game `i` of a run always gets the seed `game_seed(run_seed, i)` and its agents
seeds derived from it, so 1 or 20 workers produce the same records. Records
come back in index order and can be streamed to disk; memory stays flat.
"""

from __future__ import annotations

import os
import signal
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ludoteca import games
from ludoteca.agents import make_agent
from ludoteca.core import OptionError, game_seed
from ludoteca.core.i18n import _
from ludoteca.sim.dynamics import LEAD, TRAIL
from ludoteca.sim.runner import play_match
from ludoteca.sim.usage import card_ids, trace_usage

CHUNK = 16
BACKENDS = ("local", "ray")


@dataclass(frozen=True)
class GameRecord:
    """One simulated game, as written to per-game record files."""

    index: int
    seed: int
    scores: tuple[float, ...]
    winner: int | None
    steps: int
    statistics: dict[str, float]
    usage: dict[str, tuple[float, ...]] = field(default_factory=dict)
    unfinished: bool = False
    """Stopped by a limit in the options: no winner and no draw either."""
    returns: tuple[float, ...] = ()
    """The game's utilities (empty in records made by hand)."""

    def row(self, usage: bool = False) -> dict[str, Any]:
        """A flat mapping for CSV/JSON lines; with `usage`, also the first seat's score
        margin, the lead changes, whether the winner came from behind, and each seat's
        uses (`action:kick[0]`, `card:<id>[1]`, `points:kick[0]`, `score@0.5[1]`)."""
        data: dict[str, Any] = {"index": self.index, "seed": self.seed, "winner": self.winner}
        data["unfinished"] = self.unfinished
        data["steps"] = self.steps
        for seat, score in enumerate(self.scores):
            data[f"score_{seat}"] = score
        if usage and len(self.scores) > 1:
            data["margin"] = self.scores[0] - max(self.scores[1:])
        if usage and LEAD in self.usage:
            data["lead_changes"] = sum(self.usage[LEAD])
            trailed = self.usage.get(TRAIL, ())
            data["comeback"] = self.winner is not None and trailed[
                self.winner : self.winner + 1
            ] > (0,)
        for key, value in sorted(self.statistics.items()):
            data[key] = value
        for key, amounts in sorted(self.usage.items()) if usage else ():
            for seat, amount in enumerate(amounts):
                data[f"{key}[{seat}]"] = amount
        return data


@dataclass
class RunSummary:
    """Totals of a run: win counts and mean scores per seat, means of statistics."""

    game: str
    agents: tuple[str, ...]
    games: int = 0
    draws: int = 0
    unfinished: int = 0
    steps: int = 0
    wins: list[int] = field(default_factory=list)
    score_totals: list[float] = field(default_factory=list)
    stat_totals: dict[str, float] = field(default_factory=dict)

    def add(self, record: GameRecord) -> None:
        """Count one game."""
        if not self.wins:
            self.wins = [0] * len(record.scores)
            self.score_totals = [0.0] * len(record.scores)
        self.games += 1
        self.steps += record.steps
        if record.unfinished:
            self.unfinished += 1
        elif record.winner is None:
            self.draws += 1
        else:
            self.wins[record.winner] += 1
        for seat, score in enumerate(record.scores):
            self.score_totals[seat] += score
        for key, value in record.statistics.items():
            self.stat_totals[key] = self.stat_totals.get(key, 0.0) + value

    def to_json(self) -> dict[str, Any]:
        """Win rates, mean scores, mean actions and statistics per game."""
        n = max(self.games, 1)
        seats = []
        for seat, agent in enumerate(self.agents):
            wins = self.wins[seat] if self.wins else 0
            total = self.score_totals[seat] if self.score_totals else 0.0
            seats.append(
                {
                    "seat": seat,
                    "agent": agent,
                    "wins": wins,
                    "win_rate": wins / n,
                    "mean_score": total / n,
                }
            )
        return {
            "game": self.game,
            "games": self.games,
            "seats": seats,
            "draws": self.draws,
            "draw_rate": self.draws / n,
            "unfinished": self.unfinished,
            "unfinished_rate": self.unfinished / n,
            "mean_actions_per_game": self.steps / n,
            "mean_statistics": {k: v / n for k, v in sorted(self.stat_totals.items())},
        }


def play_chunk(
    name: str,
    options: dict[str, Any],
    specs: Sequence[str],
    seed: int,
    indices: range,
    usage: bool = False,
    quiet: bool = True,
) -> list[GameRecord]:
    """Play games `indices` of a run; with `usage`, also trace each game's actions
    (`quiet`: as `runner.play_match`)."""
    game = games.load(name, **options)
    cards = card_ids(game) if usage else frozenset()
    records = []
    for index in indices:
        seed_i = game_seed(seed, index)
        agents = [make_agent(spec, seed_i + seat) for seat, spec in enumerate(specs)]
        result = play_match(game, agents, seed_i, quiet=quiet)
        traced = trace_usage(game, result.replay, cards) if usage else {}
        records.append(
            GameRecord(
                index,
                seed_i,
                result.scores,
                result.winner,
                result.steps,
                result.statistics,
                traced,
                result.unfinished,
                result.returns,
            )
        )
    return records


def run_games(
    name: str,
    options: dict[str, Any],
    specs: Sequence[str],
    n: int,
    seed: int,
    workers: int | None = None,
    *,
    usage: bool = False,
    backend: str = "local",
    address: str | None = None,
    start: int = 0,
) -> Iterator[GameRecord]:
    """Yield the records of games `start`..n-1 in order, on `workers` processes or on
    Ray. A game's seed depends on the run seed and its index only, so a run continued
    from `start` plays the games a whole run would have.

    At most a few chunks per worker are in flight, so memory stays flat as `n` grows.
    """
    if backend not in BACKENDS:
        raise OptionError(
            _(
                "--backend {backend}: choose one of {backends}",
                backend=backend,
                backends=", ".join(BACKENDS),
            )
        )
    game = games.load(name, **options)  # validate before starting processes
    if len(specs) != game.num_seats:
        raise OptionError(
            _(
                "{name} needs {num_seats} agents, got {n_specs}",
                name=name,
                num_seats=game.num_seats,
                n_specs=len(specs),
            )
        )
    for spec in specs:
        make_agent(spec)
    chunks = (range(i, min(i + CHUNK, n)) for i in range(start, n, CHUNK))
    args = (name, dict(options), tuple(specs), seed)
    if backend == "ray":
        from ludoteca.sim.ray_backend import run_on_ray

        for records in run_on_ray(play_chunk, args, chunks, usage, workers, address):
            yield from records
        return
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        for chunk in chunks:
            yield from play_chunk(*args, chunk, usage)
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    window: deque[Future[list[GameRecord]]] = deque()
    try:
        for chunk in chunks:
            window.append(pool.submit(play_chunk, *args, chunk, usage))
            if len(window) >= 4 * workers:
                yield from window.popleft().result()
        while window:
            yield from window.popleft().result()
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which keeps the games finished so far."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def simulate_run(
    name: str,
    options: dict[str, Any],
    specs: Sequence[str],
    n: int,
    seed: int,
    workers: int | None = None,
    on_record: Callable[[GameRecord], None] | None = None,
    *,
    backend: str = "local",
    address: str | None = None,
) -> RunSummary:
    """Play a run and total it; Ctrl-C stops early and keeps the games finished so far."""
    summary = RunSummary(game=name, agents=tuple(specs))
    games_run = run_games(name, options, specs, n, seed, workers, backend=backend, address=address)
    try:
        for record in games_run:
            summary.add(record)
            if on_record is not None:
                on_record(record)
    except KeyboardInterrupt:
        pass
    return summary
