"""ISMCTS search speed on every registered game: iterations per second on one core.

Each game is played at random to a few mid-game positions (fixed seeds); at each
the agent searches for a fixed number of iterations, and the total time gives
iterations/s. Usage:

    .venv/bin/python benchmarks/bench_ismcts.py [ITERATIONS] [SPEC ...]

Default specs: `ismcts:depth=10` (random rollouts of 10 actions, score-margin
leaves) and `ismcts:depth=10,rollout=heuristic,eval=heuristic`.

    .venv/bin/python benchmarks/bench_ismcts.py duel GAME ROUNDS OUT.jsonl SEED WORKERS \
        "SPEC_A|SPEC_B" [option=value ...]

plays a paired duel: round `r` plays every arena seating of the two specs
(`ludoteca.sim.arena.seatings`) on the same game seed `game_seed(SEED, r)`, so
each deal is played with the seats swapped; one JSON line per game (seating,
scores, winner, CPU seconds) is appended to OUT.jsonl as soon as it is known,
so a long run can be stopped at any time and read with `summarize`:

    .venv/bin/python benchmarks/bench_ismcts.py summarize OUT.jsonl

    .venv/bin/python benchmarks/bench_ismcts.py searched GAME ITERATIONS SPEC [COUNT]

measures iterations per CPU second on `COUNT` positions (default 30) where the
spec really searches: decisions of heuristic self-play with more than one legal
action that the game's `routine` does not leave to the policy (in Touch down the
random-play positions above are mostly set-ups and player moves, answered unsearched).
"""

from __future__ import annotations

import json
import os
import random
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ludoteca import games
from ludoteca.agents import ISMCTSAgent, SeatView, make_agent
from ludoteca.agents.knowledge import knowledge
from ludoteca.core import State, game_seed
from ludoteca.sim.arena import seatings, win_shares
from ludoteca.sim.parallel import GameRecord
from ludoteca.sim.ratings import wilson_interval
from ludoteca.sim.runner import play_match

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


def duel_game(job: tuple[str, dict[str, Any], list[str], tuple[int, ...], int]) -> dict[str, Any]:
    """One game of a duel: agent `seating[seat]` of `specs` in each seat."""
    name, options, specs, seating, seed = job
    game = games.load(name, **options)
    agents = [make_agent(specs[agent], seed + seat) for seat, agent in enumerate(seating)]
    start = time.process_time()
    result = play_match(game, agents, seed)
    return {
        "seating": list(seating),
        "seed": seed,
        "scores": list(result.scores),
        "winner": result.winner,
        "returns": list(result.returns),
        "steps": result.steps,
        "cpu": time.process_time() - start,
    }


def row_record(row: dict[str, Any]) -> GameRecord:
    """A duel file's row as a `GameRecord` (rows written before session 7 lack `returns`)."""
    scores, returns = tuple(row["scores"]), tuple(row.get("returns", ()))
    return GameRecord(0, row["seed"], scores, row["winner"], 0, {}, returns=returns)


def _orphan_guard() -> None:
    """Pool initializer: the worker exits once its parent has gone (killed duels
    otherwise leave their workers playing on)."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def duel(args: list[str]) -> None:
    """`duel GAME ROUNDS OUT SEED WORKERS "A|B" [option=value ...]` (see the module doc)."""
    name, rounds, out, run_seed, workers = (
        args[0],
        int(args[1]),
        args[2],
        int(args[3]),
        int(args[4]),
    )
    specs = args[5].split("|")
    options: dict[str, Any] = {}
    for item in args[6:]:
        key, _, value = item.partition("=")
        options[key] = int(value) if value.isdigit() else value
    seats = games.load(name, **options).num_seats
    jobs = [
        (name, options, specs, seating, game_seed(run_seed, r))
        for r in range(rounds)
        for seating in seatings(len(specs), seats)
    ]
    with ProcessPoolExecutor(workers, initializer=_orphan_guard) as pool, open(out, "a") as sink:
        for record in pool.map(duel_game, jobs):
            sink.write(json.dumps(record) + "\n")
            sink.flush()


def summarize(path: str) -> None:
    """Per agent of a duel file: games, win shares (`win_shares`), strict wins, CPU."""
    with open(path) as lines:
        rows = [json.loads(line) for line in lines if line.strip()]
    if not rows:
        print(f"no games in {path}", file=sys.stderr)
        sys.exit(2)
    agents = sorted({agent for row in rows for agent in row["seating"]})
    for agent in agents:
        seats = share = wins = 0.0
        for row in rows:
            record = row_record(row)
            shares = win_shares(record)
            for seat, who in enumerate(row["seating"]):
                if who == agent:
                    seats += 1
                    share += shares[seat]
                    wins += row["winner"] == seat
        low, high = wilson_interval(share, int(seats))
        print(
            f"agent {agent}: {len(rows)} games, {seats:.0f} seats, win share {share:.1f} "
            f"= {share / seats:.1%} (95% {low:.1%}-{high:.1%}), sole wins {wins:.0f}"
        )
    cpu = sum(row["cpu"] for row in rows) / len(rows)
    print(
        f"mean CPU per game {cpu:.1f} s, mean steps {sum(r['steps'] for r in rows) / len(rows):.0f}"
    )


def searched_positions(name: str, count: int) -> list[State]:
    """`count` decisions of heuristic self-play (every third one that is searched)."""
    known = knowledge(name)
    game = games.load(name)
    found: list[State] = []
    index = 0
    while len(found) < count:
        state, rng, seen = game.new_game(game_seed(5, index)), random.Random(index), 0
        while not state.is_terminal and len(found) < count:
            if len(state.legal_actions()) > 1 and not known.routine(state):
                seen += 1
                if seen % 3 == 0:
                    found.append(state.clone())
            state.apply(known.policy(state, rng))
        index += 1
    return found


def searched(args: list[str]) -> None:
    """`searched GAME ITERATIONS SPEC [COUNT]` (see the module doc)."""
    name, iterations, spec = args[0], int(args[1]), args[2]
    count = int(args[3]) if len(args) > 3 else 30
    total, cpu = 0, 0.0
    for index, state in enumerate(searched_positions(name, count)):
        agent = make_agent(f"{spec},iterations={iterations}", index)
        assert isinstance(agent, ISMCTSAgent)
        start = time.process_time()
        agent.act(SeatView(state, state.current_player or 0))
        cpu += time.process_time() - start
        total += agent.last_iterations
    print(
        f"{name} {spec},iterations={iterations}: {count} searched positions, "
        f"{total / count:.0f} iterations and {cpu / count:.2f} s CPU a decision, "
        f"{total / max(cpu, 1e-9):,.0f} iterations per CPU second"
    )


def main() -> None:
    """Print one line per game and spec (or run `duel` / `summarize` / `searched`)."""
    if len(sys.argv) > 1 and sys.argv[1] == "searched":
        searched(sys.argv[2:])
        return
    if len(sys.argv) > 1 and sys.argv[1] == "duel":
        duel(sys.argv[2:])
        return
    if len(sys.argv) > 1 and sys.argv[1] == "summarize":
        summarize(sys.argv[2])
        return
    iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    specs = sys.argv[2:] or ["ismcts:depth=10", "ismcts:depth=10,rollout=heuristic,eval=heuristic"]
    for spec in specs:
        for name in games.names():
            wall, cpu = measure(name, spec, iterations)
            print(f"{name:10} {spec:50} {wall:8,.0f} it/s wall {cpu:8,.0f} it/s CPU")


if __name__ == "__main__":
    main()
