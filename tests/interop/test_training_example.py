"""The training example (examples/rl/kalah_q_learning.py) learns: after a short training
(10,000 games, a few seconds) its policy beats the random player, the 95% interval of
its score rate above one half."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rl" / "kalah_q_learning.py"


@pytest.mark.slow  # several seconds: make test runs it, make check leaves it
def test_q_learning_on_kalah_beats_random() -> None:
    spec = importlib.util.spec_from_file_location("kalah_q_learning", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    table = example.train(10_000, seed=0)
    rate, low, _high = example.evaluate(table, 600, "random")
    assert low > 0.5, f"score rate {rate:.1%} against random after 10,000 games"
    untrained = example.evaluate(example.QTable(), 600, "random")[0]
    assert rate > untrained + 0.1  # the learning, not the tie-breaking, wins
