"""The conformance suite: every check of `ludoteca.testing` on every registered game
(installed plugins included), every listed configuration and several seeds
(`LUDOTECA_CONFORMANCE_SEEDS` fewer: make test's compiled pass plays one, its golden
playthroughs being what compiling must not change).

A new game passes this file unchanged or it is not done.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from ludoteca import games
from ludoteca.core import Game
from ludoteca.testing import CHECKS, ONCE, SEEDS, Check, NotApplicable

RUN_SEEDS = int(os.environ.get("LUDOTECA_CONFORMANCE_SEEDS", SEEDS))

CONFIGS: list[Any] = [
    pytest.param((name, config), id=f"{name}-{i}", marks=[pytest.mark.slow] if i else [])
    for name in games.names()
    for i, config in enumerate(games.game_class(name).conformance_configs())
]
"""Every configuration of every game; the fast tier (`make check`, `-m "not slow"`) plays
each game's first, `make test` all of them."""
RUNS: list[Any] = [
    pytest.param(check, seed, id=f"{check.__name__}-{seed}")
    for check in CHECKS
    for seed in range(1 if check in ONCE else min(SEEDS, RUN_SEEDS))
]


@pytest.fixture(params=CONFIGS)
def game(request: pytest.FixtureRequest) -> Game:
    name, config = request.param
    return games.load(name, **config)


@pytest.mark.parametrize(("check", "seed"), RUNS)
def test_conformance(game: Game, check: Check, seed: int) -> None:
    try:
        check(game, seed)
    except NotApplicable as reason:
        pytest.skip(str(reason))
