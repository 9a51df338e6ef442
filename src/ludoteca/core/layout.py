"""The layout of an observation tensor: named blocks, their offsets, shapes and bounds.

A game's observation tensor (`State.observation_tensor`) is one flat float32 array made
of named blocks laid end to end. The layout says where each block lies, its shape and
the finite range its values keep to, so a learner can cut the tensor by name, build
bounded spaces and check what it reads. Blocks of shape `(C, H, W)` over the game's
board come first: the flat tensor's head is then the planar tensor a CNN reads (`planes`),
and the rest is a vector of the other features (`vector`). Both are views of the one
array, not copies.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt


@dataclass(frozen=True)
class Block:
    """One named block: `shape` (3 numbers for planes over the board), values in
    [`low`, `high`]."""

    name: str
    shape: tuple[int, ...]
    low: float = 0.0
    high: float = 1.0

    @property
    def size(self) -> int:
        """How many numbers the block holds."""
        return int(np.prod(self.shape, dtype=np.int64))


class TensorLayout:
    """Blocks laid end to end; the planar blocks (over a `board` of `(H, W)`) first."""

    def __init__(self, blocks: Sequence[Block], board: tuple[int, int] | None = None) -> None:
        names = [block.name for block in blocks]
        if len(set(names)) != len(names):
            raise ValueError("a tensor layout names a block twice")
        self.blocks: tuple[Block, ...] = tuple(blocks)
        self.board = board
        self.offsets: dict[str, int] = {}
        offset, planes, in_planes = 0, 0, True
        for block in self.blocks:
            if not block.low < block.high or not np.isfinite([block.low, block.high]).all():
                raise ValueError(f"block {block.name!r} needs finite bounds, low < high")
            planar = board is not None and len(block.shape) == 3 and block.shape[1:] == board
            if planar and not in_planes:
                raise ValueError(f"planar block {block.name!r} after a vector block")
            in_planes = in_planes and planar
            planes += block.shape[0] if planar else 0
            self.offsets[block.name] = offset
            offset += block.size
        self.size = offset
        self.channels = planes

    @property
    def shape(self) -> tuple[int]:
        """The flat tensor's shape."""
        return (self.size,)

    @property
    def planes_shape(self) -> tuple[int, int, int] | None:
        """`(C, H, W)` of the planar head, or None for a game without a board."""
        if self.board is None or not self.channels:
            return None
        return (self.channels, *self.board)

    @property
    def vector_size(self) -> int:
        """How many numbers follow the planar head."""
        head = self.planes_shape
        return self.size - (int(np.prod(head)) if head else 0)

    def slice(self, name: str) -> slice:
        """Where block `name` lies in the flat tensor (`KeyError` for an unknown name)."""
        start = self.offsets[name]
        return slice(start, start + self.block(name).size)

    def block(self, name: str) -> Block:
        """The block called `name`."""
        for block in self.blocks:
            if block.name == name:
                return block
        raise KeyError(name)

    def zeros(self) -> npt.NDArray[np.float32]:
        """A flat tensor of zeros to fill (through `split`)."""
        return np.zeros(self.size, dtype=np.float32)

    def split(self, flat: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """Every block of `flat` by name, in its shape (views: writing one writes `flat`)."""
        return {
            block.name: flat[self.slice(block.name)].reshape(block.shape) for block in self.blocks
        }

    def planar(
        self, flat: npt.NDArray[np.float32]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """`flat` as `(planes, vector)`: the `(C, H, W)` head and the rest (views)."""
        head = self.planes_shape
        if head is None:
            raise ValueError("this game's tensor has no board planes")
        cut = int(np.prod(head))
        return flat[:cut].reshape(head), flat[cut:]

    def bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """The flat tensor's lowest and highest values, number by number."""
        low, high = self.zeros(), self.zeros()
        for block in self.blocks:
            low[self.slice(block.name)] = block.low
            high[self.slice(block.name)] = block.high
        return low, high

    def describe(self) -> list[dict[str, Any]]:
        """The layout as JSON-ready rows: name, offset, shape, low, high."""
        return [
            {
                "name": block.name,
                "offset": self.offsets[block.name],
                "shape": list(block.shape),
                "low": block.low,
                "high": block.high,
            }
            for block in self.blocks
        ]


def scaled(value: float, cap: float) -> float:
    """`value / cap`, kept in [0, 1] (a count the rules do not bound is cut at `cap`)."""
    return min(max(value / cap, 0.0), 1.0)
