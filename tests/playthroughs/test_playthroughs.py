"""Every game plays its golden playthroughs step for step (see `record.py`)."""

from __future__ import annotations

import difflib

import pytest

from .record import configurations, path_of, playthrough


@pytest.mark.parametrize(
    ("name", "index", "options"),
    [pytest.param(*c, id=f"{c[0]}-{c[1]}") for c in configurations()],
)
def test_golden_playthrough_is_unchanged(name: str, index: int, options: dict[str, object]) -> None:
    path = path_of(name, index)
    assert path.exists(), f"no golden playthrough {path}: run python -m tests.playthroughs.record"
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(name, options)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), str(path), "now", n=1, lineterm=""
        )
        pytest.fail("playthrough changed (a rule change?):\n" + "\n".join(list(diff)[:12]))
