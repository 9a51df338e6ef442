"""Per-game knowledge for the `heuristic` agent and for ISMCTS rollouts and leaves.

A game gives its knowledge through `Game.knowledge()` (a `GameKnowledge` from
`ludoteca.core`, kept in the game's own `ai/` package): a `policy(world, rng)`
(a good legal action for the seat to act in a full, determinized state) and,
optionally, `evaluate(state, seat)` (a value in [-1, 1] for ISMCTS leaves),
`routine(world)` (True where ISMCTS with the heuristic prior plays the policy's
choice without searching), `checkpoint(world)` (True at natural points to value a
position, where `horizon=checkpoint` rollouts stop) and `evaluate_all(state)`
(every seat's `evaluate` at once). The agents use it without knowing the game. A
game without knowledge falls back to the uniformly random policy and the
score-margin evaluation, so every registered game can be played by every agent.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from ludoteca import games
from ludoteca.core import GameKnowledge, OptionError, State
from ludoteca.core.seeds import below

Policy = Callable[[State, random.Random], str]
Evaluator = Callable[[State, int], float]
Routine = Callable[[State], bool]
AllEvaluator = Callable[[State], list[float]]


def random_policy(world: State, rng: random.Random) -> str:
    """A uniformly random legal action."""
    actions = world.legal_actions()
    return actions[below(rng, len(actions))]


def score_evaluator(state: State, seat: int) -> float:
    """Value in [-1, 1] for `seat`: the true return at the end, else the score margin."""
    if state.is_terminal:
        return state.returns()[seat]
    scores = state.scores
    best_other = max(s for i, s in enumerate(scores) if i != seat)
    return math.tanh((scores[seat] - best_other) / 7.0)


def never_routine(world: State) -> bool:
    """Every decision is searched."""
    return False


def always_checkpoint(world: State) -> bool:
    """Every position is a checkpoint: rollouts stop at once."""
    return True


@dataclass(frozen=True)
class Knowledge:
    """A game's policy, leaf evaluation and routine decisions; `known` is False for
    the random fallback."""

    game: str
    policy: Policy
    evaluate: Evaluator
    known: bool
    routine: Routine = never_routine
    checkpoint: Routine = always_checkpoint
    evaluate_all: AllEvaluator | None = None


def game_knowledge(game: str) -> GameKnowledge | None:
    """What registered game `game` tells computer players (None: unknown game, or it
    gives no advice)."""
    try:
        return games.game_class(game).knowledge()
    except OptionError:
        return None


def games_with_heuristics() -> list[str]:
    """The registered games that give computer players a policy."""
    return [name for name in games.names() if game_knowledge(name) is not None]


def knowledge(game: str) -> Knowledge:
    """The heuristics of `game` (random policy and score margin if it has none)."""
    given = game_knowledge(game)
    if given is None:
        return Knowledge(game, random_policy, score_evaluator, known=False)
    return Knowledge(
        game,
        given.policy,
        given.evaluate or score_evaluator,
        True,
        given.routine or never_routine,
        given.checkpoint or always_checkpoint,
        given.evaluate_all,
    )
