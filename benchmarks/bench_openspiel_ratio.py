"""Random playouts of every game beside OpenSpiel's `python_kuhn_poker`, in one run (issue 21).

    .venv/bin/python benchmarks/bench_openspiel_ratio.py [SECONDS] [ROUNDS] [WORKERS] [--compiled]

The anchor is the Python-loop game OpenSpiel ships: Kuhn poker written in Python, played
through `pyspiel`. Each ludoteca game is played through its integer-action API, the one a
learner uses (`legal_action_ids`, `apply_action_id`), with no event log, as the PettingZoo
and Gymnasium environments play it (`new_game(seed, quiet=True)`; the log is for people
and `render`). Both run the same loop: pick a uniformly random legal id, apply it, until
the game ends. Each game is also measured on the people's path (`people`, issue 43): the
action strings (`legal_actions`, `apply`) with the event log kept, what the web, the
command line and the simulations play.

A step is one decision of a seat, what a learner's environment counts. Kuhn poker's two
chance deals are applied like decisions but are not counted as steps: in ludoteca the
dice and shuffles happen inside the decisions, so counting them would count work the
ludoteca games do and do not count. The anchor's rate counting every action applied
(deals too) is printed beside it.

Every (game, round) measurement is a task of `SECONDS` CPU seconds in one process pool,
each in a fresh process, the anchor's tasks interleaved with the games' (round 1: kuhn,
toinc, futebol, ..., round 2: kuhn, ...), so both see the same machine load. Each
game's figure is its steps per CPU second over all rounds; its ratio is that over the
anchor's. The targets: every game at least 1.0x the anchor, toinc at least 2.0x; on the
people's path, every game at least 1.0x on the Python build and 2.0x compiled.

`--compiled` adds each game on the optional compiled build (`make compiled`, in
`build/compiled`: the rule modules compiled with mypyc) to the same rounds.

`ismcts` adds ISMCTS iterations per CPU second on each game's benchmark positions
(`bench_ismcts.py`, `ismcts:depth=10`), target 2,000:

    .venv/bin/python benchmarks/bench_openspiel_ratio.py ismcts [ITERATIONS] [--compiled]
"""

from __future__ import annotations

import multiprocessing
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ANCHOR = "kuhn"
COMPILED = " (mypyc)"
"""The suffix of a game measured on the compiled build."""
PEOPLE = " people"
"""The suffix of a game measured on the people's path: strings, with the event log."""
BUILD = Path(__file__).resolve().parent.parent / "build" / "compiled"
TARGETS = {"toinc": 2.0}
"""Ratios above the default target of 1.0 (the learners' path)."""
PEOPLE_TARGETS = {"": 1.0, COMPILED: 2.0}
"""The people's path's target on each build."""
ISMCTS_TARGET = 2_000
KUHN_DEALS = 2
"""Chance actions in every Kuhn poker game: one card dealt to each player."""


def built_in() -> tuple[str, ...]:
    """ludoteca's own games, from the registry (read in the parent only when asked: each
    measurement runs in a fresh process, on the build it names)."""
    from ludoteca import games

    return tuple(games.built_in())


def playouts(
    start: Callable[[int], Any],
    legal: Callable[[Any], list[int]],
    apply: Callable[[Any, int], None],
    over: Callable[[Any], bool],
    seconds: float,
) -> tuple[int, int, float]:
    """Random playouts until `seconds` of CPU time pass: (actions applied, games, CPU
    seconds)."""
    rng = random.Random(0)
    applied = played = 0
    begin = time.process_time()
    while time.process_time() - begin < seconds:
        state = start(rng.randrange(2**31))
        while not over(state):
            ids = legal(state)
            apply(state, ids[rng.randrange(len(ids))])
            applied += 1
        played += 1
    return applied, played, time.process_time() - begin


def _kuhn(seconds: float) -> tuple[int, int, float]:
    import pyspiel
    from open_spiel.python.games import kuhn_poker  # noqa: F401 (registers the game)

    game = pyspiel.load_game("python_kuhn_poker")

    def legal(state: Any) -> list[int]:
        if state.is_chance_node():
            return [outcome for outcome, _p in state.chance_outcomes()]
        return list(state.legal_actions())

    return playouts(
        lambda _seed: game.new_initial_state(),
        legal,
        lambda state, action: state.apply_action(action),
        lambda state: state.is_terminal(),
        seconds,
    )


def _ludoteca(name: str, seconds: float, people: bool) -> tuple[int, int, float]:
    from ludoteca import games

    game = games.load(name)
    if people:  # the strings, the log kept: what a person's game plays
        return playouts(
            lambda seed: game.new_game(seed),
            lambda state: state.legal_actions(),
            lambda state, action: state.apply(action),
            lambda state: state.is_terminal,
            seconds,
        )
    return playouts(
        lambda seed: game.new_game(seed, quiet=True),
        lambda state: state.legal_action_ids(),
        lambda state, action: state.apply_action_id(action),
        lambda state: state.is_terminal,
        seconds,
    )


