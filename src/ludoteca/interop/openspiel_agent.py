"""OpenSpiel's MCTS as a ludoteca agent, `openspiel-mcts` (issue 21), so that OpenSpiel's
bots and ludoteca's meet in one arena:

    ludoteca arena toinc --agents "openspiel-mcts:simulations=400,ismcts" --games 20

OpenSpiel's `MCTSBot` searches the state it is given. Given the true state it would see
the other seats' cards and the dice to come, so each decision searches `worlds` worlds
sampled from what the seat knows (`SeatView.sample_world`: hidden cards and future
chance drawn afresh), `simulations / worlds` simulations each, and plays the action
with the most visits over all of them (determinized MCTS).

Parameters: `simulations` (400), `worlds` (4), `c` (UCT exploration, 2), `depth` (random
actions a rollout plays before the leaf is scored by score margin, as `ismcts` does, 20;
0 plays every rollout to the end with OpenSpiel's `RandomRolloutEvaluator`), `leaf`
(`score`; `heuristic`: the game's policy in the rollout, its evaluation at the leaf).
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from typing import Any

import numpy as np

from ludoteca.agents import Agent, SeatView, check_params, choice_param, number_param
from ludoteca.agents.knowledge import score_evaluator
from ludoteca.core import Game, OptionError, State
from ludoteca.core.extras import missing
from ludoteca.core.i18n import _

try:
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError as error:
    raise missing(error, _("The agent 'openspiel-mcts'")) from None

from ludoteca.interop.openspiel import SpielGame, SpielState  # after: it needs the extra too

PARAMS = ("c", "depth", "leaf", "simulations", "worlds")
IS_PARAMS = ("c", "depth", "leaf", "seconds", "simulations")


def value_function(state: SpielState, seat: int = 0) -> float:
    """A value in [-1, 1] for `seat` at a leaf of OpenSpiel's depth-limited searches, the
    game's own evaluation where it has one (`GameKnowledge.evaluate`), else its score
    margin; the return at the end. OpenSpiel's `minimax.alpha_beta_search` needs one
    below a game's `max_game_length`:

        alpha_beta_search(game, maximum_depth=4, value_function=value_function)
    """
    return world_value(state.world, seat)


def world_value(world: State, seat: int) -> float:
    """`value_function` of a ludoteca state."""
    knowledge = world.game.knowledge()
    if world.is_terminal or knowledge is None or knowledge.evaluate is None:
        return score_evaluator(world, seat)
    return knowledge.evaluate(world, seat)


class ShortRollout(mcts.Evaluator):  # type: ignore[misc]
    """`depth` random actions on the ludoteca state, then each seat's score margin (its
    return once the game is over); a uniform prior. With `leaf="heuristic"` the rollout
    plays the game's heuristic policy and the leaf is the game's evaluation
    (`value_function`), the knowledge ludoteca's `ismcts` reads with
    `rollout=heuristic,eval=heuristic`: the same leaves, for comparing the searches."""

    def __init__(self, depth: int, rng: random.Random, leaf: str = "score") -> None:
        self.depth, self.rng, self.leaf = depth, rng, leaf

    def evaluate(self, state: SpielState) -> np.ndarray[Any, np.dtype[np.float64]]:
        """Each seat's value of the position after a short rollout."""
        world = state.world.clone()
        world.quiet = True  # a rollout's log is read by no one
        knowledge = world.game.knowledge() if self.leaf == "heuristic" else None
        for _step in range(self.depth):
            if world.is_terminal:
                break
            if knowledge is not None:
                world.apply(knowledge.policy(world, self.rng))
                continue
            actions = world.legal_actions()
            world.apply(actions[self.rng.randrange(len(actions))])
        value = world_value if self.leaf == "heuristic" else score_evaluator
        return np.array([value(world, seat) for seat in range(world.game.num_seats)])

    def prior(self, state: SpielState) -> list[tuple[int, float]]:
        """Every legal action alike."""
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


class OpenSpielMCTS:
    """OpenSpiel's MCTSBot over worlds sampled from the seat's view."""

    name = "openspiel-mcts"

    def __init__(
        self,
        seed: int,
        simulations: int = 400,
        worlds: int = 4,
        c: float = 2.0,
        depth: int = 20,
        leaf: str = "score",
    ) -> None:
        self.rng = random.Random(seed)
        self.simulations, self.worlds, self.c, self.depth = simulations, worlds, c, depth
        self.leaf = leaf
        self._games: dict[int, SpielGame] = {}

    def _spiel(self, game: Game) -> SpielGame:
        spiel = self._games.get(id(game))
        if spiel is None or spiel.game is not game:
            spiel = self._games[id(game)] = SpielGame(game)
        return spiel

    def act(self, view: SeatView) -> str:
        """The action with the most visits over the sampled worlds' searches."""
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        visits: Counter[int] = Counter()
        game: Game | None = None
        each = max(1, math.ceil(self.simulations / self.worlds))
        for _world in range(self.worlds):
            world = view.sample_world(self.rng)
            game = world.game
            spiel = self._spiel(game)
            numbers = np.random.RandomState(self.rng.getrandbits(32))
            evaluator: mcts.Evaluator = (
                ShortRollout(self.depth, self.rng, self.leaf)
                if self.depth
                else mcts.RandomRolloutEvaluator(1, numbers)
            )
            bot = mcts.MCTSBot(spiel, self.c, each, evaluator, random_state=numbers, solve=False)
            root = bot.mcts_search(spiel.state_of(world))
            for child in root.children:
                visits[child.action] += child.explore_count
        assert game is not None
        space = game.action_space
        legal = {space.id_of(action) for action in view.legal_actions}
        best = max(sorted(legal), key=lambda action: visits[action])
        return space.action_of(best)


