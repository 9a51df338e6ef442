"""Toxicity 101: how often one heuristic seat among four random ones wins alone, and
how its pawn escapes or dies, colour by colour. One process, one core.

Game `i` has seed `game_seed(SEED, i)` and the heuristic in seat `i % 5` (the seeds
and seating of `tests/agents/test_heuristics.heuristic_seat_wins` with SEED 11;
session 3 measured seeds 21 and 33). With `--all-heuristic` every seat is the
heuristic and every pawn round counts. Prints the sole-win rate with its 95% Wilson
interval, each colour's escape rate and causes of death (the gas, exhaustion,
killed by a pawn; with or without a key, by zone), and the CPU milliseconds per
heuristic decision. Usage:

    .venv/bin/python benchmarks/toxicity_escapes.py GAMES SEED [--all-heuristic]
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from typing import Any

from ludoteca import games
from ludoteca.agents import SeatView, make_agent
from ludoteca.core import game_seed
from ludoteca.games.toxicity import rounds
from ludoteca.games.toxicity.state import ToxicityState
from ludoteca.sim.ratings import wilson_interval

CAUSES = {rounds.GAS: "gas", rounds.EXHAUSTION: "exhaustion"}
"""A death's cause (the message `rounds.die` logs) as this report names it."""

SEATS = 5


class Tracker:
    """Fates of the tracked seats' pawns, recorded by wrapping `rounds.die` and
    `rounds.finish_round` on the live state only."""

    def __init__(self) -> None:
        self.live: Any = None
        self.tracked: set[int] = set()
        self.fates: Counter[str] = Counter()  # "colour:fate"
        self.rounds: Counter[str] = Counter()
        self.causes: dict[tuple[int, int], str] = {}
        self._die = rounds.die
        self._finish = rounds.finish_round
        rounds.die = self.die  # type: ignore[assignment]
        rounds.finish_round = self.finish  # type: ignore[assignment]

    def restore(self) -> None:
        """Put the engine's functions back."""
        rounds.die, rounds.finish_round = self._die, self._finish  # type: ignore[assignment]

    def die(self, state: ToxicityState, index: int, by: int | None, cause: str) -> None:
        if state is self.live:
            pawn = state.pawns[index]
            how = "killed" if by is not None and by != index else CAUSES[cause]
            key = "key" if pawn.key is not None else "no key"
            self.causes[(state.round, index)] = (
                f"{how}, {key}, zone {state.geo.zone(pawn.square) + 1}"
            )
        self._die(state, index, by, cause)

    def finish(self, state: ToxicityState) -> None:
        if state is self.live:
            for index, pawn in enumerate(state.pawns):
                if state.seat_of(index) not in self.tracked:
                    continue
                self.rounds[pawn.colour] += 1
                if pawn.escaped:
                    fate = pawn.escaped
                elif not pawn.alive:
                    fate = self.causes.get((state.round, index), "died")
                else:
                    fate = "alive"
                self.fates[f"{pawn.colour}:{fate}"] += 1
        self._finish(state)


def measure(n: int, run_seed: int, all_heuristic: bool) -> tuple[int, Tracker, float, int]:
    """Sole wins of the heuristic seat, the fates, CPU seconds and heuristic decisions."""
    game = games.load("toxicity", players=SEATS)
    tracker = Tracker()
    wins = 0
    cpu, decisions = 0.0, 0
    for index in range(n):
        seed = game_seed(run_seed, index)
        seat = index % SEATS
        heuristic = set(range(SEATS)) if all_heuristic else {seat}
        agents = [
            make_agent("heuristic" if s in heuristic else "random", seed + s) for s in range(SEATS)
        ]
        state = game.new_game(seed)
        tracker.live, tracker.tracked, tracker.causes = state, heuristic, {}
        while not state.is_terminal:
            mover = state.current_player
            assert mover is not None
            if mover in heuristic:
                start = time.process_time()
                action = agents[mover].act(SeatView(state, mover))
                cpu += time.process_time() - start
                decisions += 1
            else:
                action = agents[mover].act(SeatView(state, mover))
            state.apply(action)
        wins += state.winner == seat
    tracker.restore()
    return wins, tracker, cpu, decisions


def main(n: int, run_seed: int, all_heuristic: bool) -> None:
    report(n, run_seed, all_heuristic, *measure(n, run_seed, all_heuristic))


def report(
    n: int, run_seed: int, all_heuristic: bool, wins: int, t: Tracker, cpu: float, decisions: int
) -> None:
    """Print the figures."""
    who = "all seats heuristic" if all_heuristic else "one heuristic seat among four random"
    print(f"{n} games, seeds game_seed({run_seed}, i), {who}")
    if not all_heuristic:
        low, high = wilson_interval(wins, n)
        print(f"sole wins {wins}/{n} = {wins / n:.1%} (95% {low:.1%}-{high:.1%})")
    total = sum(t.rounds.values())
    escapes = sum(v for k, v in t.fates.items() if k.endswith((":door", ":trapdoor")))
    low, high = wilson_interval(escapes, total)
    rate = f"{escapes}/{total} = {escapes / total:.1%} (95% {low:.1%}-{high:.1%})"
    print(f"escapes per pawn round {rate}")
    for colour in sorted(t.rounds, key=lambda c: ("blue", "red", "yellow", "green").index(c)):
        rounds_played = t.rounds[colour]
        fates = {k.split(":", 1)[1]: v for k, v in t.fates.items() if k.startswith(colour + ":")}
        out = fates.get("door", 0) + fates.get("trapdoor", 0)
        print(f"  {colour:6} {out}/{rounds_played} = {out / rounds_played:.1%} escaped")
        for fate, count in sorted(fates.items(), key=lambda kv: -kv[1]):
            print(f"      {count:4}  {fate}")
    print(f"heuristic decisions {decisions}, {1000 * cpu / max(1, decisions):.3f} ms CPU each")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(int(args[0]), int(args[1]), "--all-heuristic" in sys.argv)
