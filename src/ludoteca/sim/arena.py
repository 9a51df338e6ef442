"""Round-robin between agents with seats rotated: win rates, intervals and ratings."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca import games
from ludoteca.core import game_seed
from ludoteca.sim.parallel import GameRecord, run_games
from ludoteca.sim.ratings import bradley_terry, elo_ratings, wilson_interval


@dataclass
class ArenaResult:
    """Per agent: points (one per game, split among its winners: see `win_shares`)
    and seats played; the pairwise score table; games stopped unfinished by a limit
    in the options, which have no result and are left out of the rest."""

    agents: tuple[str, ...]
    points: list[float]
    games: list[int]
    pairwise: list[list[float]]
    unfinished: int = 0

    def to_json(self) -> dict[str, Any]:
        """Win rates with 95% Wilson intervals, Bradley-Terry strengths and Elo."""
        strengths = bradley_terry(self.pairwise)
        elo = elo_ratings(strengths)
        rows = []
        for i, agent in enumerate(self.agents):
            low, high = wilson_interval(self.points[i], self.games[i])
            rows.append(
                {
                    "agent": agent,
                    "games": self.games[i],
                    "score": self.points[i],
                    "score_rate": self.points[i] / self.games[i] if self.games[i] else 0.0,
                    "ci95": [low, high],
                    "bradley_terry": strengths[i],
                    "elo": elo[i],
                }
            )
        return {"agents": rows, "pairwise": self.pairwise, "unfinished": self.unfinished}


def seatings(agents: int, seats: int) -> list[tuple[int, ...]]:
    """Which agent sits where, game after game, so that every agent takes every seat.

    Two seats: every ordered pair of different agents. More seats: the cyclic shifts
    of the agents over the seats (agents repeat when there are fewer than seats).
    """
    if seats == 2:
        return list(itertools.permutations(range(agents), 2))
    return [tuple((shift + seat) % agents for seat in range(seats)) for shift in range(agents)]


def run_arena(
    name: str,
    options: dict[str, Any],
    specs: Sequence[str],
    games_per_seating: int,
    seed: int,
    workers: int | None = None,
    on_record: Callable[[GameRecord], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> ArenaResult:
    """Play `games_per_seating` games for each seating of `specs` and tally them, on
    `backend` (`sim.parallel.run_games`)."""
    game = games.load(name, **options)
    k = len(specs)
    result = ArenaResult(tuple(specs), [0.0] * k, [0] * k, [[0.0] * k for _ in range(k)])
    for index, seating in enumerate(seatings(k, game.num_seats)):
        seat_specs = [specs[agent] for agent in seating]
        run_seed = game_seed(seed, index)
        played = run_games(
            name,
            options,
            seat_specs,
            games_per_seating,
            run_seed,
            workers,
            backend=backend,
            address=address,
        )
        for record in played:
            _tally(result, seating, record)
            if on_record is not None:
                on_record(record)
    return result


def win_shares(record: GameRecord) -> list[float]:
    """One point per game, split equally among its winners.

    The winners are the seats with the winning seat's score (a team game such as
    futebol 2v2 gives every seat of a side the side's goals), or, when the game
    names no winner, every seat tied for the top score. A two-seat draw is 1/2
    each as usual; a five-seat game where all tie is 1/5 each, which is what a seat
    expects by chance: a tie shared by the whole table is nobody's win. When the
    game names a winner, its returns say who shares the win (the winning side's
    seats) whatever the scores: a futebol side that wins at 0-0 because the other
    got four red cards wins alone.
    """
    # The seats with the winner's value (its returns when the record has them, else its
    # score), or with the top score when the game names no winner.
    values = record.returns if record.winner is not None and record.returns else record.scores
    top = values[record.winner] if record.winner is not None else max(values)
    winners = [seat for seat, value in enumerate(values) if value == top]
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(values))]


def _tally(result: ArenaResult, seating: tuple[int, ...], record: GameRecord) -> None:
    if record.unfinished:
        result.unfinished += 1
        return
    shares = win_shares(record)
    for seat, agent in enumerate(seating):
        result.games[agent] += 1
        result.points[agent] += shares[seat]
    for seat_a, seat_b in itertools.permutations(range(len(seating)), 2):
        a, b = seating[seat_a], seating[seat_b]
        if a == b:
            continue
        if shares[seat_a] > shares[seat_b]:
            result.pairwise[a][b] += 1.0
        elif shares[seat_a] == shares[seat_b] > 0:  # tied winners; two losers: no game
            result.pairwise[a][b] += 0.5
