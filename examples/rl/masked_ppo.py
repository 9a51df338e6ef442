"""Masked PPO on one seat of a ludoteca game, through its Gymnasium environment.

    pip install -e ".[learn]"      # sb3-contrib and torch (docs/research.md: a CPU build)
    python examples/rl/masked_ppo.py --steps 200000 --curve curve.csv --plot curve.png

Trains sb3-contrib's `MaskablePPO` (a small MLP over the flat observation tensor; the
action mask keeps every choice legal) on both seats of Toinc's 10-turn practice game
against `--opponent` (ludoteca's `random` player by default), one environment a seat.
With `--imitate N` the policy first copies N decisions of ludoteca's `heuristic`
(behaviour cloning: the masked policy's cross-entropy on the heuristic's choices, and
the value head on the returns that followed them), and PPO goes on from there. Every
`--every` steps it plays `--games` evaluation games against the opponent and writes a
row of the learning curve (steps, score rate and its 95% Wilson interval); at the end
it plays `--games` more against `random` and against the `heuristic`, seats swapped,
and prints both score rates (a win 1, a draw 1/2). The reward is the seat's return at
the game's end plus, step by step, the change in its score margin over `--shaping`
points (0: the return alone); the evaluation counts only the games' results.
docs/research.md has the curves of `--steps 200000` and of the imitation run, and what
they took.
"""

from __future__ import annotations

import argparse
import csv
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

from ludoteca.agents import SeatView, make_agent
from ludoteca.interop.gymnasium import SeatEnv
from ludoteca.sim.ratings import wilson_interval

GAME = "toinc"
OPTIONS: dict[str, Any] = {"length": "practice", "practice_turns": 10}
SHAPING = 14.0
"""Points of margin worth a return of 1 in the shaped reward (two touchdowns)."""
GAMMA = 0.995
Demonstrations = tuple[np.ndarray[Any, Any], ...]


