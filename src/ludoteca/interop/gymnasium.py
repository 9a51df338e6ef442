"""One seat of a ludoteca game as a Gymnasium environment, the other seats played by
ludoteca's computer players (issue 21): for single-agent learners.

    from ludoteca.interop.gymnasium import SeatEnv
    game = SeatEnv("kalah", seat=0, opponents="heuristic")
    observation, info = game.reset(seed=1)
    observation, reward, terminated, truncated, info = game.step(action_id)

Every installed game is registered with Gymnasium as `ludoteca/<Name>-v0` when this module
is imported, so `gymnasium.make("ludoteca.interop.gymnasium:ludoteca/Toinc-v0",
opponents="heuristic")` works without importing it first (`env_id` lists them).

The observation is the PettingZoo one (`{"observation", "action_mask"}`, the tensor flat
or, with `planar=True`, as board planes and a vector: `interop.tensors`); the reward
comes at the end, the seat's `returns()`; a game stopped by a limit is truncated. An id
that is not legal now ends the episode with the game's worst return (`utility_range`:
-1 in two-seat games, -0.25 in five-seat Toxicity 101; `info["illegal"]`), as
PettingZoo's `TerminateIllegalWrapper` does: a learner that ignores the mask learns it,
and no legal play scores worse. `world` is the ludoteca state. Without a `render_mode`
the game keeps no event log (`State.quiet`).
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca import games
from ludoteca.agents import Agent, SeatView, make_agent
from ludoteca.core import Game, OptionError, OptionValue, State
from ludoteca.core.extras import missing
from ludoteca.core.i18n import _
from ludoteca.interop.picture import picture

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as error:
    raise missing(error, _("The Gymnasium environments")) from None

from ludoteca.interop.tensors import checked_planar, observation_space, observe


class SeatEnv(gymnasium.Env[dict[str, Any], Any]):
    """Seat `seat` of `game` against `opponents` (one agent spec for every other seat)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's own convention)

    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponents: str = "random",
        render_mode: str | None = None,
        *,
        planar: bool = False,
        **options: OptionValue,
    ) -> None:
        kind = games.game_class(game)
        self.game: Game = kind(**{**kind.research_options(), **options})
        if not 0 <= seat < self.game.num_seats:
            last = self.game.num_seats - 1
            raise OptionError(
                _("--seat {seat}: this game has seats 0-{last}", seat=str(seat), last=last)
            )
        self.seat, self.opponents, self.render_mode = seat, opponents, render_mode
        size = self.game.num_distinct_actions
        self.action_space = spaces.Discrete(size)
        self.planar = checked_planar(self.game, planar)
        self.observation_space = observation_space(self.game, self.planar)
        self._seeds = random.Random()
        self.world: State = self.game.new_game(0)
        self._agents: dict[int, Agent] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game (of `seed` if given) played by the opponents up to the seat's turn."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds.seed(seed)
        game_seed = seed if seed is not None else self._seeds.randrange(2**31)
        self.world = self.game.new_game(game_seed, quiet=self.render_mode is None)
        self._agents = {
            other: make_agent(self.opponents, game_seed + other)
            for other in range(self.game.num_seats)
            if other != self.seat
        }
        self._others_play()
        return self._observe(), {}

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play action id `action` for the seat, then the others up to its next turn."""
        if int(action) not in self.world.legal_action_ids():
            worst = self.game.utility_range()[0]
            return self._observe(), worst, True, False, {"illegal": int(action)}
        self.world.apply_action_id(int(action))
        self._others_play()
        reward = 0.0
        if self.world.is_terminal:
            reward = float(self.world.returns()[self.seat])
        over = self.world.is_terminal
        return (
            self._observe(),
            reward,
            over and not self.world.unfinished,
            over and self.world.unfinished,
            {},
        )

    def render(self) -> str | None:
        """The game's own text picture, as the seat sees it (`ansi`)."""
        if self.render_mode != "ansi":
            return None
        return picture(self.world, self.seat)

    def _others_play(self) -> None:
        while not self.world.is_terminal and self.world.current_player != self.seat:
            mover = self.world.current_player
            assert mover is not None
            self.world.apply(self._agents[mover].act(SeatView(self.world, mover)))

    def _observe(self) -> dict[str, Any]:
        return observe(self.world, self.seat, self.planar)


def env_id(game: str) -> str:
    """The Gymnasium id of `game`: `ludoteca/Toinc-v0`."""
    return f"ludoteca/{game.capitalize()}-v0"


def register_all() -> list[str]:
    """Register every installed game with Gymnasium (`env_id`); returns the ids. Harmless
    to repeat."""
    ids = []
    for name in games.playable():
        ident = env_id(name)
        if ident not in gymnasium.registry:
            gymnasium.register(ident, entry_point=f"{__name__}:SeatEnv", kwargs={"game": name})
        ids.append(ident)
    return ids


register_all()