def agent(seed: int, params: dict[str, str]) -> Agent:
    """The `openspiel-mcts` agent from its spec's parameters (the `ludoteca.agents`
    entry point)."""
    check_params("openspiel-mcts", params, PARAMS)
    simulations = number_param(params, "simulations", int, 400) or 0
    worlds = number_param(params, "worlds", int, 4) or 0
    if simulations == 0 or worlds == 0:
        raise OptionError(_("agent 'openspiel-mcts' needs simulations and worlds above 0"))
    return OpenSpielMCTS(
        seed,
        simulations=simulations,
        worlds=worlds,
        c=number_param(params, "c", float, 2.0) or 0.0,
        depth=number_param(params, "depth", int, 20) or 0,
        leaf=choice_param(params, "leaf", ("score", "heuristic")),
    )


class OpenSpielISMCTS:
    """OpenSpiel's own `ISMCTSBot`, searching from a world sampled from the seat's view
    (the bot resamples every simulation's world from it with `resample_from_infostate`,
    so it never sees what the seat cannot). With `seconds` it runs as many simulations a
    move as its measured rate fits in that time (OpenSpiel's bot counts simulations, not
    time): for matches at equal time a move."""

    name = "openspiel-ismcts"

    def __init__(
        self,
        seed: int,
        simulations: int = 400,
        seconds: float | None = None,
        c: float = 2.0,
        depth: int = 20,
        leaf: str = "score",
    ) -> None:
        self.rng = random.Random(seed)
        self.numbers = np.random.RandomState(self.rng.getrandbits(32))
        self.simulations, self.seconds, self.c, self.depth = simulations, seconds, c, depth
        self.leaf = leaf
        self.rate: float | None = None  # simulations a second, as last measured
        self.last_simulations = 0
        self._games: dict[int, SpielGame] = {}

    def act(self, view: SeatView) -> str:
        """The most visited action of one ISMCTS search."""
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        world = view.sample_world(self.rng)
        spiel = self._games.get(id(world.game))
        if spiel is None or spiel.game is not world.game:
            spiel = self._games[id(world.game)] = SpielGame(world.game)
        count = self.simulations
        if self.seconds is not None:
            count = 16 if self.rate is None else max(2, int(self.rate * self.seconds))
        bot = ismcts.ISMCTSBot(
            spiel,
            ShortRollout(self.depth, self.rng, self.leaf),
            self.c,
            count,
            random_state=self.numbers,
        )
        # Its default resampler draws from a generator of its own, seeded by the clock.
        bot.set_resampler(lambda state, seat: state.resample_from_infostate(seat, self.rng.random))
        start = time.perf_counter()
        action = bot.step(spiel.state_of(world))
        spent = time.perf_counter() - start
        if spent > 0:
            measured = count / spent
            self.rate = measured if self.rate is None else (self.rate + measured) / 2
        self.last_simulations = count
        return world.game.action_space.action_of(action)


def is_agent(seed: int, params: dict[str, str]) -> Agent:
    """The `openspiel-ismcts` agent from its spec's parameters (the `ludoteca.agents`
    entry point): `simulations` (400) a move, or `seconds` a move; `c` (2); `depth` (20);
    `leaf` (`score`, or `heuristic`: the game's policy in rollouts, its evaluation at
    the leaf)."""
    check_params("openspiel-ismcts", params, IS_PARAMS)
    simulations = number_param(params, "simulations", int, 400) or 0
    seconds = number_param(params, "seconds", float, None)
    if simulations == 0 or (seconds is not None and seconds <= 0):
        raise OptionError(_("agent 'openspiel-ismcts' needs simulations and seconds above 0"))
    return OpenSpielISMCTS(
        seed,
        simulations=simulations,
        seconds=seconds,
        c=number_param(params, "c", float, 2.0) or 0.0,
        depth=number_param(params, "depth", int, 20) or 0,
        leaf=choice_param(params, "leaf", ("score", "heuristic")),
    )
