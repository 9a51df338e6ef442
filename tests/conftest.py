"""Shared test settings."""

import fnmatch
import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ludoteca",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("check", settings.get_profile("ludoteca"), max_examples=25)
"""`make check`'s profile: every property, a quarter of the examples (`tests/depth.py`)."""
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ludoteca"))

# The toy game (tests/core/toy.py) joins the registry in tests only, so the
# conformance suite and the CLI are exercised on a game with known answers.
from ludoteca import games as _games  # noqa: E402

_games.register("toy", "tests.core.toy:Toy")
_games.register("tilted", "tests.sim.tilted:Tilted")


import pytest  # noqa: E402

from ludoteca.core import i18n  # noqa: E402

pytest_plugins = ["tests.web.browser.fixtures"]
"""The browser tests' fixtures (a `ludoteca serve` process, Chromium, pages), for
`tests/web/browser/` and each game's own `tests/games/<game>/browser/`."""

SLOW = (
    "/browser/",  # tests/web/browser/ and each game's tests/games/<game>/browser/
    "/tests/install/",
    "/tests/sim/test_ray_cluster.py",
    "/test_properties.py",
    # whole games, searches and statistics, each a few seconds to a minute:
    "/tests/agents/test_agents_legal.py",
    "/tests/agents/test_heuristics.py",
    "/tests/games/toxicity/test_ai_heuristic.py",
    "/tests/agents/test_ismcts.py",
    "/tests/cli/test_balance_study.py",
    "/tests/cli/test_balance_cli.py",
    "/tests/interop/test_openspiel_agent.py",
    "/tests/sim/test_ray_backend.py",
    "/tests/web/test_play.py",
    "/tests/web/test_api_fuzz.py",
    "/tests/web/test_studies.py",
    "/tests/web/test_study_budget.py",
    "/tests/web/test_compute.py",
    "/tests/web/test_serve.py",
    "/tests/web/test_logs.py",  # a real `ludoteca serve` process and its logs
    "/tests/web/test_processes.py",  # real server processes (all but one need PostgreSQL)
)
"""What the fast tier (`make check`) leaves to `make test`: whole browsers, fresh installs,
a Ray cluster, the long random-game property runs and the whole games, searches and
statistics of the agents, studies and servers, marked `slow` here by where they are."""


RANDOM_GAMES = "/tests/games/*/test_properties.py"
"""Each game's long random-game property runs: `make test` plays them once, in its compiled
pass (the same rules compiled with mypyc; the pure-Python engines are played by the
conformance suite, the golden playthroughs and every other test), marked `random_games`."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests under `SLOW`'s paths `slow` (`make check` runs `-m "not slow"`) and
    those of `RANDOM_GAMES` also `random_games` (make test's first pass leaves them out)."""
    for item in items:
        path = item.path.as_posix()
        if any(part in path for part in SLOW):
            item.add_marker(pytest.mark.slow)
        if fnmatch.fnmatch(path, "*" + RANDOM_GAMES):
            item.add_marker(pytest.mark.random_games)


@pytest.fixture(autouse=True)
def _english_after_each_test() -> None:
    """Every test starts in English, whatever language an earlier one chose in this process
    (`ludoteca --lang`, run in-process by the CLI tests, sets the language for what follows)."""
    i18n.set_current(i18n.SOURCE)
