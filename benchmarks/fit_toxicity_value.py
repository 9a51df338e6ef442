"""Fit Toxicity's leaf value (`ludoteca.games.toxicity.ai.outlook`) from self-play.

Plays heuristic self-play games (seeds `game_seed(71, i)`); about one position in ten
(not a placement) is a snapshot of every pawn on the board, whose outcome is whether
that pawn escaped by the end of the round. Fits the logistic `WEIGHTS` of
`toxicity_outlook.features` by Newton's method on the first `GAMES` games, and
`RATES` (escapes per pawn round of each colour) and `ESCAPE_POINTS` (points per
escape) from their tallies. On the next `TEST` games it prints the Brier score and
the correlation of each escape predictor (session 3's formula, the projection
`toxicity_value.escape_chance`, the fit, the base rate) and the Brier score of the
fitted value's win chances against the game's winner (against 1/seats), then the
constants to paste into `toxicity_outlook`. Usage:

    .venv/bin/python benchmarks/fit_toxicity_value.py [GAMES] [TEST]
"""

from __future__ import annotations

import random
import sys
from collections import Counter

import numpy as np

from ludoteca import games
from ludoteca.core import game_seed
from ludoteca.games.toxicity.ai import outlook
from ludoteca.games.toxicity.ai.heuristic import policy
from ludoteca.games.toxicity.ai.value import Picture, escape_chance
from ludoteca.games.toxicity.pawn import Pawn
from ludoteca.games.toxicity.state import ToxicityState

Rows = tuple[np.ndarray, np.ndarray, np.ndarray, list[tuple[list[float], int | None]], Counter[str]]


def session3_chance(state: ToxicityState, pawn: Pawn) -> float:
    """Session 3's leaf estimate: alive, key, column."""
    x = state.geo.xy(pawn.square)[0]
    return 0.1 + 0.3 * (pawn.key is not None) + 0.4 * x / (state.geo.columns - 1)


def collect(seeds: range, wins_too: bool = False) -> Rows:
    """(features, session 3's chance, escaped) of every pawn snapshot; if `wins_too`,
    also (win chances, final winner) of every snapshot; and the games' tallies."""
    game = games.load("toxicity")
    rows: list[tuple[float, ...]] = []
    old: list[float] = []
    out: list[float] = []
    wins: list[tuple[list[float], int | None]] = []
    tally: Counter[str] = Counter()
    for index in seeds:
        st = game.new_game(game_seed(71, index))
        assert isinstance(st, ToxicityState)
        rng = random.Random(index)
        taken: list[tuple[str, tuple[float, ...], float]] = []
        guesses: list[list[float]] = []
        while not st.is_terminal:
            if not st.pending and rng.random() < 0.1:
                picture = Picture.of(st)
                for pawn in st.pawns:
                    if pawn.on_board:
                        row = outlook.features(picture, pawn, escape_chance(picture, pawn))
                        taken.append((pawn.colour, row, session3_chance(st, pawn)))
                if wins_too:
                    guesses.append(outlook.win_chances(outlook.outlook(st)))
            round_, before = st.round, dict(st.tally)
            st.apply(policy(st.clone(), rng))
            if st.round != round_ or st.is_terminal:
                for colour, row, guess in taken:
                    rows.append(row)
                    old.append(guess)
                    out.append(
                        float(
                            any(
                                st.tally.get(f"{colour}.{way}", 0)
                                > before.get(f"{colour}.{way}", 0)
                                for way in ("door", "trapdoor")
                            )
                        )
                    )
                taken = []
        wins.extend((guess, st.winner) for guess in guesses)
        tally.update({k: v for k, v in st.tally.items()})
    return np.array(rows), np.array(old), np.array(out), wins, tally


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Logistic regression by Newton's method, lightly ridged."""
    weights = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ weights))
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + 1e-3 * np.eye(len(weights))
        weights += np.linalg.solve(hessian, x.T @ (y - p))
    return weights


def main() -> None:
    """Fit, test and print as described in the module docstring."""
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    test = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    x_fit, _, y_fit, _, tally = collect(range(n))
    weights = fit(x_fit, y_fit)
    rounds = {c: tally[f"{c}.rounds"] for c in ("blue", "red", "yellow", "green")}
    escapes = {c: tally[f"{c}.door"] + tally[f"{c}.trapdoor"] for c in rounds}
    points = tally["door"] + 2 * tally["trapdoor"] + tally["kills"]
    outlook.WEIGHTS = tuple(round(float(w), 3) for w in weights)
    outlook.RATES = {c: round(escapes[c] / rounds[c], 3) for c in rounds}
    outlook.ESCAPE_POINTS = round(points / max(1, sum(escapes.values())), 3)
    x_test, old, y_test, wins, _ = collect(range(n, n + test), wins_too=True)
    fitted = 1 / (1 + np.exp(-x_test @ weights))
    print(f"{len(y_fit)} fit and {len(y_test)} test snapshots, test base rate {y_test.mean():.3f}")
    for name, guess in (
        ("session 3", old),
        ("projection", x_test[:, 1]),
        ("logistic fit", fitted),
        ("base rate", np.full(len(y_test), y_fit.mean())),
    ):
        brier = float(np.mean((guess - y_test) ** 2))
        corr = float(np.corrcoef(guess, y_test)[0, 1]) if guess.std() > 0 else 0.0
        print(f"  {name:13} Brier {brier:.4f} correlation {corr:.3f}")
    decided = [(g, w) for g, w in wins if w is not None]
    seats = len(decided[0][0])
    brier_win = np.mean([sum((c - (s == w)) ** 2 for s, c in enumerate(g)) for g, w in decided])
    chance = (1 - 1 / seats) ** 2 + (seats - 1) / seats**2
    print(
        f"win chances, {len(decided)} snapshots of decided games: Brier {brier_win:.4f}"
        f" (1/{seats} each: {chance:.4f})"
    )
    print("WEIGHTS =", outlook.WEIGHTS)
    print("RATES =", outlook.RATES)
    print("ESCAPE_POINTS =", outlook.ESCAPE_POINTS)


if __name__ == "__main__":
    main()
