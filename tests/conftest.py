"""Shared test settings."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ludoteca",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ludoteca"))

# The toy game (tests/core/toy.py) joins the registry in tests only, so the
# conformance suite and the CLI are exercised on a game with known answers.
from ludoteca import games as _games  # noqa: E402

_games.register("toy", "tests.core.toy:Toy")
_games.register("tilted", "tests.sim.tilted:Tilted")


import pytest  # noqa: E402

from ludoteca.core import i18n  # noqa: E402


@pytest.fixture(autouse=True)
def _english_after_each_test() -> None:
    """Every test starts in English, whatever language an earlier one chose in this process
    (`ludoteca --lang`, run in-process by the CLI tests, sets the language for what follows)."""
    i18n.set_current(i18n.SOURCE)
