"""Fit the expected-points table of the Touch down leaf evaluation from self-play.

Plays `GAMES` heuristic-against-heuristic matches at the rulebook's length and
records, at the start of every action, the team in possession, the ball's row
counted in its attacking direction, the down, and the points of the next score
(positive if that team scores it, negative if the other does, 0 if the match ends
first); at a kick-off, the receiving team and the next score. Then it fits, by
least squares, the points a first..fourth down is worth at the team's own goal
line and per row gained, and the receiving team's value at a kick-off: the
constants `EP_DOWN`, `EP_PER_ROW` and `EP_KICKOFF` of
`ludoteca.games.touchdown.ai.value`.

    .venv/bin/python benchmarks/fit_touchdown_ep.py [GAMES] [OUT.jsonl]
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import numpy as np

from ludoteca import games
from ludoteca.core import game_seed
from ludoteca.games.touchdown.ai.heuristic import policy
from ludoteca.games.touchdown.state import TouchdownState


def collect(count: int) -> list[dict[str, Any]]:
    """One record per action start of `count` heuristic self-play matches."""
    records: list[dict[str, Any]] = []
    game = games.load("touchdown")
    for index in range(count):
        state = game.new_game(game_seed(77, index))
        assert isinstance(state, TouchdownState)
        rng = random.Random(index)
        open_: list[dict[str, Any]] = []
        last = tuple(state.score)
        while not state.is_terminal:
            record = _record(state)
            if record is not None:
                open_.append(record)
            state.apply(policy(state, rng))
            score = tuple(state.score)
            if score != last:
                gained = (score[0] - last[0], score[1] - last[1])
                for record in open_:
                    team = record["team"]
                    record["next"] = gained[team] - gained[1 - team]
                records.extend(open_)
                open_, last = [], score
        for record in open_:
            record["next"] = 0
        records.extend(open_)
        print(f"game {index + 1}/{count}: {state.scores}", file=sys.stderr)
    return records


def _record(state: TouchdownState) -> dict[str, Any] | None:
    """The start of a down (team in possession) or of a kick-off (receiving team)."""
    if state.phase == "declare" and not state.pending:
        team = state.possession
        return {"kind": "down", "team": team, "row": _rows(state, team), "down": state.down}
    if (
        state.phase == "setup"
        and state.kind == "kickoff"
        and not state.pos
        and state.picked is None
    ):
        return {"kind": "kickoff", "team": 1 - state.play_offence, "row": 0, "down": 1}
    return None


def _rows(state: TouchdownState, team: int) -> int:
    """Rows from `team`'s own goal line to the ball spot (0 on the goal line)."""
    return state.adv(team, state.board.row(state.spot)) - state.board.first_field_row()


def fit(records: list[dict[str, Any]]) -> tuple[list[float], float, float]:
    """Least squares: next score ~ EP_DOWN[down] + EP_PER_ROW * rows; and the mean
    next score of the receiving team at a kick-off."""
    downs = [r for r in records if r["kind"] == "down"]
    x = np.zeros((len(downs), 5))
    y = np.array([float(r["next"]) for r in downs])
    for i, r in enumerate(downs):
        x[i, min(r["down"], 4) - 1] = 1.0
        x[i, 4] = float(r["row"])
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    kicks = [float(r["next"]) for r in records if r["kind"] == "kickoff"]
    kickoff = sum(kicks) / len(kicks) if kicks else 0.0
    return [round(float(c), 2) for c in coef[:4]], round(float(coef[4]), 3), round(kickoff, 2)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    records = collect(count)
    if len(sys.argv) > 2:
        with open(sys.argv[2], "w", encoding="utf-8") as out:
            out.writelines(json.dumps(r) + "\n" for r in records)
    down, per_row, kickoff = fit(records)
    n_downs = sum(r["kind"] == "down" for r in records)
    print(f"{count} matches, {n_downs} downs, {len(records) - n_downs} kick-offs")
    print(f"EP_DOWN = {tuple(down)}\nEP_PER_ROW = {per_row}\nEP_KICKOFF = {kickoff}")


if __name__ == "__main__":
    main()
