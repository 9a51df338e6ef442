"""How many examples a property test tries: its own number under `make test`, a quarter of
it under `make check`, whose Hypothesis profile `check` tries 25 examples where the default
tries 100. Every property still runs in the fast tier, less deeply."""

from hypothesis import settings

FLOOR = 10
"""The fewest examples a property is tried with, however shallow the profile."""


def examples(count: int) -> int:
    """`count` scaled by the loaded profile's examples against Hypothesis's default 100."""
    return max(min(count, FLOOR), count * settings().max_examples // 100)
