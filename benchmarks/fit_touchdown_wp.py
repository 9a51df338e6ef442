"""Fit the win-probability value of the Touch down leaf evaluation from self-play.

Plays `GAMES` heuristic-against-heuristic matches at the rulebook's length and
records, at every checkpoint (the start of an action), Yellow's expected margin
(`expected_margin`: score margin plus the ball's expected points), the quarters
left (`quarters_left`) and the match's result for Yellow (1, 0 or -1). Matches
with an even index are the training set, odd ones are held out. The two variances
of `win_value` (`WP_VAR_BASE`, `WP_VAR_PER_QUARTER`) are chosen on a grid to
minimise the squared error between the value and the result on the training set;
the held-out squared error of the fitted value is printed next to the former
`tanh(margin / 7)` value's and the margin's sign alone.

    .venv/bin/python benchmarks/fit_touchdown_wp.py [GAMES] [OUT.jsonl]
"""

from __future__ import annotations

import json
import math
import random
import sys

from ludoteca import games
from ludoteca.core import game_seed
from ludoteca.games.touchdown.ai import value as tv
from ludoteca.games.touchdown.ai.heuristic import checkpoint, policy
from ludoteca.games.touchdown.state import TouchdownState

Record = tuple[int, float, float, float]
"""Match index, Yellow's expected margin, quarters left, Yellow's result."""

BASES = [0.5 * i for i in range(1, 41)]
PER_QUARTER = [5.0 * i for i in range(1, 61)]


def collect(count: int, seed: int = 78) -> list[Record]:
    """One record per checkpoint of `count` heuristic self-play matches."""
    game = games.load("touchdown")
    records: list[Record] = []
    for index in range(count):
        state = game.new_game(game_seed(seed, index))
        assert isinstance(state, TouchdownState)
        rng = random.Random(index)
        found: list[tuple[float, float]] = []
        while not state.is_terminal:
            if state.phase != "toss" and checkpoint(state):
                found.append((tv.expected_margin(state, 0), tv.quarters_left(state)))
            state.apply(policy(state, rng))
        result = state.returns()[0]
        records.extend((index, margin, left, result) for margin, left in found)
        if (index + 1) % 100 == 0:
            print(f"{index + 1}/{count} matches", file=sys.stderr)
    return records


def error(records: list[Record], value: object) -> float:
    """Mean squared error of `value(margin, quarters)` against the results."""
    assert callable(value)
    total = sum((value(m, q) - r) ** 2 for _, m, q, r in records)
    return total / max(len(records), 1)


def wp(base: float, per_quarter: float) -> object:
    """`win_value` with the given variances."""

    def value(margin: float, quarters: float) -> float:
        sd = math.sqrt(base + per_quarter * quarters)
        return math.erf(margin / (sd * math.sqrt(2.0)))

    return value


def fit(
    records: list[Record], bases: list[float] = BASES, per_quarter: list[float] = PER_QUARTER
) -> tuple[float, float]:
    """The grid variances with the least squared error on `records`."""
    best = min(
        ((error(records, wp(b, k)), b, k) for b in bases for k in per_quarter),
        key=lambda item: item[0],
    )
    return best[1], best[2]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    records = collect(count)
    if len(sys.argv) > 2:
        with open(sys.argv[2], "w", encoding="utf-8") as out:
            out.writelines(json.dumps(r) + "\n" for r in records)
    train = [r for r in records if r[0] % 2 == 0]
    held = [r for r in records if r[0] % 2 == 1]
    base, per_quarter = fit(train)
    print(f"{count} matches, {len(records)} checkpoints ({len(held)} held out)")
    print(f"WP_VAR_BASE = {base}\nWP_VAR_PER_QUARTER = {per_quarter}")

    def old(margin: float, quarters: float) -> float:
        return math.tanh(margin / tv.POINTS_SCALE)

    def sign(margin: float, quarters: float) -> float:
        return float((margin > 0) - (margin < 0))

    for name, value in (("win_value", wp(base, per_quarter)), ("tanh(m/7)", old), ("sign", sign)):
        print(f"held-out squared error {name}: {error(held, value):.4f}")
    for low, high in ((0.0, 0.25), (0.25, 0.5), (0.5, 1.0), (1.0, 1.5), (1.5, 2.01)):
        part = [r for r in held if low <= r[2] < high]
        print(
            f"  quarters left {low}-{high}: {len(part)} checkpoints, "
            f"win_value {error(part, wp(base, per_quarter)):.4f}, tanh {error(part, old):.4f}"
        )


if __name__ == "__main__":
    main()