class Masked(gymnasium.Wrapper[Any, int, Any, int]):
    """A `SeatEnv` as MaskablePPO reads it: the tensor as the observation, the legal
    ids from `action_masks()`; with `shaping`, each step also rewards the change in the
    seat's score margin (points / `shaping`), a dense signal beside the game's return."""

    def __init__(self, env: SeatEnv, shaping: float = 0.0) -> None:
        super().__init__(env)
        self.seat_env, self.shaping = env, shaping
        self.observation_space = env.observation_space["observation"]

    def margin(self) -> float:
        scores = self.seat_env.world.scores
        return scores[self.seat_env.seat] - max(
            score for seat, score in enumerate(scores) if seat != self.seat_env.seat
        )

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        observation, info = self.env.reset(**kwargs)
        self.last = self.margin()
        return observation["observation"], info

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        observation, reward, terminated, truncated, info = self.env.step(action)
        if self.shaping:
            margin = self.margin()
            reward += (margin - self.last) / self.shaping
            self.last = margin
        return observation["observation"], float(reward), terminated, truncated, info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The ids legal now for the learning seat."""
        return self.seat_env.world.action_mask().astype(bool)


def make_env(seat: int, opponent: str, shaping: float) -> Callable[[], Masked]:
    return lambda: Masked(SeatEnv(GAME, seat=seat, opponents=opponent, **OPTIONS), shaping)


def demonstrations(decisions: int, opponent: str, shaping: float, seed: int) -> Demonstrations:
    """At least `decisions` decisions of the `heuristic` on both seats against `opponent`:
    the observations (float16), masks, chosen ids and the discounted returns after each."""
    observations, masks, chosen, returns = [], [], [], []
    game = 0
    while len(chosen) < decisions:
        seat = game % 2
        env = Masked(SeatEnv(GAME, seat=seat, opponents=opponent, **OPTIONS), shaping)
        teacher = make_agent("heuristic", seed + game)
        observation, _ = env.reset(seed=seed + game)
        rewards: list[float] = []
        done = False
        while not done:
            world = env.seat_env.world
            action = world.game.action_space.id_of(teacher.act(SeatView(world, seat)))
            observations.append(observation.astype(np.float16))
            masks.append(env.action_masks())
            chosen.append(action)
            observation, reward, terminated, truncated, _ = env.step(action)
            rewards.append(reward)
            done = terminated or truncated
        ahead, after = 0.0, []
        for reward in reversed(rewards):
            ahead = reward + GAMMA * ahead
            after.append(ahead)
        returns.extend(reversed(after))
        game += 1
    return np.array(observations), np.array(masks), np.array(chosen), np.array(returns)


def imitate(model: MaskablePPO, data: Demonstrations, epochs: int) -> list[float]:
    """Behaviour cloning: train `model`'s policy on `data` (cross-entropy of the masked
    policy on the chosen ids, squared error of the value on the returns) for `epochs`
    passes of batches of 256; returns the share of ids copied at each pass."""
    observations, masks, chosen, returns = data
    inputs = torch.from_numpy(observations)
    ids, targets = torch.from_numpy(chosen), torch.from_numpy(returns).float()
    policy = model.policy
    optimizer = torch.optim.Adam(policy.parameters(), lr=1e-3)
    shares = []
    for _ in range(epochs):
        copied = 0
        for batch in torch.randperm(len(ids)).split(256):
            legal = masks[batch.numpy()]
            values, log_prob, _ = policy.evaluate_actions(inputs[batch].float(), ids[batch], legal)
            loss = 0.5 * (values.flatten() - targets[batch]).pow(2).mean() - log_prob.mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            with torch.no_grad():
                best = policy.get_distribution(inputs[batch].float(), legal)
                copied += int((best.get_actions(deterministic=True) == ids[batch]).sum())
        shares.append(copied / len(ids))
        print(f"imitation pass {len(shares)}: {shares[-1]:.1%} of the heuristic's ids copied")
    return shares


def score_rate(
    model: MaskablePPO, opponent: str, games: int, seed: int
) -> tuple[float, float, float, int]:
    """Score rate of `model` over `games` games against `opponent`, seats alternating:
    the rate, its 95% interval and how many games ended on an illegal id (never, if the
    mask works)."""
    envs = [SeatEnv(GAME, seat=seat, opponents=opponent, **OPTIONS) for seat in (0, 1)]
    points, illegal = 0.0, 0
    for index in range(games):
        env = envs[index % 2]
        observation, info = env.reset(seed=seed + index)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(
                observation["observation"],
                action_masks=observation["action_mask"].astype(bool),
                deterministic=True,
            )
            observation, reward, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        illegal += bool(info.get("illegal"))
        points += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
    low, high = wilson_interval(points, games)
    return points / games, low, high, illegal


class Curve(BaseCallback):
    """Every `every` steps: the score rate against `opponent`, as a row of `rows`."""

    def __init__(self, opponent: str, every: int, games: int, seed: int) -> None:
        super().__init__()
        self.opponent, self.every, self.games, self.seed = opponent, every, games, seed
        self.rows: list[dict[str, float]] = []
        self.next = 0

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next:
            self.next += self.every
            self.record(self.model, self.num_timesteps)
        return True

    def record(self, model: MaskablePPO, steps: int) -> None:
        """The point of `model` after `steps` steps."""
        rate, low, high, _ = score_rate(model, self.opponent, self.games, self.seed)
        self.rows.append({"steps": steps, "score": rate, "low": low, "high": high})
        print(f"{steps:>8} steps: {rate:.1%} ({low:.1%}-{high:.1%}) against {self.opponent}")


def train(
    steps: int,
    every: int,
    games: int,
    seed: int,
    shaping: float = SHAPING,
    opponent: str = "random",
    imitation: tuple[int, int] = (0, 0),
) -> tuple[MaskablePPO, Curve, list[float]]:
    """MaskablePPO on both seats against `opponent` for `steps` steps, with its curve;
    first, with `imitation` = (decisions, passes), a copy of the heuristic (the shares
    of its ids copied at each pass are the third value)."""
    vec = DummyVecEnv([make_env(seat, opponent, shaping) for seat in (0, 1)])
    decisions, passes = imitation
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        n_steps=1024,
        batch_size=256,
        gamma=GAMMA,
        # from a copy: small steps that keep it, no push to explore away from it
        learning_rate=3e-5 if decisions else 3e-4,
        ent_coef=0.0 if decisions else 0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=seed,
        verbose=0,
    )
    copied = []
    if decisions:
        data = demonstrations(decisions, opponent, shaping, seed + 50_000)
        copied = imitate(model, data, passes)
    curve = Curve(opponent, every, games, seed=10_000)
    model.learn(total_timesteps=steps, callback=curve)
    curve.record(model, model.num_timesteps)  # the last point, after the last update
    return model, curve, copied


def plot(rows: list[dict[str, float]], path: str, opponent: str = "random") -> None:
    """The learning curve against `opponent`, its 95% band and the even share, as a PNG
    at `path`."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    steps = [row["steps"] for row in rows]
    figure, axes = pyplot.subplots(figsize=(7, 4), dpi=120)
    axes.fill_between(steps, [r["low"] for r in rows], [r["high"] for r in rows], alpha=0.25)
    axes.plot(steps, [row["score"] for row in rows], marker="o", label=f"masked PPO vs {opponent}")
    axes.axhline(0.5, color="grey", linestyle="--", label="even share")
    axes.set(xlabel="training steps (decisions of the learning seat)", ylabel="score rate")
    axes.set_ylim(0, 1)
    axes.set_title(f"{GAME.capitalize()}, {OPTIONS['practice_turns']}-turn practice game")
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path)
    pyplot.close(figure)


