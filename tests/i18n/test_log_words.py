"""Issue 38 at the engine: every line of a game's log and every move's label, in each
language, is free of the shapes only the engine speaks (ids, seat numbers, number lists,
action strings, English in a Portuguese or Italian line). Random games reach far more of
each game's sentences than the browser scan's few games do."""

from __future__ import annotations

import random

import pytest

from ludoteca import games
from ludoteca.core import i18n
from tests.internal_text import problems

GAMES = games.built_in()
LANGUAGES = ("en", "pt-BR", "it")
SAMPLE = 40
"""Every SAMPLE-th position's move labels are read (all of them would take minutes)."""


@pytest.mark.parametrize("name", GAMES)
def test_random_games_speak_in_words(name: str) -> None:
    game = games.load(name)  # the full game: all of its sentences
    found: list[str] = []
    for seed in (1, 2):
        state = game.new_game(seed)
        rng = random.Random(seed)
        labels: list[list[str]] = [[] for _ in LANGUAGES]
        while not state.is_terminal:
            legal = state.legal_actions()
            if len(state.history) % SAMPLE == 0:
                seat = state.current_player
                assert seat is not None
                observation = state.observation(seat)
                for index, language in enumerate(LANGUAGES):
                    with i18n.using(language):
                        labels[index] += [game.describe_action(observation, a) for a in legal]
            state.apply(rng.choice(legal))
        for index, language in enumerate(LANGUAGES):
            with i18n.using(language):
                lines = [
                    line
                    for seat in (None, *range(game.num_seats))
                    for line in state.events_for(seat)
                ]
            for line in {*lines, *labels[index]}:
                found += [f"{language}: {p}" for p in problems(line, language)]
    assert not found, "\n".join(sorted(set(found))[:40])
