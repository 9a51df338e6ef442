"""The per-game heuristics and the agents built on them, on every game with one.

Legality over many short games, same seed same choice, blindness to hidden
cards (the information-set test), and a statistically safe edge over random.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoteca import games
from ludoteca.agents import SeatView, make_agent, split_specs
from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.agents.knowledge import games_with_heuristics, knowledge, random_policy
from ludoteca.core import Game, OptionError, State, game_seed
from ludoteca.sim.ratings import wilson_interval
from ludoteca.sim.runner import play_match

SHORT: dict[str, dict[str, Any]] = {
    "futebol": {"turn_limit": 60},
    "toinc": {"length": "practice", "practice_turns": 4},
    "touchdown": {"quarter_minutes": 1},
    "toxicity": {"players": 4},  # four rounds of three pawns (three seats: three rounds)
}
"""The heuristics' configurations, most longer than the games' own `short_options` so a
heuristic has play enough to show its skill, all short enough to keep the suite fast."""
HEURISTIC_GAMES = games_with_heuristics()


def short(name: str) -> dict[str, Any]:
    """A short configuration of `name` (a game not listed, such as an installed plugin,
    plays its own `short_options`)."""
    if name in SHORT:
        return dict(SHORT[name])
    return games.game_class(name).short_options()


def test_every_registered_game_has_a_heuristic_or_falls_back() -> None:
    for name in games.names():
        known = knowledge(name)
        assert known.known == (name in HEURISTIC_GAMES)
    assert knowledge("no-such-game").policy is random_policy


def random_steps(state: State, rng: random.Random, steps: int) -> None:
    """Play up to `steps` uniformly random actions on `state` (fewer if it ends)."""
    for _ in range(steps):
        if state.is_terminal:
            break
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])


def position(game: Game, seed: int, steps: int) -> State:
    """The last position with a real choice to make (two legal actions or more) within
    `steps` random actions: a short game (a plugin's) may end before `steps`."""
    state, rng, chosen = game.new_game(seed), random.Random(seed), None
    for _ in range(steps + 1):
        if state.is_terminal:
            break
        if len(state.legal_actions()) >= 2:
            chosen = state.clone()
        random_steps(state, rng, 1)
    assert chosen is not None, f"no choice to make in {steps} random actions of {game.info.name}"
    return chosen


@pytest.mark.parametrize("name", HEURISTIC_GAMES)
def test_policy_only_chooses_legal_actions(name: str) -> None:
    """20 short games, every seat played by the policy in a freshly sampled world:
    each choice must be legal in the true state; leaf values stay in [-1, 1]."""
    game = games.load(name, **short(name))
    policy, evaluate = knowledge(name).policy, knowledge(name).evaluate
    rng = random.Random(7)
    for index in range(20):
        state = game.new_game(game_seed(3, index))
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            view = SeatView(state, seat)
            action = policy(view.sample_world(rng), rng)
            assert action in view.legal_actions, f"{name}: illegal {action!r}"
            assert -1.0 <= evaluate(state, seat) <= 1.0
            state.apply(action)
        assert all(evaluate(state, s) == state.returns()[s] for s in range(game.num_seats))


@pytest.mark.parametrize("name", HEURISTIC_GAMES)
def test_ismcts_with_heuristic_hooks_plays_legal_games(name: str) -> None:
    """`play_match` raises on an illegal action; two short games per game."""
    game = games.load(name, **short(name))
    spec = "ismcts:iterations=8,depth=4,rollout=heuristic,eval=heuristic,prior=heuristic"
    for index in range(2):
        seed = game_seed(4, index)
        agents = [
            make_agent(spec if s == 0 else "heuristic", seed + s) for s in range(game.num_seats)
        ]
        assert play_match(game, agents, seed).steps > 0


@pytest.mark.parametrize("name", HEURISTIC_GAMES)
@pytest.mark.parametrize(
    "spec",
    ["heuristic", "ismcts:iterations=20,rollout=heuristic", "ismcts:iterations=20,prior=heuristic"],
)
def test_same_seed_same_choice(name: str, spec: str) -> None:
    game = games.load(name, **short(name))
    for seed in range(3):
        state = position(game, seed, 30)
        seat = state.current_player
        assert seat is not None
        choices = {make_agent(spec, 5).act(SeatView(state, seat)) for _ in range(2)}
        assert len(choices) == 1


def hidden_worlds(state: State, seat: int) -> list[State]:
    """Determinized copies of `state` for `seat`: same view, other hidden cards."""
    return [state.determinize(seat, random.Random(s)) for s in range(3)]


def others_see_a_difference(state: State, world: State, seat: int) -> bool:
    """True if some other seat would see `world` differently from `state` (the log
    apart): the re-deal really moved cards that `seat` cannot see."""
    for other in range(state.game.num_seats):
        if other != seat:
            a, b = state.observation(other), world.observation(other)
            a.pop("events"), b.pop("events")
            if a != b:
                return True
    return False


@pytest.mark.parametrize("name", ["toinc", "toxicity"])
@pytest.mark.parametrize(
    "spec",
    [
        "heuristic",
        "ismcts:iterations=30,eval=heuristic",
        "ismcts:iterations=30,depth=4,rollout=heuristic,eval=heuristic,prior=heuristic",
    ],
)
def test_choice_ignores_how_hidden_cards_lie(name: str, spec: str) -> None:
    """An agent handed a state whose hidden cards were re-dealt chooses the same way."""
    game = games.load(name, **short(name))
    checked = 0
    for seed in range(12):
        state = position(game, seed, 10 + 5 * seed)
        seat = state.current_player
        assert seat is not None
        worlds = hidden_worlds(state, seat)
        if not any(others_see_a_difference(state, w, seat) for w in worlds):
            continue  # nothing hidden was moved here
        expected = make_agent(spec, 1).act(SeatView(state, seat))
        for world in worlds:
            assert make_agent(spec, 1).act(SeatView(world, seat)) == expected
        checked += 1
    assert checked >= 3


EDGE_GAMES = {
    "futebol": ({}, 20),
    "toinc": ({"length": "practice", "practice_turns": 6}, 30),
    "touchdown": ({"quarter_minutes": 1}, 12),
    "toxicity": ({"players": 5}, 30),
}


def heuristic_seat_wins(game: Game, n: int) -> int:
    """Games won alone by one heuristic seat (rotating) among random ones, over the
    fixed seeds `game_seed(11, 0..n-1)`."""
    wins = 0
    for index in range(n):
        seed = game_seed(11, index)
        seat = index % game.num_seats
        agents = [make_agent("random", seed + s) for s in range(game.num_seats)]
        agents[seat] = make_agent("heuristic", seed + seat)
        wins += play_match(game, agents, seed).winner == seat
    return wins


@pytest.mark.parametrize("name", HEURISTIC_GAMES)
def test_heuristic_beats_random(name: str) -> None:
    """One heuristic seat (rotating) among random ones: the lower 95% Wilson bound
    of its win rate is above chance, 1/seats (0.5 in the two-seat games)."""
    options, n = EDGE_GAMES.get(name, (short(name), 30))  # an installed plugin: 30 games
    game = games.load(name, **options)
    wins = heuristic_seat_wins(game, n)
    low, _ = wilson_interval(wins, n)
    assert low > 1 / game.num_seats, f"{name}: {wins}/{n} wins"


def test_ismcts_spec_parameters() -> None:
    agent = make_agent("ismcts:iterations=5,seconds=1,c=1.2,depth=3,rollout=heuristic,eval=score")
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.iterations, agent.seconds, agent.exploration, agent.rollout_depth) == (
        5,
        1.0,
        1.2,
        3,
    )


@pytest.mark.parametrize(
    ("spec", "named"),
    [
        ("ismcts:rollouts=3", "'rollouts'"),
        ("ismcts:rollout=smart", "rollout"),
        ("ismcts:eval=magic", "eval"),
        ("ismcts:prior=oracle", "prior"),
        ("ismcts:depth=-1", "depth"),
        ("ismcts:c=nan", "c"),
        ("ismcts:iterations=0", "iterations"),
        ("heuristic:depth=2", "depth"),
    ],
)
def test_bad_agent_parameters_are_refused_by_name(spec: str, named: str) -> None:
    with pytest.raises(OptionError, match=named):
        make_agent(spec)


def test_split_specs_keeps_parameters_with_their_agent() -> None:
    assert split_specs("random, ismcts:iterations=50,rollout=heuristic,heuristic") == [
        "random",
        "ismcts:iterations=50,rollout=heuristic",
        "heuristic",
    ]
    assert split_specs("ismcts,depth=3,c=1") == ["ismcts:depth=3,c=1"]


def test_semicolons_separate_parameters_too() -> None:
    agent = make_agent("ismcts:iterations=7;depth=2")
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.iterations, agent.rollout_depth) == (7, 2)
