"""The masked-PPO example (examples/rl/masked_ppo.py) runs from the documented install:
a tiny configuration trains, draws its curve and plays its evaluation games, the mask
keeping every id legal. Its real run (the curve in docs/research.md) takes minutes."""

from __future__ import annotations

import csv
import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib", reason="the learn extra is not installed")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rl" / "masked_ppo.py"


@pytest.mark.slow  # about 30 CPU seconds: make test runs it, make check leaves it
def test_a_tiny_masked_ppo_run_trains_and_evaluates_with_legal_ids(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("masked_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    curve, picture = tmp_path / "curve.csv", tmp_path / "curve.png"
    budget = ["--steps", "2048", "--every", "1024", "--games", "4"]
    final = example.main([*budget, "--curve", str(curve), "--plot", str(picture)])
    assert final["steps"] >= 2048
    for opponent in ("random", "heuristic"):
        assert final[opponent]["illegal"] == 0, f"an illegal id against {opponent}"
        score, low, high = (final[opponent][key] for key in ("score", "low", "high"))
        assert low - 1e-9 <= score <= high + 1e-9
    with curve.open() as rows:
        points = list(csv.DictReader(rows))
    assert [int(row["steps"]) for row in points][-1] == final["steps"] and len(points) >= 3
    assert picture.read_bytes().startswith(b"\x89PNG")
