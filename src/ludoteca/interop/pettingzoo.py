"""Every ludoteca game as a PettingZoo AEC environment (issue 21), as PettingZoo's own
classic games are: one agent per seat (`player_0`...), a `Discrete` action space of the
game's fixed action ids, and an observation `{"observation": the seat's tensor,
"action_mask": 1 for each legal id}` (all zeros when the seat is not to move).

    from ludoteca.interop.pettingzoo import env
    game = env("futebol", mode="goal-limit", goals=1)
    game.reset(seed=7)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        action = None if termination or truncation else policy(observation)
        game.step(action)

Rewards come at the end: each seat's `returns()` (a win 1, a loss -1 in two-seat
games). A game stopped by a limit of its options (no result) ends as a truncation. The
game's own randomness is seeded: `reset(seed=s)` plays game seed `s`; a reset without a
seed draws the next seed from the last one given, so a run is reproducible. Without a
`render_mode` the games keep no event log (`State.quiet`): only `render` reads it.

`world` is the ludoteca state; `state()` is PettingZoo's global view for centralised
training: every seat's observation tensor, flat, one after the other (`state_space`).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ludoteca import games
from ludoteca.core import Game, OptionValue, State
from ludoteca.core.extras import missing
from ludoteca.core.i18n import _
from ludoteca.interop.picture import picture

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as error:
    raise missing(error, _("The PettingZoo environments")) from None

from ludoteca.interop.tensors import checked_planar, observation_space, observe


class LudotecaEnv(AECEnv[str, dict[str, Any], int]):
    """A ludoteca game, configured by its options, as an AEC environment."""

    def __init__(
        self,
        game: str,
        render_mode: str | None = None,
        *,
        planar: bool = False,
        **options: OptionValue,
    ) -> None:
        super().__init__()
        kind = games.game_class(game)
        self.game: Game = kind(**{**kind.research_options(), **options})
        self.metadata = {
            "name": f"ludoteca_{game}_v0",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.num_seats)]
        size = self.game.num_distinct_actions
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self.planar = checked_planar(self.game, planar)
        space = observation_space(self.game, self.planar)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        low, high = self.game.observation_layout().bounds()
        seats = self.game.num_seats
        self.state_space = spaces.Box(np.tile(low, seats), np.tile(high, seats), dtype=np.float32)
        self._seeds = random.Random()
        self.world: State = self.game.new_game(0)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same for every agent: the seat's tensor and the action mask."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The game's fixed action ids."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: of `seed` if given, else of the next seed drawn from the last one."""
        if seed is not None:
            self._seeds.seed(seed)
        self.world = self.game.new_game(
            seed if seed is not None else self._seeds.randrange(2**31),
            quiet=self.render_mode is None,  # the log is only read by `render`
        )
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._to_move()

    def observe(self, agent: str) -> dict[str, Any]:
        """What `agent`'s seat knows, and its legal ids if it is to move."""
        return observe(self.world, self.possible_agents.index(agent), self.planar)

    def state(self) -> np.ndarray[Any, np.dtype[np.float32]]:
        """Every seat's observation tensor, flat, seat 0's first (`state_space`): what the
        seats know together, for a centralised critic."""
        seats = range(self.game.num_seats)
        return np.concatenate([self.world.observation_tensor(seat).ravel() for seat in seats])

    def step(self, action: int | None) -> None:
        """Play action id `action` for the agent to move (`None` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: an action id is needed, not None")
        self.world.apply_action_id(int(action))
        self._cumulative_rewards[agent] = 0.0
        if self.world.is_terminal:
            returns = self.world.returns()
            ended = self.truncations if self.world.unfinished else self.terminations
            for seat, name in enumerate(self.agents):
                self.rewards[name] = float(returns[seat])
                ended[name] = True
        self.agent_selection = self._to_move(agent)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The game's own text picture (`ansi`), as a spectator sees it."""
        if self.render_mode != "ansi":
            return None
        return picture(self.world, None)

    def close(self) -> None:
        """Nothing to release."""

    def _to_move(self, last: str | None = None) -> str:
        seat = self.world.current_player
        if seat is None:  # over: the agents leave in turn, from the next one
            start = 0 if last is None else (self.possible_agents.index(last) + 1)
            return self.possible_agents[start % len(self.possible_agents)]
        return self.possible_agents[seat]


def env(
    game: str, render_mode: str | None = None, *, planar: bool = False, **options: OptionValue
) -> LudotecaEnv:
    """The AEC environment of `game` with `options` (e.g. `env("toinc", length="short")`;
    `planar`: board planes and a vector, `interop.tensors`)."""
    return LudotecaEnv(game, render_mode, planar=planar, **options)
