"""Property tests: thousands of random games, invariants checked after every action."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.games.toinc.game import ToincGame
from ludoteca.games.toinc.state import ToincState
from tests.depth import examples
from tests.games.toinc.toinc_helpers import check_conservation, leaked

MAX_CHOICES = 16
"""Compound choices are sequences of small actions: no menu grows past this."""
LEGAL_POINTS = {0, 1, 2, 3, 6}
"""Pontuações: touchdown 6, field goal 3, safety 2, extra point 1, conversion 2."""

PRACTICE = [
    {"variant": v, "length": "practice", "practice_turns": n, "overtime": o}
    for v in ("two-deck", "single-deck")
    for n in (1, 2, 3)
    for o in ("regular-season", "playoff")
]
_GAMES = {i: ToincGame(**c) for i, c in enumerate(PRACTICE)}


def _play_checked(g: ToincGame, seed: int, leaks: bool) -> ToincState:
    s = g.new_game(seed)
    assert isinstance(s, ToincState)
    rng = random.Random(seed)
    before = list(s.score)
    seen = [0, 0]
    while not s.is_terminal:
        actions = s.legal_actions()
        assert 0 < len(actions) <= MAX_CHOICES
        s.apply(rng.choice(actions))
        check_conservation(s)
        gained = [s.score[i] - before[i] for i in (0, 1)]
        assert all(x in LEGAL_POINTS for x in gained), gained
        assert gained.count(0) >= 1, "one action scores for one side at most"
        before = list(s.score)
        if not s.is_terminal:
            assert 1 <= s.down <= 4
            assert 0 < s.pos < 100
            assert s.pos <= s.line <= 100
        if leaks:
            for seat in (0, 1):
                assert not leaked(s, seat, seen[seat])
                seen[seat] = len(s.events_for(seat))
    return s


@settings(max_examples=examples(1900))
@given(config=st.sampled_from(sorted(_GAMES)), seed=st.integers(0, 2**31))
def test_random_practice_games_keep_every_invariant(config: int, seed: int) -> None:
    """Cards conserved, legal score changes, down 1-4, ball on the field, no leaks,
    and (one game in four) replay reproduces the game (Preparação, A jogada, Pontuações)."""
    g = _GAMES[config]
    s = _play_checked(g, seed, leaks=seed % 4 == 0)
    if seed % 4 == 1:  # one game in four replayed: a replay costs the game's actions again
        assert g.replay(g.record(s)).to_json() == s.to_json()


LONG: list[dict[str, Any]] = [
    {"variant": "two-deck", "length": "short"},
    {"variant": "single-deck", "length": "short", "overtime": "playoff"},
    {"variant": "two-deck", "length": "regular", "overtime": "playoff"},
    {"variant": "single-deck", "length": "long"},
]
_LONG_GAMES = [ToincGame(**c) for c in LONG]


@settings(max_examples=examples(100))
@given(config=st.integers(0, len(LONG) - 1), seed=st.integers(0, 2**31))
def test_random_full_games_keep_every_invariant(config: int, seed: int) -> None:
    """Full-length games (Término da Partida): the same invariants; the clock ends it."""
    g = _LONG_GAMES[config]
    s = _play_checked(g, seed, leaks=False)
    assert s.turns >= 4 * g.period_turns
    if s.score[0] == s.score[1]:
        assert not g.playoff, "a playoff game never ends tied"
