"""Fit the Toinc leaf evaluation (`ludoteca.games.toinc.ai.value`) from self-play.

Plays `GAMES` heuristic-against-heuristic practice games of `TURNS` turns and records,
at the start of every play (conversions aside), the team with the ball, its down, field
position, yards to go, the turns left and the net points it scores over the rest of
the game. For each turns-left bucket (1, 2, ..., 7, 8 or more) it fits by least squares
net points ~ DRIVE[down] + per_yard * pos + per_to_go * to_go, and the residuals'
standard deviation (`SPREAD`). Prints the tables and, on the held-out last fifth of
the games, the Brier score of the fitted value's win chance against the old
field-position evaluation's (both mapped to P(win) = (1 + value) / 2, ties as 1/2).

    .venv/bin/python benchmarks/fit_toinc_value.py [GAMES] [TURNS]
"""

from __future__ import annotations

import math
import random
import sys
from typing import Any

import numpy as np

from ludoteca import games
from ludoteca.core import game_seed
from ludoteca.games.toinc.ai import heuristic as toinc
from ludoteca.games.toinc.ai import value as toinc_value
from ludoteca.games.toinc.fields import Phase
from ludoteca.games.toinc.state import ToincState

BUCKETS = 8
"""Turns-left rows fitted: 1, 2, ..., 7 and 8 or more."""


def collect(count: int, turns: int, keep_from: int) -> list[dict[str, Any]]:
    """One record per play start of `count` heuristic self-play games (with a copy of
    the state from game `keep_from` on)."""
    game = games.load("toinc", length="practice", practice_turns=turns)
    records: list[dict[str, Any]] = []
    for index in range(count):
        state = game.new_game(game_seed(91, index))
        assert isinstance(state, ToincState)
        rng = random.Random(index)
        mine: list[dict[str, Any]] = []
        while not state.is_terminal:
            if state.phase == Phase.DISCARD and state.to_discard == 2 and not state.conversion:
                mine.append(_record(state, index, index >= keep_from))
            state.apply(toinc.policy(state, rng))
        final = state.score
        for record in mine:
            team = record["team"]
            record["net"] = final[team] - final[1 - team] - record["margin"]
            record["result"] = float(np.sign(final[team] - final[1 - team]))
        records.extend(mine)
    return records


def _record(state: ToincState, index: int, keep: bool) -> dict[str, Any]:
    team = state.offense
    return {
        "game": index,
        "team": team,
        "down": state.down,
        "pos": state.pos,
        "to_go": state.line - state.pos,
        "left": toinc_value.turns_left(state),
        "margin": state.score[team] - state.score[1 - team],
        "state": state.clone() if keep else None,
    }


def fit(records: list[dict[str, Any]]) -> tuple[list[list[float]], list[float]]:
    """Per turns-left bucket: the DRIVE row and the residual spread."""
    rows, spreads = [], []
    for bucket in range(1, BUCKETS + 1):
        chosen = [r for r in records if min(r["left"], BUCKETS) == bucket]
        x = np.zeros((len(chosen), 6))
        y = np.array([float(r["net"]) for r in chosen])
        for i, r in enumerate(chosen):
            x[i, min(r["down"], 4) - 1] = 1.0
            x[i, 4], x[i, 5] = float(r["pos"]), float(r["to_go"])
        coef, *_ = np.linalg.lstsq(x, y, rcond=None)
        residual = y - x @ coef
        rows.append([round(float(c), 3) for c in coef])
        spreads.append(round(float(math.sqrt(np.mean(residual**2))), 2))
    return rows, spreads


def field_position_value(state: ToincState, seat: int) -> float:
    """Session 3's Toinc evaluation, for comparison: the score margin plus 4 points
    per 70 yards of field position beyond the 30, through tanh(margin / 10)."""
    field = 4.0 * (state.pos - 30) / 70
    margin = state.score[seat] - state.score[1 - seat]
    return math.tanh((margin + (field if state.offense == seat else -field)) / 10)


def brier(records: list[dict[str, Any]], value: Any) -> float:
    """Mean squared error of (1 + value) / 2 against the result (1, 1/2, 0)."""
    total = 0.0
    for r in records:
        p = (1.0 + value(r["state"], r["team"])) / 2
        total += (p - (1.0 + r["result"]) / 2) ** 2
    return total / len(records)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    turns = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    cut = count * 4 // 5
    records = collect(count, turns, cut)
    train = [r for r in records if r["game"] < cut]
    held = [r for r in records if r["game"] >= cut]
    rows, spreads = fit(train)
    print(f"{count} games of {turns} turns, {len(records)} play starts ({len(train)} fitted)")
    print("DRIVE = (" + "".join(f"\n    {tuple(row)}," for row in rows) + "\n)")
    print(f"SPREAD = {tuple(spreads)}")
    toinc_value.DRIVE = tuple(tuple(row) for row in rows)  # type: ignore[assignment]
    toinc_value.SPREAD = tuple(spreads)
    print(f"held-out Brier: fitted value {brier(held, toinc_value.evaluate):.4f}, ", end="")
    print(f"field-position evaluation {brier(held, field_position_value):.4f}")


if __name__ == "__main__":
    main()
