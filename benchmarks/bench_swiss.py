"""Swiss pairing benchmark: one round for 2,000 and 10,000 players under every rule set.

Run: ``.venv/bin/python benchmarks/bench_swiss.py [--quick] [--rules NAME]``. Each big
event is played with random results up to its last round; the figure reported is the
CPU time (``time.process_time``, one thread, so other load on the machine does not
inflate it) of :meth:`DuelEvent.pair_next_round` for each round, standings included.
"""

from __future__ import annotations

import argparse
import random
import time

from ludoteca.tournament import DuelEvent, Result, rulesets

#: Results drawn for each way a rule set reports a match, with their weights.
RESULTS: dict[str, list[tuple[str, int]]] = {
    "result": [(r.value, w) for r, w in zip(Result, [40, 8, 4, 8, 40], strict=True)],
    "games": [("2-0", 30), ("2-1", 15), ("1-2", 15), ("0-2", 30), ("1-1", 6), ("2-1-1", 4)],
    "points": [("6-0", 40), ("0-6", 40), ("3-3", 10), ("4-1", 5), ("1-4", 5)],
}


def play_round(event: DuelEvent, rng: random.Random) -> None:
    """Report a random result at every table of the latest round."""
    texts, weights = zip(*RESULTS[event.rules.report], strict=True)
    rnd = event.rounds[-1]
    for match in rnd.matches:
        if not match.is_bye:
            event.report(rnd.number, match.table, rng.choices(texts, weights)[0])


def run_event(players: int, rounds: int, rules: str, seed: int = 1) -> list[tuple[float, int]]:
    """Play ``rounds`` rounds; return (pairing seconds, warnings) per round."""
    rng = random.Random(seed)
    event = DuelEvent(f"bench {players}", seed=seed, rules=rules)
    for i in range(players):
        event.add_player(f"p{i}", f"Player {i}")
    out = []
    for _ in range(rounds):
        start = time.process_time()
        rnd = event.pair_next_round()
        out.append((time.process_time() - start, len(rnd.warnings)))
        play_round(event, rng)
        if rng.random() < 0.5:  # a few drops between rounds
            active = event.active(rnd.number + 1)
            for pid in rng.sample(active, k=max(1, len(active) // 100)):
                event.drop(pid)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="smaller sizes for a smoke run")
    parser.add_argument("--rules", choices=rulesets.names(), help="one rule set (default: all)")
    args = parser.parse_args()
    sizes = [(200, 9), (1000, 9)] if args.quick else [(2000, 9), (10000, 9)]
    for rules in [args.rules] if args.rules else rulesets.names():
        for players, rounds in sizes:
            times = run_event(players, rounds, rules)
            per_round = ", ".join(f"{t:.2f}" for t, _ in times)
            worst = max(t for t, _ in times)
            warned = sum(w for _, w in times)
            print(f"{rules}, {players} players: pairing per round [s CPU] {per_round};")
            print(f"  worst {worst:.2f} s; warnings {warned}")
        players = 200 if args.quick else 1000
        start = time.process_time()
        run_event(players, 9, rules, seed=2)
        print(f"{rules}: full 9-round {players}-player event (pair, report, standings): ", end="")
        print(f"{time.process_time() - start:.2f} s CPU")


if __name__ == "__main__":
    main()
