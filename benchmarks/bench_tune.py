"""How good is `ludoteca tune`'s search? Its configuration of Optuna against NTBEA (TAG's
optimiser, the issue's anchor: `benchmarks/ntbea.py`), plain TPE and random search.

Run: ``.venv/bin/python benchmarks/bench_tune.py [--runs 150] [--budget 30] [--games 100]``.

Each run plants an imbalance in a fresh problem shaped like a designer's: five integer
settings of six values each (7,776 settings), the first seat's win probability a
linear function of them plus an interaction and an offset (unknown to the searches), a
trial playing `--games` seeded Bernoulli games at its setting, the figure to minimise
|first seat's win share - 50%| as `ludoteca tune`'s `fair` goal. Every search spends
the same number of games (`--budget` trials of `--games` games):

- `ludoteca`: what `ludoteca tune` does (`sim.tune.make_study`: multivariate TPE, median
  pruner over four rungs; a setting drawn again is not played again) with the games of
  six trials kept for its final round: the three best distinct settings played again,
  twice the games each, the best there recommended;
- `ntbea`, `ntbea+final`: NTBEA as TAG runs it (its model's best sampled setting), and
  with the same final round over its model's three best;
- `tpe`: Optuna's default TPE, the best trial's setting; `random`: the best measured.

A recommendation is scored by its *true* figure; its regret is that less the best
figure any setting has, in points. The last column is the ratio of a search's mean
regret to NTBEA's in the same run.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import optuna
from ntbea import NTupleLandscape, Point, ntbea_landscape

from ludoteca.sim.tune import FINALISTS, RUNGS, make_study

VALUES = (6, 6, 6, 6, 6)


@dataclass(frozen=True)
class Problem:
    """A planted imbalance: the first seat's win probability at each setting."""

    weights: tuple[float, ...]
    interaction: float
    offset: float

    @classmethod
    def draw(cls, rng: random.Random) -> Problem:
        """A random problem."""
        return cls(
            tuple(rng.uniform(-0.2, 0.2) for _ in VALUES),
            rng.uniform(-0.3, 0.3),
            rng.uniform(-0.15, 0.15),
        )

    def win(self, point: Point) -> float:
        """The first seat's win probability at `point`."""
        centred = [(x - (v - 1) / 2) / (v - 1) for x, v in zip(point, VALUES, strict=True)]
        p = 0.5 + self.offset + sum(w * c for w, c in zip(self.weights, centred, strict=True))
        p += self.interaction * centred[0] * centred[1]
        return min(0.99, max(0.01, p))

    def figure(self, point: Point) -> float:
        """The true figure: the distance of the win probability from 50%."""
        return abs(self.win(point) - 0.5)

    def best(self) -> float:
        """The lowest true figure any setting has."""
        return min(self.figure(p) for p in itertools.product(*(range(v) for v in VALUES)))


@dataclass
class Games:
    """Seeded games of a problem."""

    problem: Problem
    dice: random.Random

    def wins(self, point: Point, games: int) -> int:
        """How many of `games` games the first seat wins at `point`."""
        p = self.problem.win(point)
        return sum(self.dice.random() < p for _ in range(games))

    def figure(self, point: Point, games: int) -> float:
        """The measured figure of `games` games at `point`."""
        return abs(self.wins(point, games) / games - 0.5)

    def final(self, candidates: Sequence[Point], games: int) -> Point:
        """Each candidate played again, `games` games; the best there."""
        return min(candidates, key=lambda p: self.figure(p, games))


Search = Callable[[Games, int, int, random.Random], Point]


def random_search(play: Games, budget: int, games: int, rng: random.Random) -> Point:
    """`budget` random settings; the best measured."""
    tried = [tuple(rng.randrange(v) for v in VALUES) for _ in range(budget)]
    return min(tried, key=lambda p: play.figure(p, games))


def ntbea_search(play: Games, budget: int, games: int, rng: random.Random) -> Point:
    """NTBEA maximising minus the figure: its model's best sampled setting."""
    landscape = ntbea_landscape(lambda p: -play.figure(p, games), VALUES, budget, rng)
    return _by_model(landscape)[0]


def ntbea_final(play: Games, budget: int, games: int, rng: random.Random) -> Point:
    """NTBEA with `ludoteca tune`'s final round over its model's three best."""
    search = budget - 2 * FINALISTS
    landscape = ntbea_landscape(lambda p: -play.figure(p, games), VALUES, search, rng)
    return play.final(_by_model(landscape)[:FINALISTS], 2 * games)


