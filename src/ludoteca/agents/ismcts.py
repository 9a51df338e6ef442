"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration samples a world consistent with the seat's view (`determinize`),
descends a tree of action strings by UCT among the actions legal in that world
(counting availability), expands one untried action, plays a rollout, and
backs the result up from each mover's point of view.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ludoteca.agents.base import SeatView
from ludoteca.core import State

Evaluator = Callable[[State, int], float]
RolloutPolicy = Callable[[State, random.Random], str]


def random_rollout(state: State, rng: random.Random) -> str:
    """A uniformly random legal action."""
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


def score_evaluator(state: State, seat: int) -> float:
    """Value in [-1, 1] for `seat`: the true return at the end, else the score margin."""
    if state.is_terminal:
        return state.returns()[seat]
    scores = state.scores
    mine = scores[seat]
    best_other = max(s for i, s in enumerate(scores) if i != seat)
    return math.tanh((mine - best_other) / 7.0)


@dataclass
class Node:
    """Statistics of one action in the tree, from the point of view of its mover."""

    mover: int | None = None
    visits: int = 0
    total: float = 0.0
    available: int = 1
    children: dict[str, Node] = field(default_factory=dict)


class ISMCTSAgent:
    """ISMCTS with UCT, a budget in iterations or seconds, and bounded rollouts."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout_depth: int = 200,
        rollout: RolloutPolicy = random_rollout,
        evaluate: Evaluator = score_evaluator,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("ISMCTS needs an iteration or a time budget")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.rollout = rollout
        self.evaluate = evaluate
        self.last_iterations = 0

    def act(self, view: SeatView) -> str:
        """The most visited root action after the search budget is spent."""
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
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
        # Rollout.
        depth = 0
        while not world.is_terminal and depth < self.rollout_depth:
            world.apply(self.rollout(world, self.rng))
            depth += 1
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
