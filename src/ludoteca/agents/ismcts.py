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

With `prior="heuristic"` the tree policy is PUCT (Silver et al. 2017) instead of
UCT: at every node the game's heuristic policy is asked for its choice in the
sampled world, and the share of samples in which it chose an action, mixed with
a uniform share `PRIOR_NOISE`, is that action's prior. The search then spends its
budget on the heuristic's move and the few alternatives whose values beat it,
instead of sampling each of 30-80 legal actions a handful of times; unvisited
actions are valued at the mean of their visited siblings (first-play urgency).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ludoteca.agents.base import SeatView, move_cap
from ludoteca.agents.knowledge import (
    AllEvaluator,
    knowledge,
    never_routine,
    random_policy,
    score_evaluator,
)
from ludoteca.core import State
from ludoteca.core.i18n import _
from ludoteca.core.seeds import below

Evaluator = Callable[[State, int], float]
RolloutPolicy = Callable[[State, random.Random], str]
random_rollout = random_policy
"""A uniformly random legal action (kept under its former name)."""
PRIOR_NOISE = 0.25
"""The uniform share of the PUCT prior: every legal action keeps some prior."""
SETTLED_EVERY = 16
"""Iterations between checks whether the root's choice is already settled."""


@dataclass
class Node:
    """Statistics of one action in the tree, from the point of view of its mover."""

    mover: int | None = None
    visits: int = 0
    total: float = 0.0
    available: int = 1
    hits: int = 0
    """How often the prior policy chose this action at its parent (PUCT only)."""
    queries: int = 0
    """How often the prior policy was asked at this node (PUCT only)."""
    children: dict[str, Node] = field(default_factory=dict)