def _by_model(landscape: NTupleLandscape) -> list[Point]:
    return sorted(sorted(landscape.sampled), key=landscape.mean, reverse=True)


def _trials(
    play: Games, study: optuna.Study, games: int, allowance: int, repeats: bool = True
) -> None:
    """Trials in four rungs until `allowance` games are spent (pruned ones spend less).
    Without `repeats`, a setting drawn again is not played again (as `ludoteca tune`,
    whose trials share their seeds): it costs no game and reports its earlier figure."""
    spent = 0
    seen: dict[Point, float | None] = {}

    def objective(trial: optuna.Trial) -> float:
        nonlocal spent
        point = tuple(trial.suggest_int(f"x{i}", 0, v - 1) for i, v in enumerate(VALUES))
        if not repeats and point in seen:
            earlier = seen[point]
            if earlier is None:
                raise optuna.TrialPruned()
            return earlier
        seen[point] = None
        wins = played = 0
        for rung in range(1, RUNGS + 1):
            upto = games * rung // RUNGS
            wins += play.wins(point, upto - played)
            spent += upto - played
            played = upto
            trial.report(abs(wins / played - 0.5), rung - 1)
            if trial.should_prune():
                raise optuna.TrialPruned()
        seen[point] = abs(wins / played - 0.5)
        return abs(wins / played - 0.5)

    while spent < allowance and len(study.trials) < 20 * allowance // games:
        study.optimize(objective, n_trials=1)


def _best(study: optuna.Study, count: int) -> list[Point]:
    """The `count` best distinct settings."""
    done = [t for t in study.trials if t.value is not None]
    done.sort(key=lambda t: (t.value, t.number))
    points = [tuple(t.params[f"x{i}"] for i in range(len(VALUES))) for t in done]
    return list(dict.fromkeys(points))[:count]


def ludoteca_search(play: Games, budget: int, games: int, rng: random.Random) -> Point:
    """`ludoteca tune`: its study, then its final round, in the same games."""
    study = make_study(rng.randrange(2**31))
    _trials(play, study, games, (budget - 2 * FINALISTS) * games, repeats=False)
    return play.final(_best(study, FINALISTS), 2 * games)


def tpe_search(play: Games, budget: int, games: int, rng: random.Random) -> Point:
    """Optuna's default TPE, no pruning: the best trial."""
    sampler = optuna.samplers.TPESampler(seed=rng.randrange(2**31))
    study = optuna.create_study(direction="minimize", sampler=sampler)
    _trials(play, study, games, budget * games)
    return _best(study, 1)[0]


SEARCHES: dict[str, Search] = {
    "ntbea": ntbea_search,
    "ntbea+final": ntbea_final,
    "ludoteca": ludoteca_search,
    "tpe": tpe_search,
    "random": random_search,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=150)
    parser.add_argument("--budget", type=int, default=30, help="trials' worth of games")
    parser.add_argument("--games", type=int, default=100, help="games a trial")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    regrets: dict[str, list[float]] = {name: [] for name in SEARCHES}
    cpu = dict.fromkeys(SEARCHES, 0.0)
    for run in range(args.runs):
        seed = args.seed * 1_000 + run
        problem = Problem.draw(random.Random(seed))
        best = problem.best()
        for name, search in SEARCHES.items():
            start = time.process_time()
            play = Games(problem, random.Random(seed + 1))
            point = search(play, args.budget, args.games, random.Random(seed))
            cpu[name] += time.process_time() - start
            regrets[name].append(100 * (problem.figure(point) - best))
    anchor = statistics.mean(regrets["ntbea"])
    print(f"{args.runs} problems, {args.budget} trials' worth of {args.games} games a search")
    print(f"{'search':<12} {'mean regret':>11} {'95% interval':>14} {'within 2':>9} "
          f"{'vs ntbea':>9} {'CPU s':>6}")  # fmt: skip
    for name, values in regrets.items():
        mean = statistics.mean(values)
        half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
        near = sum(v <= 2 for v in values) / len(values)
        ratio = mean / anchor if anchor else float("nan")
        print(
            f"{name:<12} {mean:>11.2f} {mean - half:>6.2f} – {mean + half:<5.2f} {near:>9.0%} "
            f"{ratio:>9.2f} {cpu[name] / args.runs:>6.2f}"
        )


if __name__ == "__main__":
    main()
