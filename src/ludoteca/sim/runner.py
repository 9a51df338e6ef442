"""Matches between agents, and the seeds of the games of a run."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ludoteca.agents import Agent, SeatView
from ludoteca.core import Game, IllegalAction, Replay
from ludoteca.core.i18n import _
from ludoteca.sim.playout import GameTooLong


@dataclass(frozen=True)
class MatchResult:
    """One finished game between agents."""

    seed: int
    agents: tuple[str, ...]
    scores: tuple[float, ...]
    winner: int | None
    steps: int
    replay: Replay
    statistics: dict[str, float] = field(default_factory=dict)
    unfinished: bool = False
    """Stopped by a limit in the options (e.g. futebol's `turn_limit`): no result."""
    returns: tuple[float, ...] = ()
    """The game's own utilities: who it says won (a side's seats, a win by disqualification)."""


def play_match(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    max_steps: int | None = None,
    *,
    quiet: bool = True,
) -> MatchResult:
    """Play one game; agent `i` sits in seat `i`. An illegal choice is an error, and so
    is a game longer than `max_steps` (by default the game's `max_game_length`). The
    game keeps no event log (`State.quiet`: no rule reads it, and nobody reads a
    simulated game's) unless `quiet` is False; the result is the same either way."""
    if len(agents) != game.num_seats:
        raise IllegalAction(
            _(
                "{name} needs {num_seats} agents, got {n_agents}",
                name=game.info.name,
                num_seats=game.num_seats,
                n_agents=len(agents),
            )
        )
    if max_steps is None:
        max_steps = game.max_game_length()
    state = game.new_game(seed, quiet=quiet)
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
        statistics=state.statistics(),
        unfinished=state.unfinished,
        returns=state.returns(),
    )
