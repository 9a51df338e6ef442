"""Every game plays its golden playthroughs step for step (see `record.py`)."""

from __future__ import annotations

import pytest

from ludoteca.testing import check_playthrough

from .record import configurations, path_of


@pytest.mark.parametrize(
    ("name", "index", "options"),
    [pytest.param(*c, id=f"{c[0]}-{c[1]}") for c in configurations()],
)
def test_golden_playthrough_is_unchanged(name: str, index: int, options: dict[str, object]) -> None:
    check_playthrough(name, options, path_of(name, index))
