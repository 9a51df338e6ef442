"""A practice match: shorter quarters end sooner (*Timing*, the quarter's last play)."""

from __future__ import annotations

from ludoteca import games
from ludoteca.games.touchdown.tables import last_play
from ludoteca.sim.playout import random_game


def test_last_play_follows_the_quarter_length() -> None:
    assert not last_play(14 * 60 + 59)
    assert last_play(15 * 60)
    assert last_play(60, minutes=1) and not last_play(59, minutes=1)


def test_one_minute_quarters_make_a_short_match() -> None:
    short = random_game(games.load("touchdown", quarter_minutes=1), 3)
    full = random_game(games.load("touchdown"), 3)
    assert short.is_terminal and full.is_terminal
    assert len(short.history) < len(full.history)
