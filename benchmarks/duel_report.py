"""Read a many-seat duel file of `bench_ismcts.py duel` (two agents, e.g. five-seat
Toxicity, where agent 0 holds seats 0, 2, 4 in one seating and 1, 3 in the other).

Per agent: seats played, win share per seat (`ludoteca.sim.arena.win_shares`: one
point a game split among the tied leaders) with its 95% Wilson interval; agent 0's
part of the two per-seat shares, `a / (a + b)` (the two-agent score rate: 50% is
level, chance for each seat being 1/seats), with a 95% interval by resampling
whole games; the arena's pairwise count of agent-0 seats against agent-1
seats; wins / draws / losses of agent 0 by game, comparing the two agents'
mean share per seat in the game; CPU seconds per game. Usage:

    .venv/bin/python benchmarks/duel_report.py OUT.jsonl [OUT2.jsonl ...]
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from ludoteca.sim.arena import win_shares
from ludoteca.sim.parallel import GameRecord
from ludoteca.sim.ratings import wilson_interval

RESAMPLES = 2000


def _record(row: dict[str, Any]) -> GameRecord:
    """A duel file's row as a `GameRecord` (rows before session 7 lack `returns`)."""
    scores, returns = tuple(row["scores"]), tuple(row.get("returns", ()))
    return GameRecord(0, row["seed"], scores, row["winner"], 0, {}, returns=returns)


def per_game(row: dict[str, Any]) -> tuple[list[float], list[int]]:
    """Win shares and seats of agents 0 and 1 in one game."""
    shares = win_shares(_record(row))
    share, seats = [0.0, 0.0], [0, 0]
    for seat, who in enumerate(row["seating"]):
        share[who] += shares[seat]
        seats[who] += 1
    return share, seats


def part(rows: list[tuple[list[float], list[int]]]) -> float:
    """Agent 0's part of the two agents' per-seat win shares over `rows`."""
    a = sum(s[0] for s, _ in rows) / max(1, sum(n[0] for _, n in rows))
    b = sum(s[1] for s, _ in rows) / max(1, sum(n[1] for _, n in rows))
    return a / (a + b) if a + b else 0.5


def pairwise(rows: list[dict[str, Any]]) -> tuple[float, float]:
    """Agent 0's seats against agent 1's seats, game by game, as `arena._tally`
    counts them: a larger share is a win, equal shares above zero half a win each,
    two seats without a share no game. Returns (agent 0's points, agent 1's)."""
    ahead = behind = 0.0
    for row in rows:
        shares = win_shares(_record(row))
        mine = [shares[s] for s, who in enumerate(row["seating"]) if who == 0]
        theirs = [shares[s] for s, who in enumerate(row["seating"]) if who == 1]
        for a in mine:
            for b in theirs:
                if a > b:
                    ahead += 1.0
                elif b > a:
                    behind += 1.0
                elif a > 0:
                    ahead += 0.5
                    behind += 0.5
    return ahead, behind


def report(rows: list[dict[str, Any]]) -> None:
    """Print the figures described in the module docstring."""
    games = [per_game(row) for row in rows]
    for agent in (0, 1):
        share = sum(s[agent] for s, _ in games)
        seats = sum(n[agent] for _, n in games)
        low, high = wilson_interval(share, seats)
        print(
            f"agent {agent}: {seats} seats, win share {share:.2f} = {share / seats:.1%} "
            f"per seat (95% {low:.1%}-{high:.1%})"
        )
    rng = random.Random(0)
    boot = sorted(part([games[rng.randrange(len(games))] for _ in games]) for _ in range(RESAMPLES))
    low, high = boot[int(0.025 * RESAMPLES)], boot[int(0.975 * RESAMPLES) - 1]
    print(f"agent 0's part of the per-seat shares: {part(games):.1%} (95% {low:.1%}-{high:.1%})")
    wins = draws = losses = 0
    for game_share, game_seats in games:
        mine, theirs = game_share[0] / game_seats[0], game_share[1] / game_seats[1]
        wins += mine > theirs + 1e-9
        losses += theirs > mine + 1e-9
        draws += abs(mine - theirs) <= 1e-9
    ahead, behind = pairwise(rows)
    low, high = wilson_interval(ahead, int(ahead + behind))
    print(
        f"pairwise (as the arena's Bradley-Terry table): an agent-0 seat ahead of an "
        f"agent-1 seat {ahead:.1f}, behind {behind:.1f}: {ahead / (ahead + behind):.1%} "
        f"(95% {low:.1%}-{high:.1%}, seats treated as independent)"
    )
    cpu = sum(row["cpu"] for row in rows) / len(rows)
    print(f"{len(rows)} games: agent 0 W/D/L {wins}/{draws}/{losses}; CPU {cpu:.0f} s a game")


def main() -> None:
    """Report on the duel files named on the command line, pooled."""
    rows: list[dict[str, Any]] = []
    for path in sys.argv[1:]:
        with open(path) as lines:
            rows += [json.loads(line) for line in lines if line.strip()]
    if not rows:
        print(f"no games in {' '.join(sys.argv[1:]) or '(no file named)'}", file=sys.stderr)
        sys.exit(2)
    report(rows)


if __name__ == "__main__":
    main()
