"""Self-play in batches: `n` games of one configured game stepped together (issue 41).

    from ludoteca import games
    from ludoteca.interop.batch import SelfPlay
    batch = SelfPlay(games.load("toinc"), n=64, seed=1)
    while training:
        seats, observations, masks = batch.seats, batch.observations, batch.masks
        batch.step(policy(observations, masks))      # one action id for each game
        batch.returns[batch.done]                    # each finished game's returns

Every game has one seat to move (`seats`): `observations[i]` is that seat's tensor in game
`i`, `masks[i]` its legal ids, both written in place into arrays of shape `(n, ...)`.
`step` applies one id a game. A game that ends is started again at once with the next
seed (`done[i]` is then True and `returns[i]` holds the ended game's returns, `seeds[i]`
the new game's seed), so every row always shows a decision. The games keep no event log
(`State.quiet`). Game `i` plays seeds `seed + i`, `seed + i + n`, `seed + i + 2n`...: a
run is reproducible, and its games are the native API's (`game.new_game(seeds[i])`).

For one seat against computer players, Gymnasium's own vector API works on the
registered environments: `gymnasium.make_vec("ludoteca/Toinc-v0", num_envs=8)`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca.core import Game, IllegalAction, State
from ludoteca.core.i18n import _


class SelfPlay:
    """`n` games of `game`, each at a decision of its seat to move."""

    def __init__(self, game: Game, n: int, seed: int = 0) -> None:
        if n < 1:
            raise ValueError(f"a batch needs at least one game (got {n})")
        self.game, self.n = game, n
        self.seeds = np.arange(seed, seed + n, dtype=np.int64)
        shape = game.observation_shape()
        self.observations: npt.NDArray[np.float32] = np.zeros((n, *shape), np.float32)
        self.masks: npt.NDArray[np.int8] = np.zeros((n, game.num_distinct_actions), np.int8)
        self.seats: npt.NDArray[np.int64] = np.zeros(n, np.int64)
        self.returns: npt.NDArray[np.float32] = np.zeros((n, game.num_seats), np.float32)
        self.done: npt.NDArray[np.bool_] = np.zeros(n, np.bool_)
        self.states: list[State] = [self._start(i) for i in range(n)]
        for i in range(n):
            self._show(i)

    def _start(self, i: int) -> State:
        """Game `i` at the seed `seeds[i]`, played to its first decision."""
        return self.game.new_game(int(self.seeds[i]), quiet=True)

    def _show(self, i: int) -> None:
        """Write game `i`'s seat to move, its tensor and its mask."""
        state = self.states[i]
        seat = state.current_player
        assert seat is not None, "a game in the batch is over"
        self.seats[i] = seat
        self.observations[i] = state.observation_tensor(seat)
        self.masks[i] = 0
        self.masks[i, state.legal_action_ids()] = 1

    def step(self, actions: npt.ArrayLike) -> None:
        """Apply `actions[i]` in game `i` for its seat to move; games that end are started
        again (`done`, `returns`). An id not legal in its game changes nothing and raises
        `IllegalAction` naming the game."""
        ids: npt.NDArray[Any] = np.asarray(actions).reshape(-1)
        if ids.shape != (self.n,):
            raise ValueError(f"one action a game: {self.n} expected, {ids.shape[0]} given")
        for i, action in enumerate(ids.tolist()):
            if not 0 <= action < self.masks.shape[1] or not self.masks[i, action]:
                raise IllegalAction(
                    _("game {index}: action id {action} is not legal now", index=i, action=action)
                )
        self.done[:] = False
        for i, action in enumerate(ids.tolist()):
            state = self.states[i]
            state.apply_action_id(action)
            if state.is_terminal:
                self.returns[i] = state.returns()
                self.done[i] = True
                self.seeds[i] += self.n
                self.states[i] = self._start(i)
            self._show(i)