def read_curve(path: str) -> list[dict[str, float]]:
    """The rows of a curve CSV written by `--curve`."""
    with open(path, newline="") as lines:
        return [{key: float(value) for key, value in row.items()} for row in csv.DictReader(lines)]


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=200_000, help="training steps")
    parser.add_argument("--every", type=int, default=20_000, help="steps between curve points")
    parser.add_argument("--games", type=int, default=200, help="games per evaluation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--shaping", type=float, default=SHAPING, help="margin points worth 1 (0: none)"
    )
    parser.add_argument("--opponent", default="random", help="the agent spec trained against")
    parser.add_argument(
        "--imitate", type=int, default=0, help="copy this many heuristic decisions first"
    )
    parser.add_argument("--passes", type=int, default=8, help="passes over the copied decisions")
    parser.add_argument("--curve", help="write the learning curve to this CSV file")
    parser.add_argument("--plot", help="draw the learning curve to this PNG file")
    parser.add_argument("--replot", metavar="CSV", help="only draw --plot from a curve CSV")
    args = parser.parse_args(argv)
    if args.replot:
        plot(read_curve(args.replot), args.plot or "curve.png", args.opponent)
        return {}
    torch.set_num_threads(1)  # a small net: one core is faster than a busy pool
    start = time.process_time()
    model, curve, copied = train(
        args.steps,
        args.every,
        args.games,
        args.seed,
        args.shaping,
        args.opponent,
        (args.imitate, args.passes),
    )
    trained = time.process_time() - start
    if args.curve:
        with open(args.curve, "w", newline="") as out:
            writer = csv.DictWriter(out, ["steps", "score", "low", "high"])
            writer.writeheader()
            writer.writerows(curve.rows)
    if args.plot:
        plot(curve.rows, args.plot, args.opponent)
    final: dict[str, Any] = {
        "steps": model.num_timesteps,
        "cpu_seconds": trained,
        "copied": copied,
    }
    for opponent in ("random", "heuristic"):
        rate, low, high, illegal = score_rate(model, opponent, args.games, seed=20_000)
        final[opponent] = {"score": rate, "low": low, "high": high, "illegal": illegal}
        print(
            f"after {model.num_timesteps} steps ({trained:.0f} CPU s): {rate:.1%} "
            f"({low:.1%}-{high:.1%}) against {opponent} in {args.games} games"
        )
    return final


if __name__ == "__main__":
    main()
