"""ISMCTS search speed on every registered game: iterations per second on one core.

Each game is played at random to a few mid-game positions (fixed seeds); at each
the agent searches for a fixed number of iterations, and the total time gives
iterations/s. Usage:

    .venv/bin/python benchmarks/bench_ismcts.py [ITERATIONS] [SPEC ...]

Default specs: `ismcts:depth=10` (random rollouts of 10 actions, score-margin
leaves) and `ismcts:depth=10,rollout=heuristic,eval=heuristic`.
"""

from __future__ import annotations

import random
import sys
import time

from ludoteca import games
from ludoteca.agents import ISMCTSAgent, SeatView, make_agent
from ludoteca.core import State

POSITIONS = 5
WARMUP = (40, 150, 400, 800, 1200)
"""Random actions played before each measured position (capped by the game's end)."""


def positions(name: str) -> list[State]:
    """Mid-game positions of `name` with more than one legal action."""
    game = games.load(name)
    found = []
    for index in range(POSITIONS):
        rng = random.Random(index)
        state = game.new_game(index)
        for _ in range(WARMUP[index % len(WARMUP)]):
            actions = state.legal_actions()
            if state.is_terminal or len(actions) < 1:
                break
            state.apply(actions[rng.randrange(len(actions))])
        while not state.is_terminal and len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        if not state.is_terminal:
            found.append(state)
    return found


def measure(name: str, spec: str, iterations: int) -> tuple[float, float]:
    """Iterations per wall-clock second and per CPU second of agent `spec` on
    `name`'s benchmark positions (CPU time is the fair figure on a shared machine)."""
    total = 0
    elapsed = cpu = 0.0
    for state in positions(name):
        agent = make_agent(f"{spec},iterations={iterations}" if ":" in spec else spec, 0)
        assert isinstance(agent, ISMCTSAgent)
        view = SeatView(state, state.current_player or 0)
        start, start_cpu = time.perf_counter(), time.process_time()
        agent.act(view)
        elapsed += time.perf_counter() - start
        cpu += time.process_time() - start_cpu
        total += agent.last_iterations
    return total / max(elapsed, 1e-9), total / max(cpu, 1e-9)


def main() -> None:
    """Print one line per game and spec."""
    iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    specs = sys.argv[2:] or ["ismcts:depth=10", "ismcts:depth=10,rollout=heuristic,eval=heuristic"]
    for spec in specs:
        for name in games.names():
            wall, cpu = measure(name, spec, iterations)
            print(f"{name:10} {spec:50} {wall:8,.0f} it/s wall {cpu:8,.0f} it/s CPU")


if __name__ == "__main__":
    main()
