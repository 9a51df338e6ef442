"""Agents never choose an illegal action: 1,500 whole games per CI run.

Every game with a heuristic plays `GAMES[name]` short games (the configurations of
`test_heuristics.short`) with heuristic and random agents in alternating seats;
`play_match` applies each choice to the true state, where an illegal action
raises. Spread over `CHUNKS` tests so xdist shares them between the cores.
"""

from __future__ import annotations

import pytest

from ludoteca import games
from ludoteca.agents import make_agent
from ludoteca.core import game_seed
from ludoteca.sim.runner import play_match
from tests.agents.test_heuristics import HEURISTIC_GAMES, short

GAMES = {"futebol": 500, "toinc": 500, "toxicity": 250, "touchdown": 250}
"""Games per game name, 1,500 in all, the same every run (Touch down's and Toxicity's are the
slowest: 0.1-0.15 s each; every game's property tests play hundreds more random games, with
invariants, and the conformance suite more)."""
CHUNKS = 5


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("name", HEURISTIC_GAMES)
def test_heuristic_and_random_agents_play_only_legal_actions(name: str, chunk: int) -> None:
    game = games.load(name, **short(name))
    size = GAMES.get(name, 200) // CHUNKS  # an installed plugin: 200 games
    for index in range(chunk * size, (chunk + 1) * size):
        seed = game_seed(31, index)
        specs = ["heuristic" if (index + seat) % 2 else "random" for seat in range(game.num_seats)]
        agents = [make_agent(spec, seed + seat) for seat, spec in enumerate(specs)]
        result = play_match(game, agents, seed)
        assert result.steps > 0 and len(result.scores) == game.num_seats
