"""The observations of the Gymnasium and PettingZoo environments: a seat's tensor and
its action mask, the tensor flat or planar (issue 41).

Flat (the default): `{"observation": Box(layout.shape), "action_mask": ...}`, bounded
by the game's tensor layout (`Game.observation_layout`). Planar, for a game with a
board: `observation` is `{"planes": Box((C, H, W)), "vector": Box((n,))}`, the same
numbers cut where the board's planes end (`TensorLayout.planar`), for a CNN beside an
MLP. The layout's `describe()` names every block and its offset.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ludoteca.core import Game, OptionError, State
from ludoteca.core.extras import missing
from ludoteca.core.i18n import _

try:
    from gymnasium import spaces
except ImportError as error:
    raise missing(error, _("The Gymnasium environments")) from None


def checked_planar(game: Game, planar: bool) -> bool:
    """`planar`, refused (`OptionError`) for a game whose tensor has no board planes."""
    if planar and game.observation_layout().planes_shape is None:
        raise OptionError(_("planar observations: {game} has no board", game=game.info.title))
    return planar


def observation_space(game: Game, planar: bool = False) -> spaces.Dict:
    """The space of `observe`: the tensor (flat or planar) and the action mask, within
    the layout's bounds."""
    layout = game.observation_layout()
    low, high = layout.bounds()
    tensor: spaces.Space[Any] = spaces.Box(low, high, dtype=np.float32)
    if planar and layout.planes_shape is not None:
        (planes_low, vector_low), (planes_high, vector_high) = (
            layout.planar(low),
            layout.planar(high),
        )
        tensor = spaces.Dict(
            {
                "planes": spaces.Box(planes_low, planes_high, dtype=np.float32),
                "vector": spaces.Box(vector_low, vector_high, dtype=np.float32),
            }
        )
    size = game.num_distinct_actions
    return spaces.Dict({"observation": tensor, "action_mask": spaces.Box(0, 1, (size,), np.int8)})


def observe(world: State, seat: int, planar: bool = False) -> dict[str, Any]:
    """What `seat` knows now, and its legal ids if it is to move (zeros otherwise)."""
    if world.current_player == seat:
        mask = world.action_mask()
    else:
        mask = np.zeros(world.game.num_distinct_actions, dtype=np.int8)
    if planar:
        planes, vector = world.observation_planes(seat)
        return {"observation": {"planes": planes, "vector": vector}, "action_mask": mask}
    return {"observation": world.observation_tensor(seat), "action_mask": mask}