def task(name: str, seconds: float) -> tuple[str, int, int, float]:
    """One measurement in a fresh worker: (name, decisions, actions applied, CPU seconds)."""
    game = name.removesuffix(PEOPLE)
    if game.endswith(COMPILED):
        sys.path.insert(0, str(BUILD))  # before ludoteca is first imported here
    game = game.removesuffix(COMPILED)
    if name == ANCHOR:
        applied, played, cpu = _kuhn(seconds)
    else:
        applied, played, cpu = _ludoteca(game, seconds, name.endswith(PEOPLE))
    deals = KUHN_DEALS * played if name == ANCHOR else 0  # ludoteca: chance inside actions
    return name, applied - deals, applied, cpu


def ratios(
    seconds: float, rounds: int, workers: int, names: tuple[str, ...]
) -> tuple[dict[str, float], float]:
    """Decisions per CPU second of the anchor and each of `names` over interleaved
    rounds, and the anchor's actions (deals too) per CPU second."""
    order = [name for _round in range(rounds) for name in (ANCHOR, *names)]
    steps: dict[str, int] = defaultdict(int)
    applied: dict[str, int] = defaultdict(int)
    cpu: dict[str, float] = defaultdict(float)
    fresh = multiprocessing.get_context("spawn")  # a compiled build must be first imported
    with ProcessPoolExecutor(workers, mp_context=fresh, max_tasks_per_child=1) as pool:
        for name, decided, done, spent in pool.map(task, order, [seconds] * len(order)):
            steps[name] += decided
            applied[name] += done
            cpu[name] += spent
    rates = {name: steps[name] / cpu[name] for name in (ANCHOR, *names)}
    return rates, applied[ANCHOR] / cpu[ANCHOR]


def ismcts_task(name: str, iterations: int) -> float:
    """ISMCTS iterations per CPU second on `name` (`bench_ismcts.measure`), in a fresh
    worker."""
    if name.endswith(COMPILED):
        sys.path.insert(0, str(BUILD))
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_ismcts import measure

    return measure(name.removesuffix(COMPILED), "ismcts:depth=10", iterations)[1]


def ismcts(iterations: int, names: tuple[str, ...]) -> dict[str, float]:
    """ISMCTS iterations per CPU second of each of `names`, one fresh process each."""
    fresh = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=fresh, max_tasks_per_child=1) as pool:
        rates = pool.map(ismcts_task, names, [iterations] * len(names))
        return dict(zip(names, rates, strict=True))


def main() -> None:
    """Print each figure, its ratio and whether it meets its target."""
    args = [arg for arg in sys.argv[1:] if arg != "--compiled"]
    builds = [""]
    if "--compiled" in sys.argv:
        if not BUILD.is_dir():
            raise SystemExit(f"no compiled build in {BUILD}: run make compiled")
        builds.append(COMPILED)
    names = tuple(game + build for game in built_in() for build in builds)
    if args[:1] == ["ismcts"]:
        iterations = int(args[1]) if len(args) > 1 else 1000
        for name, rate in ismcts(iterations, names).items():
            met = "met" if rate >= ISMCTS_TARGET else "NOT met"
            print(f"{name:18} {rate:8,.0f} ISMCTS iterations per CPU second  target 2,000 {met}")
        return
    seconds = float(args[0]) if args else 5.0
    rounds = int(args[1]) if len(args) > 1 else 3
    workers = int(args[2]) if len(args) > 2 else 2
    names = tuple(name for base in names for name in (base, base + PEOPLE))
    rates, with_deals = ratios(seconds, rounds, workers, names)
    anchor = rates[ANCHOR]
    print(
        f"{'kuhn':23} {anchor:10,.0f} steps per CPU second (python_kuhn_poker, the anchor; "
        f"{with_deals:,.0f} actions with the deals)"
    )
    for name in names:
        ratio = rates[name] / anchor
        base = name.removesuffix(PEOPLE)
        if name.endswith(PEOPLE):
            target = PEOPLE_TARGETS[COMPILED if base.endswith(COMPILED) else ""]
        else:
            target = TARGETS.get(base.removesuffix(COMPILED), 1.0)
        met = "met" if ratio >= target else "NOT met"
        print(
            f"{name:23} {rates[name]:10,.0f} steps per CPU second  {ratio:5.2f}x  "
            f"target {target:.1f}x {met}"
        )


if __name__ == "__main__":
    main()
