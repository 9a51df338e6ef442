"""Integer actions and observation tensors: what learning tools need (issue 21).

A game lists, once its options are known, every action string it can ever offer
(`Game._action_space`), in a fixed order: an action's id is its position. Tools that
want integers (PettingZoo, OpenSpiel, a policy network) use the ids and a mask over the
whole space; the CLI, the web and replay files keep the strings, so nothing they store
changes. The conformance suite checks that every legal action of random games is in the
space and that ids and strings round-trip.

A game may also declare an observation tensor per seat: a layout known from its options
(`Game.observation_layout`: named blocks with their offsets, shapes and finite bounds,
the planes over a board first, `core.layout`) and a flat float32 array built from what
that seat may know (`State._observation_tensor`), the same information as
`observation(seat)`. The conformance suite checks the shape, the bounds, and that the
tensor does not change when only what the seat cannot see is changed (`determinize`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, SupportsIndex

import numpy as np
import numpy.typing as npt
from mypy_extensions import mypyc_attr

from ludoteca.core.errors import IllegalAction
from ludoteca.core.i18n import _
from ludoteca.core.layout import TensorLayout


class ActionSpace:
    """Every action string of a configured game, in order: id `i` is `actions[i]`."""

    def __init__(self, actions: Iterable[str]) -> None:
        self.actions: tuple[str, ...] = tuple(actions)
        self._ids = {action: index for index, action in enumerate(self.actions)}
        if len(self._ids) != len(self.actions):
            raise ValueError("an action space lists an action twice")

    def __reduce__(self) -> tuple[type[ActionSpace], tuple[tuple[str, ...]]]:
        """Copied and pickled as its actions (the compiled build's native class would
        otherwise be rebuilt without them)."""
        return ActionSpace, (self.actions,)

    def __len__(self) -> int:
        return len(self.actions)

    def __contains__(self, action: object) -> bool:
        return action in self._ids

    def id_of(self, action: str) -> int:
        """The id of `action` (`IllegalAction` if the game can never offer it)."""
        try:
            return self._ids[action]
        except KeyError:
            said = _("'{action}' is not an action of this game", action=action[:80])
            raise IllegalAction(said) from None

    def action_of(self, action_id: object) -> str:
        """The action string of `action_id`, an int or NumPy's (`IllegalAction` outside
        the space, or for a bool). Typed `object`: the compiled build would turn a bool
        given for an `int` into 0 or 1 before the check could see it."""
        index = -1
        if type(action_id) is int:  # (a Protocol's isinstance takes microseconds)
            index = action_id
        elif isinstance(action_id, SupportsIndex) and not isinstance(action_id, bool):
            index = action_id.__index__()
        if not 0 <= index < len(self.actions):
            raise IllegalAction(
                _(
                    "action id {id} is outside this game's {size} actions",
                    id=str(action_id),
                    size=len(self.actions),
                )
            )
        return self.actions[index]

    def ids_of(self, actions: Iterable[str]) -> list[int]:
        """The ids of `actions`, ascending (`KeyError` for one outside the space)."""
        ids = self._ids
        out = [ids[action] for action in actions]
        out.sort()
        return out

    def mask(self, legal: Iterable[str]) -> npt.NDArray[np.int8]:
        """1 for each action in `legal`, 0 elsewhere (PettingZoo's `action_mask`)."""
        found = np.zeros(len(self.actions), dtype=np.int8)
        found[[self._ids[action] for action in legal]] = 1
        return found


@mypyc_attr(allow_interpreted_subclasses=True)
class IntegerActions:
    """A game's side of the integer actions (mixed into `Game`)."""

    _space: ActionSpace | None = None

    def _action_space(self) -> Sequence[str]:
        """Every action string the configured game can offer, in a fixed order (hook)."""
        raise NotImplementedError(f"{type(self).__name__} declares no action space")

    @property
    def action_space(self) -> ActionSpace:
        """The fixed action space of the game as configured (built once)."""
        if self._space is None:
            self._space = ActionSpace(self._action_space())
        return self._space

    @property
    def num_distinct_actions(self) -> int:
        """How many actions the space holds (OpenSpiel's name)."""
        return len(self.action_space)

    _layout: TensorLayout | None = None

    def _observation_layout(self) -> TensorLayout:
        """The blocks of every seat's observation tensor in the configured game (hook;
        a game without a layout raises `NotImplementedError`)."""
        raise NotImplementedError(f"{type(self).__name__} declares no tensor layout")

    def observation_layout(self) -> TensorLayout:
        """The named blocks, offsets and bounds of the observation tensor (built once)."""
        if self._layout is None:
            self._layout = self._observation_layout()
        return self._layout

    def observation_shape(self) -> tuple[int, ...]:
        """The shape of every seat's observation tensor in the configured game: its
        layout's, or a hook of its own for a game without one (a game without tensors
        raises `NotImplementedError`)."""
        try:
            return self.observation_layout().shape
        except NotImplementedError:
            raise NotImplementedError(
                f"{type(self).__name__} declares no observation tensor"
            ) from None


class _Playing(Protocol):
    """What the state mixin uses of `State`."""

    @property
    def game(self) -> IntegerActions: ...

    _legal: list[str] | None
    _legal_ids: tuple[list[str], list[int]] | None

    def legal_actions(self) -> list[str]: ...

    def apply(self, action: str) -> None: ...

    def _observation_tensor(self, seat: int) -> npt.NDArray[np.float32]: ...

    def observation_tensor(self, seat: int) -> npt.NDArray[np.float32]: ...


@mypyc_attr(allow_interpreted_subclasses=True)
class ActionIds:
    """A state's side of the integer actions (mixed into `State`)."""

    _legal_ids: tuple[list[str], list[int]] | None = None
    """The legal ids, beside the legal list they were made from."""

    def legal_action_ids(self: _Playing) -> list[int]:
        """The ids of the legal actions, ascending (empty when the game is over)."""
        legal = self._legal
        if legal is None:
            self.legal_actions()
            legal = self._legal
            assert legal is not None
        # Cached beside the legal list it was made from (a copy of the state has its
        # own list, so never a stale one).
        cached = self._legal_ids
        if cached is None or cached[0] is not legal:
            try:
                cached = (legal, self.game.action_space.ids_of(legal))
            except KeyError:  # an action outside the space: name it
                for action in legal:
                    self.game.action_space.id_of(action)
                raise
            self._legal_ids = cached
        return list(cached[1])

    def action_mask(self: _Playing) -> npt.NDArray[np.int8]:
        """1 for each legal action's id, 0 elsewhere."""
        return self.game.action_space.mask(self.legal_actions())

    def apply_action_id(self: _Playing, action_id: int) -> None:
        """Apply the action of `action_id` (as `apply` does its string)."""
        self.apply(self.game.action_space.action_of(action_id))

    def observation_tensor(self: _Playing, seat: int) -> npt.NDArray[np.float32]:
        """What `seat` knows now as a float32 array of the game's `observation_shape`."""
        tensor = np.asarray(self._observation_tensor(seat), dtype=np.float32)
        shape = self.game.observation_shape()
        if tensor.shape != shape:
            raise AssertionError(f"observation tensor of shape {tensor.shape}, not {shape}")
        return tensor

    def observation_planes(
        self: _Playing, seat: int
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """What `seat` knows as `(planes, vector)`: the `(C, H, W)` planes over the board
        and the other features (`TensorLayout.planar`; `ValueError` without a board)."""
        return self.game.observation_layout().planar(self.observation_tensor(seat))

    def _observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """The tensor of `observation_tensor` (hook, with `Game.observation_shape`)."""
        raise NotImplementedError(f"{type(self).__name__} builds no observation tensor")
