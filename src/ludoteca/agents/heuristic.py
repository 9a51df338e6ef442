"""The `heuristic` agent: a game's hand-written policy, applied in a sampled world."""

from __future__ import annotations

import random

from ludoteca.agents.base import SeatView
from ludoteca.agents.knowledge import knowledge


class HeuristicAgent:
    """Samples one world consistent with the seat's view and plays the game's policy there.

    The policies read only what the seat may know (its own cards and the public
    table), so the choice does not depend on how the hidden cards were sampled.
    Games without a heuristic module are played uniformly at random.
    """

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: SeatView) -> str:
        """The policy's action (a random legal one if the policy misfires)."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        game = knowledge(str(view.observation["game"]))
        action = game.policy(view.sample_world(self.rng), self.rng)
        if action not in legal:  # a policy bug must never make an illegal move
            return legal[self.rng.randrange(len(legal))]
        return action
