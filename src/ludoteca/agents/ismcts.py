"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration samples a world consistent with the seat's view (`determinize`),
descends a tree of action strings by UCT among the actions legal in that world
(counting availability), expands one untried action (the rollout
policy's choice first: with heuristic rollouts, a prior), plays at most `depth`
rollout actions (random, or the game's heuristic policy), evaluates the leaf
(score margin, or the game's heuristic evaluation; the true result when the game
is over) and backs the value up from each mover's point of view.

Depth-limited rollouts keep iterations cheap in long games (a Toinc game is about
2,000 actions); the evaluation stands in for the rest of the game.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ludoteca.agents.base import SeatView
from ludoteca.agents.heuristics import knowledge, random_policy, score_evaluator
from ludoteca.core import State

Evaluator = Callable[[State, int], float]
RolloutPolicy = Callable[[State, random.Random], str]
random_rollout = random_policy
"""A uniformly random legal action (kept under its former name)."""


@dataclass
class Node:
    """Statistics of one action in the tree, from the point of view of its mover."""

    mover: int | None = None
    visits: int = 0
    total: float = 0.0
    available: int = 1
    children: dict[str, Node] = field(default_factory=dict)


class ISMCTSAgent:
    """ISMCTS with UCT, a budget in iterations or seconds, and bounded rollouts.

    `rollout` and `evaluation` are "random"/"score" (game-independent),
    "heuristic" (the game's module in `ludoteca.agents.heuristics`, falling back
    to random/score for a game without one), or a function.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout_depth: int = 20,
        rollout: RolloutPolicy | str = "random",
        evaluation: Evaluator | str = "score",
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("ISMCTS needs an iteration or a time budget")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self._rollout_spec = rollout
        self._eval_spec = evaluation
        self.rollout: RolloutPolicy = random_policy
        self.evaluate: Evaluator = score_evaluator
        self.last_iterations = 0
        self._seat = 0

    def _bind(self, game: str) -> None:
        """Resolve "heuristic"/"random"/"score" hooks for `game`."""
        known = knowledge(game)
        spec = self._rollout_spec
        self.rollout = (
            spec if callable(spec) else known.policy if spec == "heuristic" else random_policy
        )
        ev = self._eval_spec
        self.evaluate = (
            ev if callable(ev) else known.evaluate if ev == "heuristic" else score_evaluator
        )

    def act(self, view: SeatView) -> str:
        """The most visited root action after the search budget is spent."""
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        self._bind(str(view.observation["game"]))
        self._seat = view.seat
        root = Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self._iterate(root, view.sample_world(self.rng))
            done += 1
        self.last_iterations = done
        legal = set(view.legal_actions)
        ranked = [(child.visits, action) for action, child in root.children.items()]
        ranked = [item for item in ranked if item[1] in legal]
        if not ranked:
            return view.legal_actions[0]
        return max(ranked)[1]

    def _iterate(self, root: Node, world: State) -> None:
        path: list[Node] = [root]
        node = root
        # Selection and expansion.
        while not world.is_terminal:
            actions = world.legal_actions()
            mover = world.current_player
            untried = [a for a in actions if a not in node.children]
            if untried:
                # The rollout policy's choice is expanded first (a heuristic prior).
                action = self.rollout(world, self.rng)
                if action in node.children:
                    action = untried[self.rng.randrange(len(untried))]
                child = node.children[action] = Node(mover=mover)
                world.apply(action)
                path.append(child)
                break
            for action in actions:
                node.children[action].available += 1
            action = self._select(node, actions)
            node = node.children[action]
            world.apply(action)
            path.append(node)
        # Rollout: `depth` actions, then on until the searching seat is to move again
        # (at most `depth` more), so that leaves are compared at the same parity.
        rollout, rng, depth, seat = self.rollout, self.rng, self.rollout_depth, self._seat
        steps = 0
        while not world.is_terminal and (
            steps < depth or (steps < 2 * depth and world.current_player != seat)
        ):
            world.apply(rollout(world, rng))
            steps += 1
        # Backpropagation.
        values: dict[int, float] = {}
        for visited in path:
            visited.visits += 1
            if visited.mover is not None:
                if visited.mover not in values:
                    values[visited.mover] = self.evaluate(world, visited.mover)
                visited.total += values[visited.mover]

    def _select(self, node: Node, actions: list[str]) -> str:
        best_action, best_score = actions[0], -math.inf
        for action in actions:
            child = node.children[action]
            mean = child.total / child.visits
            bonus = self.exploration * math.sqrt(math.log(child.available) / child.visits)
            if mean + bonus > best_score:
                best_action, best_score = action, mean + bonus
        return best_action
