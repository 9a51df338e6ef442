"""Real minutes a game takes (`Game.real_minutes`, `core.minutes`): the rulebooks' own
figures where they give one, scaled to the configuration; the lobby and tables show them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca import games
from ludoteca.core import minutes_range

RULES = Path(__file__).resolve().parents[2].parent / "shared" / "rules"


@given(st.floats(0, 500), st.floats(0, 500) | st.none())
def test_a_range_is_rounded_outwards_to_five_minutes(least: float, most: float | None) -> None:
    low, high = minutes_range(least, most)
    assert low % 5 == 0 and low >= 5 and (low <= least or low == 5) and least - low < 5
    if most is None:
        assert high is None
    else:
        assert high is not None and high % 5 == 0 and high >= low and high >= most
        assert high - max(most, low) < 5


@pytest.mark.parametrize(
    ("name", "options", "expected"),
    [
        ("toinc", {}, (45, 60)),  # *Tempo de Jogo: 45 – 60 minutos*, 60 turns
        ("toinc", {"length": "short"}, (30, 40)),  # 40 turns
        ("toinc", {"length": "long"}, (60, 80)),  # 80 turns
        ("toinc", {"length": "practice", "practice_turns": 10}, (5, 10)),
        ("toinc", {"length": "practice", "practice_turns": 0, "practice_target": 7}, None),
        ("futebol", {}, (15, 20)),  # *Gol de ouro [...] Aprox. 15-20 minutos*
        ("futebol", {"mode": "goal-limit", "goals": 3}, (30, None)),  # *30+ min, [...] 3 gols*
        ("futebol", {"mode": "goal-limit", "goals": 5}, (50, None)),
        ("toxicity", {}, (60, 120)),  # *Tempo de Jogo: 1 h – 2 h.*
        ("touchdown", {}, (25, 45)),  # 18 plays at 1.5-2.5 minutes (no rulebook figure)
        ("touchdown", {"length": "long"}, (50, 90)),
        ("touchdown", {"length": "long", "quarter_minutes": 2}, (5, 15)),
    ],
)
def test_each_game_gives_its_real_minutes(
    name: str, options: dict[str, object], expected: tuple[int, int | None] | None
) -> None:
    assert games.load(name, **options).real_minutes() == expected


@pytest.mark.skipif(not RULES.is_dir(), reason="the rulebooks (../shared/rules) are not here")
@pytest.mark.parametrize(
    ("name", "quoted"),
    [
        ("toinc", r"\*\*Tempo de Jogo:\*\* 45 – 60 minutos"),
        ("toxicity", r"\*\*Tempo de Jogo:\*\* 1 h – 2 h\."),
        ("futebol", r"Aprox\. 15-20 minutos"),
        ("futebol", r"30\+ min, jogo de 3 gols"),
    ],
)
def test_the_figures_are_the_rulebooks_own(name: str, quoted: str) -> None:
    rulebook = (RULES / games.game_class(name).info.rulebook).read_text(encoding="utf-8")
    assert re.search(quoted, rulebook), f"{name}'s rulebook does not say {quoted!r}"


def test_touch_downs_plays_a_clock_minute_are_what_the_heuristic_plays() -> None:
    """`PLAYS_PER_CLOCK_MINUTE` (0.6: 18 plays in a short match's 30 clock minutes) is
    within the 17-19 set-ups a short match between heuristic coaches holds."""
    from ludoteca.agents import make_agent
    from ludoteca.agents.base import SeatView
    from ludoteca.games.touchdown.game import PLAYS_PER_CLOCK_MINUTE

    game = games.load("touchdown")
    plays = []
    for seed in range(2):
        state = game.new_game(seed)
        agents = [make_agent("heuristic", seed), make_agent("heuristic", seed + 1)]
        count, last = 0, None
        while not state.is_terminal:
            if state.phase != last and state.phase == "setup":
                count += 1
            last = state.phase
            seat = state.current_player
            assert seat is not None
            state.apply(agents[seat].act(SeatView(state, seat)))
        plays.append(count)
    assert all(abs(count / 30 - PLAYS_PER_CLOCK_MINUTE) <= 0.1 for count in plays), plays
