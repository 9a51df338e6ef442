"""`tests/depth.py`: `make check`'s profile tries a quarter of each property's examples,
never fewer than the floor; `make test`'s tries each property's own number."""

import os

from hypothesis import settings

from tests.depth import FLOOR, examples


def test_examples_follow_the_loaded_profile() -> None:
    loaded = os.environ.get("HYPOTHESIS_PROFILE", "ludoteca")
    try:
        settings.load_profile("ludoteca")
        assert [examples(n) for n in (300, 40, 3)] == [300, 40, 3]
        settings.load_profile("check")
        assert [examples(n) for n in (300, 40, 12, 3)] == [75, FLOOR, FLOOR, 3]
    finally:
        settings.load_profile(loaded)
