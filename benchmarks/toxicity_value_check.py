"""How well Toxicity's projected escape chance (`toxicity_value.escape_chance`)
predicts escapes in heuristic play, against session 3's formula and a logistic fit.

Heuristic self-play, seeds `FIRST..FIRST+N-1`; about one position in ten (not a
placement) is a snapshot of every pawn on the board; its outcome is whether that
pawn escaped by the end of the round. Prints the Brier score and the correlation of
each predictor with the outcome, the base rate, a calibration table of the
projection, and a logistic fit (projection, key, gas margin, column, phase, mask,
colour) fitted on the first games and tested on the rest. Usage:

    .venv/bin/python benchmarks/toxicity_value_check.py [GAMES] [TEST_GAMES]
"""

from __future__ import annotations

import random
import sys

import numpy as np

from ludoteca import games
from ludoteca.agents.heuristics import toxicity_value as value
from ludoteca.agents.heuristics.toxicity import policy
from ludoteca.games.toxicity.pawn import Pawn
from ludoteca.games.toxicity.state import ToxicityState

FIRST = 1000


def session3_chance(st: ToxicityState, pawn: Pawn) -> float:
    """Session 3's leaf estimate: alive, key, column."""
    x = st.geo.xy(pawn.square)[0]
    return 0.1 + 0.3 * (pawn.key is not None) + 0.4 * x / (st.geo.columns - 1)


def features(st: ToxicityState, pawn: Pawn, chance: float) -> list[float]:
    """Inputs of the logistic fit."""
    x = pawn.square % st.geo.columns
    key = 1.0 if pawn.key is not None else 0.0
    margin = x - st.gas
    return [
        1.0,
        chance,
        key,
        margin / 12,
        float(margin <= 2),
        x / 11,
        st.phase / 2,
        key * x / 11,
        float(pawn.has("mask")),
        float(pawn.colour == "yellow"),
        float(pawn.colour == "green"),
    ]


def collect(seeds: range) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(features, session 3's chance, escaped) of every snapshot."""
    game = games.load("toxicity")
    rows: list[list[float]] = []
    old: list[float] = []
    out: list[float] = []
    for seed in seeds:
        st = game.new_game(seed)
        assert isinstance(st, ToxicityState)
        rng = random.Random(seed)
        taken: list[tuple[str, list[float], float]] = []
        while not st.is_terminal:
            if not st.pending and rng.random() < 0.1:
                picture = value.Picture.of(st)
                for pawn in st.pawns:
                    if pawn.on_board:
                        chance = value.escape_chance(picture, pawn)
                        taken.append(
                            (pawn.colour, features(st, pawn, chance), session3_chance(st, pawn))
                        )
            round_, before = st.round, dict(st.tally)
            st.apply(policy(st.clone(), rng))
            if st.round != round_ or st.is_terminal:
                for colour, row, guess in taken:
                    escapes = sum(
                        st.tally[f"{colour}.{way}"] - before[f"{colour}.{way}"]
                        for way in ("door", "trapdoor")
                    )
                    rows.append(row)
                    old.append(guess)
                    out.append(float(escapes))
                taken = []
    return np.array(rows), np.array(old), np.array(out)


def main() -> None:
    """Print the comparison described in the module docstring."""
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    test = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    x_fit, _, y_fit = collect(range(FIRST, FIRST + n))
    x_test, old, y_test = collect(range(FIRST + n, FIRST + n + test))
    weights = np.zeros(x_fit.shape[1])
    for _ in range(50):  # Newton's method for the logistic likelihood, lightly ridged
        p = 1 / (1 + np.exp(-x_fit @ weights))
        hessian = x_fit.T @ (x_fit * (p * (1 - p))[:, None]) + 1e-3 * np.eye(len(weights))
        weights += np.linalg.solve(hessian, x_fit.T @ (y_fit - p))
    fitted = 1 / (1 + np.exp(-x_test @ weights))
    base = float(y_fit.mean())
    print(f"{len(y_test)} test snapshots, base rate {y_test.mean():.3f}")
    for name, guess in (
        ("projection", x_test[:, 1]),
        ("session 3", old),
        ("logistic fit", fitted),
        ("base rate", np.full(len(y_test), base)),
    ):
        brier = float(np.mean((guess - y_test) ** 2))
        corr = float(np.corrcoef(guess, y_test)[0, 1]) if guess.std() > 0 else 0.0
        print(f"{name:13} Brier {brier:.4f} correlation {corr:.3f}")
    print("projection band: snapshots, mean projected, escaped")
    bands = np.minimum(9, (x_test[:, 1] * 10).astype(int))
    for band in range(10):
        mask = bands == band
        if mask.any():
            print(
                f"  {band / 10:.1f}: {mask.sum():5d} {x_test[mask, 1].mean():.3f} "
                f"{y_test[mask].mean():.3f}"
            )
    print("logistic weights", np.round(weights, 3))


if __name__ == "__main__":
    main()
