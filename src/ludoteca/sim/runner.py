"""Matches between agents and simple simulations over many seeds."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ludoteca.agents import Agent, SeatView, make_agent
from ludoteca.core import Game, IllegalAction, Replay
from ludoteca.sim.playout import DEFAULT_MAX_STEPS, GameTooLong


@dataclass(frozen=True)
class MatchResult:
    """One finished game between agents."""

    seed: int
    agents: tuple[str, ...]
    scores: tuple[float, ...]
    winner: int | None
    steps: int
    replay: Replay


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game `index` of a run: independent of how games are spread."""
    digest = hashlib.blake2b(f"{run_seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def play_match(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> MatchResult:
    """Play one game; agent `i` sits in seat `i`. An illegal choice is an error."""
    if len(agents) != game.num_seats:
        raise IllegalAction(f"{game.info.name} needs {game.num_seats} agents, got {len(agents)}")
    state = game.new_game(seed)
    steps = 0
    while not state.is_terminal:
        if steps >= max_steps:
            raise GameTooLong(f"{game.info.name} did not end within {max_steps} actions")
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(SeatView(state, seat)))
        steps += 1
    return MatchResult(
        seed=seed,
        agents=tuple(agent.name for agent in agents),
        scores=state.scores,
        winner=state.winner,
        steps=steps,
        replay=game.record(state),
    )


@dataclass
class Summary:
    """Totals of a simulation run, per seat."""

    game: str
    agents: tuple[str, ...]
    games: int = 0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    score_totals: list[float] = field(default_factory=list)
    steps_total: int = 0

    def add(self, result: MatchResult) -> None:
        """Count one finished game."""
        if not self.wins:
            self.wins = [0] * len(result.scores)
            self.score_totals = [0.0] * len(result.scores)
        self.games += 1
        self.steps_total += result.steps
        if result.winner is None:
            self.draws += 1
        else:
            self.wins[result.winner] += 1
        for seat, score in enumerate(result.scores):
            self.score_totals[seat] += score

    def to_json(self) -> dict[str, object]:
        """Win rates, mean scores and mean actions per game."""
        n = max(self.games, 1)
        return {
            "game": self.game,
            "games": self.games,
            "seats": [
                {
                    "seat": seat,
                    "agent": self.agents[seat],
                    "wins": self.wins[seat] if self.wins else 0,
                    "win_rate": (self.wins[seat] / n) if self.wins else 0.0,
                    "mean_score": (self.score_totals[seat] / n) if self.score_totals else 0.0,
                }
                for seat in range(len(self.agents))
            ],
            "draws": self.draws,
            "draw_rate": self.draws / n,
            "mean_actions_per_game": self.steps_total / n,
        }


def simulate(
    game: Game,
    agent_specs: Sequence[str],
    n: int,
    seed: int,
    on_result: Callable[[MatchResult], None] | None = None,
) -> Summary:
    """Play `n` games with agents named by `agent_specs`, seat i = spec i."""
    if len(agent_specs) != game.num_seats:
        raise IllegalAction(
            f"{game.info.name} needs {game.num_seats} agents, got {len(agent_specs)}"
        )
    summary = Summary(game=game.info.name, agents=tuple(agent_specs))
    for index in range(n):
        seed_i = game_seed(seed, index)
        agents = [make_agent(spec, seed_i + seat) for seat, spec in enumerate(agent_specs)]
        result = play_match(game, agents, seed_i)
        summary.add(result)
        if on_result is not None:
            on_result(result)
    return summary
