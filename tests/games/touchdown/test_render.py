"""`render` draws the grid readably; `describe_action` labels actions."""

from __future__ import annotations

from ludoteca import games
from ludoteca.sim.playout import random_playout

from .helpers import situation


def test_render_draws_players_ball_and_scoreboard() -> None:
    """Yellow in capitals, White in lower case, the carrier marked `*`, fallen `_`."""
    s = situation({"Y12": "g10", "W90": "h11", "W91": "b20"}, carrier="Y12", fallen=["W91"])
    game = games.load("touchdown")
    text = game.render(s.observation(0))
    lines = text.splitlines()
    assert len(lines) > s.board.height
    row10 = next(line for line in lines if line.startswith(" 10"))
    assert "Q*" in row10
    assert "d_" in next(line for line in lines if line.startswith(" 20"))
    assert "Yellow 0 - White 0" in lines[-1]


def test_render_and_describe_every_phase_of_a_random_match() -> None:
    """Rendering never fails; every legal action has a label."""
    import random

    game = games.load("touchdown")
    s = game.new_game(5)
    rng = random.Random(5)
    for _ in range(400):
        obs = s.observation(s.current_player)
        assert game.render(obs)
        for action in s.legal_actions()[:5]:
            assert game.describe_action(obs, action)
        s.apply(rng.choice(s.legal_actions()))
    random_playout(s, rng)
    assert "Final score" in s.events_for(None)[-1]
