"""Per-game knowledge for the `heuristic` agent and for ISMCTS rollouts and leaves.

Each game with a heuristic has one small module here defining
`policy(world, rng) -> action` (a good legal action for the seat to act in a
full, determinized state) and `evaluate(state, seat) -> float` (a value in
[-1, 1] for ISMCTS leaves), and optionally `routine(world) -> bool` (True where
the evaluation cannot tell the options apart, so ISMCTS with the heuristic prior
plays the policy's choice without searching), `checkpoint(world) -> bool` (True at
natural points to value a position, where `horizon=checkpoint` rollouts stop) and
`evaluate_all(state) -> list[float]` (every seat's `evaluate` at once, where that is
cheaper than one seat at a time). A game
without a module falls back
to the uniformly random policy and the score-margin evaluation, so every registered game can be
played by every agent; adding a game's knowledge is one module and one line in
`_MODULES`.
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from ludoteca.core import State

Policy = Callable[[State, random.Random], str]
Evaluator = Callable[[State, int], float]
Routine = Callable[[State], bool]
AllEvaluator = Callable[[State], list[float]]

_MODULES: dict[str, str] = {
    "futebol": "ludoteca.agents.heuristics.futebol",
    "toinc": "ludoteca.agents.heuristics.toinc",
    "touchdown": "ludoteca.agents.heuristics.touchdown",
    "toxicity": "ludoteca.agents.heuristics.toxicity",
}


def random_policy(world: State, rng: random.Random) -> str:
    """A uniformly random legal action."""
    actions = world.legal_actions()
    return actions[rng.randrange(len(actions))]


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


def games_with_heuristics() -> list[str]:
    """The games that have their own heuristic module."""
    return sorted(_MODULES)


def knowledge(game: str) -> Knowledge:
    """The heuristics of `game` (random policy and score margin if it has none)."""
    if game not in _MODULES:
        return Knowledge(game, random_policy, score_evaluator, known=False)
    module = importlib.import_module(_MODULES[game])
    evaluate: Evaluator = getattr(module, "evaluate", score_evaluator)
    routine: Routine = getattr(module, "routine", never_routine)
    checkpoint: Routine = getattr(module, "checkpoint", always_checkpoint)
    evaluate_all: AllEvaluator | None = getattr(module, "evaluate_all", None)
    return Knowledge(game, module.policy, evaluate, True, routine, checkpoint, evaluate_all)
