"""Futebol's coaching call (decision 21) measured with the heuristic: does calling matter?

Blue (seats 0, 2, 4) and Orange (1, 3, 5) both play the heuristic in the teams format
with the coaching rule. Blue calls coaching `never` or `always` (whenever it may);
Orange's accused player answers `deny` (the computer's answer: computers never coach)
or admits with chance one half (`admit-half`, a table where coaching does happen).
Each pairing plays the same deals (game seeds 0..N-1, Orange's answers from a seeded
generator), so the rows differ only by the calls and the answers. Usage:

    .venv/bin/python benchmarks/bench_futebol_coaching.py [GAMES] [option=value ...]

prints, per pairing, Blue's wins / draws / losses (a match stopped by `turn_limit` is a
draw), its 95% Wilson interval, the penalties taken and each side's actions in play.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from ludoteca import games
from ludoteca.core import State
from ludoteca.games.futebol.ai.heuristic import policy
from ludoteca.sim.ratings import wilson_interval

BLUE = (0, 2, 4)
PAIRINGS = (
    ("never", "deny"),
    ("always", "deny"),
    ("never", "admit-half"),
    ("always", "admit-half"),
)


def play(game: Any, seed: int, calls: str, answers: str) -> dict[str, int]:
    """One match; Blue's result (1 win, 0 draw, -1 loss), penalties, and each side's
    actions in the play phase."""
    state: State = game.new_game(seed)
    rng, coin = random.Random(seed), random.Random(seed ^ 0x5EED)
    penalties, turns = 0, [0, 0]
    while not state.is_terminal:
        legal = state.legal_actions()
        seat = state.current_player
        assert seat is not None
        if calls == "always" and seat in BLUE and "call:coaching" in legal:
            state.apply("call:coaching")
            continue
        if legal == ["coaching:admit", "coaching:deny"] and answers == "admit-half":
            state.apply("coaching:admit" if coin.random() < 0.5 else "coaching:deny")
            continue
        if getattr(state, "phase", "") == "aim":
            penalties += 1
        if getattr(state, "phase", "") == "play":
            turns[seat % 2] += 1
        state.apply(policy(state, rng))
    winner = state.winner
    result = 0 if winner is None else (1 if winner == 0 else -1)
    return {"result": result, "penalties": penalties, "blue": turns[0], "orange": turns[1]}


def main(argv: list[str]) -> None:
    count = int(argv[0]) if argv else 200
    options: dict[str, Any] = {"format": "teams", "coaching": True}
    for item in argv[1:]:
        key, _, value = item.partition("=")
        options[key] = int(value) if value.isdigit() else value
    game = games.load("futebol", **options)
    print(f"futebol {options}, {count} games a pairing, Blue the caller")
    for calls, answers in PAIRINGS:
        rows = [play(game, seed, calls, answers) for seed in range(count)]
        wins = sum(1 for r in rows if r["result"] == 1)
        draws = sum(1 for r in rows if r["result"] == 0)
        losses = count - wins - draws
        low, high = wilson_interval(wins + draws / 2, count)
        print(
            f"Blue calls {calls:6} / Orange {answers:10}: Blue {wins}-{draws}-{losses}, "
            f"share {(wins + draws / 2) / count:.1%} ({low:.1%}-{high:.1%}); "
            f"penalties {sum(r['penalties'] for r in rows)}; "
            f"actions in play Blue {sum(r['blue'] for r in rows)}, "
            f"Orange {sum(r['orange'] for r in rows)}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
