"""The masked-PPO example (examples/rl/masked_ppo.py) runs from the documented install:
a tiny configuration trains, draws its curve and plays its evaluation games, the mask
keeping every id legal. Its real run (the curve in docs/research.md) takes minutes."""

from __future__ import annotations

import csv
import importlib.util
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="the learn extra is not installed")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rl" / "masked_ppo.py"


def load_example() -> Any:
    spec = importlib.util.spec_from_file_location("masked_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    return example


@pytest.mark.slow  # about 30 CPU seconds: make test runs it, make check leaves it
def test_a_tiny_masked_ppo_run_trains_and_evaluates_with_legal_ids(tmp_path: Path) -> None:
    example = load_example()
    curve, picture = tmp_path / "curve.csv", tmp_path / "curve.png"
    budget = ["--steps", "2048", "--every", "1024", "--games", "4"]
    final = example.main([*budget, "--curve", str(curve), "--plot", str(picture)])
    assert final["steps"] >= 2048 and final["copied"] == []
    for opponent in ("random", "heuristic"):
        assert final[opponent]["illegal"] == 0, f"an illegal id against {opponent}"
        score, low, high = (final[opponent][key] for key in ("score", "low", "high"))
        assert low - 1e-9 <= score <= high + 1e-9
    with curve.open() as rows:
        points = list(csv.DictReader(rows))
    assert [int(row["steps"]) for row in points][-1] == final["steps"] and len(points) >= 3
    assert picture.read_bytes().startswith(b"\x89PNG")


@pytest.mark.slow  # about 20 CPU seconds
def test_imitation_copies_the_heuristic_before_ppo_goes_on() -> None:
    example = load_example()
    data = example.demonstrations(300, "heuristic", example.SHAPING, seed=7)
    observations, masks, chosen, returns = data
    assert len(chosen) >= 300 and observations.shape == (len(chosen), 3252)
    assert all(masks[row, action] for row, action in enumerate(chosen)), "a copied id is illegal"
    assert len(returns) == len(chosen) and np.isfinite(returns).all()
    budget = ["--steps", "1024", "--every", "1024", "--games", "2", "--opponent", "heuristic"]
    final = example.main([*budget, "--imitate", "600", "--passes", "3"])
    # the copy learns: after three passes it matches more of the heuristic's ids than a
    # uniform choice among 30-80 legal ids would
    assert len(final["copied"]) == 3 and final["copied"][-1] > 0.5
    assert final["heuristic"]["illegal"] == 0 and final["random"]["illegal"] == 0