class ISMCTSAgent:
    """ISMCTS with UCT, a budget in iterations or seconds, and bounded rollouts.

    `rollout` and `evaluation` are "random"/"score" (game-independent),
    "heuristic" (the game's module in `ludoteca.agents.knowledge`, falling back
    to random/score for a game without one), or a function. `prior` is "none"
    (UCT), "heuristic" or a policy function (PUCT with that policy's choices).
    With `prior="heuristic"`, decisions the game's knowledge calls routine are
    the policy's choice, unsearched. `reply` > 0 lets a rollout run up to that
    many actions past `depth` until another seat has acted and the searching seat
    is to move again (games where a seat makes many moves in a row, like a Touch
    down movement phase). `horizon="checkpoint"` runs each rollout on to the game's
    next checkpoint instead (at most `depth + reply` actions).
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
        prior: RolloutPolicy | str = "none",
        reply: int = 0,
        horizon: str = "depth",
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError(_("ISMCTS needs an iteration or a time budget"))
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.reply = reply
        self.horizon = horizon
        self.until: Callable[[State], bool] | None = None
        self._rollout_spec = rollout
        self._eval_spec = evaluation
        self._prior_spec = prior
        self.prior: RolloutPolicy | None = None
        self.rollout: RolloutPolicy = random_policy
        self.evaluate: Evaluator = score_evaluator
        self.evaluate_all: AllEvaluator | None = None
        self.routine: Callable[[State], bool] = never_routine
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
        self.evaluate_all = known.evaluate_all if ev == "heuristic" else None
        pr = self._prior_spec
        self.prior = pr if callable(pr) else known.policy if pr == "heuristic" else None
        self.routine = known.routine if pr == "heuristic" else never_routine
        self.until = known.checkpoint if self.horizon == "checkpoint" else None

    def act(self, view: SeatView) -> str:
        """The most visited root action after the search budget is spent (or once
        no other action can overtake it within the budget)."""
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        self._bind(str(view.observation["game"]))
        self._seat = view.seat
        if self.prior is not None and self.routine is not never_routine:
            world = view.sample_world(self.rng)
            if self.routine(world):
                choice = self.prior(world, self.rng)
                if choice in view.legal_actions:
                    self.last_iterations = 0
                    return choice
        root = Node()
        start = time.perf_counter()
        budget, cap = self.seconds, move_cap()
        if cap is not None:
            budget = cap if budget is None else min(budget, cap)
        deadline = None if budget is None else start + budget
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self._iterate(root, view.sample_world(self.rng))
            done += 1
            if done % SETTLED_EVERY == 0 and self._settled(root, done, start, deadline):
                break
        self.last_iterations = done
        legal = set(view.legal_actions)
        ranked = [(child.visits, action) for action, child in root.children.items()]
        ranked = [item for item in ranked if item[1] in legal]
        if not ranked:
            return view.legal_actions[0]
        return max(ranked)[1]

    def _settled(self, root: Node, done: int, start: float, deadline: float | None) -> bool:
        """True when the most visited root action can no longer be overtaken: its
        lead in visits exceeds the iterations left in the budget (for a time budget,
        those the rate so far would fit in the time left). Stopping then saves the
        rest of the budget without changing the choice ("smart pruning")."""
        left = math.inf
        if self.iterations is not None:
            left = float(self.iterations - done)
        if deadline is not None:
            now = time.perf_counter()
            rate = done / max(now - start, 1e-9)
            left = min(left, 2.0 * rate * max(deadline - now, 0.0))
        first = second = 0
        for child in root.children.values():
            if child.visits > first:
                first, second = child.visits, first
            elif child.visits > second:
                second = child.visits
        return first - second > left

    def _iterate(self, root: Node, world: State) -> None:
        path: list[Node] = [root]
        if self.prior is None:
            self._descend_uct(root, world, path)
        else:
            self._descend_puct(root, world, path, self.prior)
        # Rollout: `depth` actions, then on until the searching seat is to move again
        # (at most `depth` more), so that leaves are compared at the same parity;
        # with `reply`, on (at most `reply` more) until another seat has also acted.
        # Under PUCT the tree runs deep along the prior's line, so `depth` counts
        # from the root there (a fixed horizon) rather than from the leaf.
        rollout, rng, depth, seat = self.rollout, self.rng, self.rollout_depth, self._seat
        steps = 0 if self.prior is None else len(path) - 1
        if self.until is not None:  # on to the game's next checkpoint (at most depth + reply)
            until = self.until
            while not world.is_terminal and steps < depth + self.reply and not until(world):
                world.apply(rollout(world, rng))
                steps += 1
            self._backup(path, world)
            return
        if self.reply:
            replied = any(node.mover not in (None, seat) for node in path)
            while not world.is_terminal and steps < depth + self.reply:
                mover = world.current_player
                if steps >= depth and replied and mover == seat:
                    break
                replied = replied or mover != seat
                world.apply(rollout(world, rng))
                steps += 1
        while not world.is_terminal and (
            steps < depth or (steps < 2 * depth and world.current_player != seat)
        ):
            world.apply(rollout(world, rng))
            steps += 1
        self._backup(path, world)

    def _backup(self, path: list[Node], world: State) -> None:
        """Each node on `path` gets the leaf's value from its mover's point of view."""
        values: dict[int, float] = {}
        if self.evaluate_all is not None:
            values = dict(enumerate(self.evaluate_all(world)))
        for visited in path:
            visited.visits += 1
            if visited.mover is not None:
                if visited.mover not in values:
                    values[visited.mover] = self.evaluate(world, visited.mover)
                visited.total += values[visited.mover]

    def _descend_uct(self, node: Node, world: State, path: list[Node]) -> None:
        """UCT selection down the tree, then one expansion (the rollout policy's
        choice when it is untried, else a random untried action)."""
        while not world.is_terminal:
            actions = world.legal_actions()
            mover = world.current_player
            untried = [a for a in actions if a not in node.children]
            if untried:
                action = self.rollout(world, self.rng)
                if action in node.children:
                    action = untried[below(self.rng, len(untried))]
                child = node.children[action] = Node(mover=mover)
                world.apply(action)
                path.append(child)
                return
            for action in actions:
                node.children[action].available += 1
            action = self._select(node, actions)
            node = node.children[action]
            world.apply(action)
            path.append(node)

    def _select(self, node: Node, actions: list[str]) -> str:
        best_action, best_score = actions[0], -math.inf
        for action in actions:
            child = node.children[action]
            mean = child.total / child.visits
            bonus = self.exploration * math.sqrt(math.log(child.available) / child.visits)
            if mean + bonus > best_score:
                best_action, best_score = action, mean + bonus
        return best_action

    def _descend_puct(
        self, node: Node, world: State, path: list[Node], prior: RolloutPolicy
    ) -> None:
        """PUCT selection with the prior policy's choices, down to the first
        unvisited action (expanded, then the rollout starts from it)."""
        while not world.is_terminal:
            actions = world.legal_actions()
            mover = world.current_player
            children = node.children
            for action in actions:
                child = children.get(action)
                if child is None:
                    children[action] = Node(mover=mover, available=1)
                else:
                    child.available += 1
            if len(actions) == 1:
                action = actions[0]
            else:
                pick = prior(world, self.rng)
                if pick in children:
                    children[pick].hits += 1
                node.queries += 1
                action = self._select_puct(node, actions)
            node = children[action]
            world.apply(action)
            path.append(node)
            if node.visits == 0:
                return

    def _select_puct(self, node: Node, actions: list[str]) -> str:
        """argmax of Q + c·P·sqrt(availability)/(1 + visits); Q of an unvisited
        action is the visit-weighted mean of its visited siblings."""
        children = node.children
        seen = [children[a] for a in actions]
        visits = sum(child.visits for child in seen)
        fpu = sum(child.total for child in seen) / visits if visits else 0.0
        uniform = PRIOR_NOISE / len(actions)
        share = (1.0 - PRIOR_NOISE) / node.queries
        c = self.exploration
        best_action, best_score = actions[0], -math.inf
        for action, child in zip(actions, seen, strict=True):
            p = uniform + share * child.hits
            n = child.visits
            q = child.total / n if n else fpu
            score = q + c * p * math.sqrt(child.available) / (1 + n)
            if score > best_score:
                best_action, best_score = action, score
        return best_action
