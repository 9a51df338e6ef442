"""Toxicity 101 leaf value (`toxicity_outlook`): the chance of the top final total from
the points so far, this round's fitted escape chances and the rounds to come
(*Pontuação*, roles rotating each round, five rounds)."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from ludoteca import games
from ludoteca.agents import ISMCTSAgent, SeatView
from ludoteca.agents.knowledge import knowledge
from ludoteca.games.toxicity import ai, rounds
from ludoteca.games.toxicity.ai import outlook
from ludoteca.games.toxicity.ai.value import Picture
from ludoteca.games.toxicity.state import ToxicityState
from tests.agents.scripts import benchmark_script
from tests.agents.test_heuristics import random_steps
from tests.depth import examples
from tests.games.toxicity.helpers import bare, pawn, place_pawn

QUADRATURE = 1e-3
"""How far `win_chances` may stray from exact monotonicity (quadrature, then scaling)."""
totals = hs.lists(hs.tuples(hs.floats(0, 20), hs.floats(0, 6)), min_size=3, max_size=5)


@settings(max_examples=examples(60), deadline=None)
@given(totals=totals)
def test_win_chances_are_a_distribution(totals: list[tuple[float, float]]) -> None:
    chances = outlook.win_chances(totals)
    assert all(0.0 <= c <= 1.0 + 1e-9 for c in chances)
    assert sum(chances) == pytest.approx(1.0, abs=0.02)


@settings(max_examples=examples(60), deadline=None)
@given(totals=totals, seat=hs.integers(0, 4), gain=hs.floats(0.5, 5))
def test_a_higher_expected_total_wins_more_often(
    totals: list[tuple[float, float]], seat: int, gain: float
) -> None:
    seat %= len(totals)
    before = outlook.win_chances(totals)
    raised = list(totals)
    raised[seat] = (totals[seat][0] + gain, totals[seat][1])
    after = outlook.win_chances(raised)
    assert after[seat] >= before[seat] - 1e-9
    # The others lose, up to the quadrature's error after scaling to one (found by
    # hypothesis in session 7: up to 2.3e-4 over 200,000 random cases).
    assert all(after[s] <= before[s] + QUADRATURE for s in range(len(totals)) if s != seat)


def test_equal_outlooks_share_the_chance() -> None:
    assert outlook.win_chances([(3.0, 1.0)] * 5) == pytest.approx([0.2] * 5, abs=1e-3)


@settings(max_examples=examples(25), deadline=None)
@given(seed=hs.integers(0, 10_000), steps=hs.integers(0, 600))
def test_values_are_expected_returns(seed: int, steps: int) -> None:
    """+1 for a win, -1/4 for a loss, so the five values sum to zero; at the end, the
    game's returns."""
    st = games.load("toxicity", players=5).new_game(seed)
    random_steps(st, random.Random(seed), steps)
    values = outlook.evaluate_all(st)
    if st.is_terminal:
        assert values == list(st.returns())
        return
    assert all(-0.25 - 1e-9 <= v <= 1.0 + 1e-9 for v in values)
    assert sum(values) == pytest.approx(0.0, abs=0.03)
    assert [outlook.evaluate(st, s) for s in range(5)] == values


def _gamemaster_share() -> float:
    return sum(1 - rate for rate in outlook.RATES.values())


def test_the_rounds_to_come_follow_the_rotation() -> None:
    """Roles rotate blue -> gamemaster, red -> blue, ...: in round 4 the blue seat is
    next round's gamemaster and expects its deaths, and in the last round nothing is
    left to come."""
    st = bare()
    for p in st.pawns:
        p.alive = False  # this round settled: four points for the gamemaster
    st.round = st.last_round - 1
    means = [mean for mean, _ in outlook.outlook(st)]
    gm, blue, red = st.roles[0], st.roles[1], st.roles[2]
    assert means[blue] == pytest.approx(_gamemaster_share())
    assert means[gm] == pytest.approx(4 + outlook.RATES["green"] * outlook.ESCAPE_POINTS)
    assert means[red] == pytest.approx(outlook.RATES["blue"] * outlook.ESCAPE_POINTS)
    st.round = st.last_round
    assert [mean for mean, _ in outlook.outlook(st)][blue] == 0.0


def test_points_already_scored_this_round_are_certain() -> None:
    """*Pontuação*: an escape through the door scores 1 plus kills, a death a point for
    the gamemaster; neither adds variance."""
    st = bare()
    st.round = st.last_round
    blue, red = st.pawns[pawn(st, "blue")], st.pawns[pawn(st, "red")]
    blue.escaped, blue.kills = "door", 1
    red.alive = False
    rows = outlook.outlook(st)
    assert rows[st.seat_of(pawn(st, "blue"))][0] == 2.0
    living = [p for p in st.pawns if p.alive and not p.escaped]
    assert rows[st.gamemaster][0] == pytest.approx(
        1 + sum(1 - outlook.escape_probability(Picture.of(st), p) for p in living)
    )
    assert rows[st.seat_of(pawn(st, "blue"))][1] == 0.0


def test_a_key_and_room_ahead_of_the_gas_raise_the_escape_chance() -> None:
    """*Keys*, *Gás Tóxico*: the same pawn escapes more often holding a key, and less
    often with the gas at its heels."""
    st = bare()
    place_pawn(st, "blue", "f4")
    st.gas, st.gas_timer, st.zone_reached = 1, 2, 1
    blue = st.pawns[pawn(st, "blue")]
    plain = outlook.escape_probability(Picture.of(st), blue)
    blue.key = "key-1#r1"
    keyed = outlook.escape_probability(Picture.of(st), blue)
    st.gas = 5
    chased = outlook.escape_probability(Picture.of(st), blue)
    assert keyed > plain and chased < keyed
    assert all(0.0 < p < 1.0 for p in (plain, keyed, chased))


def test_a_dead_pawn_costs_its_seat_and_pays_the_gamemaster() -> None:
    st = bare()
    place_pawn(st, "blue", "h4")
    st.gas, st.gas_timer, st.zone_reached = 2, 1, 1
    gm, blue = st.gamemaster, st.seat_of(0)
    before = outlook.evaluate_all(st)
    rounds.die(st, 0, None, "test")
    after = outlook.evaluate_all(st)
    assert after[gm] > before[gm] and after[blue] < before[blue]


def test_ismcts_values_each_leaf_once_for_every_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's `evaluate_all` is called once a leaf, not once for each mover."""
    calls: list[int] = []

    def spy(state: ToxicityState) -> list[float]:
        calls.append(1)
        return outlook.evaluate_all(state)

    monkeypatch.setattr(ai, "KNOWLEDGE", replace(ai.KNOWLEDGE, evaluate_all=spy))
    assert knowledge("toxicity").evaluate_all is spy
    st = games.load("toxicity", players=5).new_game(3)
    random_steps(st, random.Random(3), 40)
    agent = ISMCTSAgent(
        seed=2, iterations=30, rollout_depth=4, rollout="heuristic", evaluation="heuristic"
    )
    seat = st.current_player
    assert seat is not None
    assert agent.act(SeatView(st, seat)) in st.legal_actions()
    assert len(calls) == agent.last_iterations > 0


def test_fit_recovers_known_weights() -> None:
    """`benchmarks/fit_toxicity_value.py` fits the logistic weights by Newton's method:
    on synthetic outcomes drawn from known weights it gets them back."""
    module = benchmark_script("fit_toxicity_value")
    rng = np.random.default_rng(0)
    x = np.column_stack([np.ones(20_000), rng.normal(size=20_000), rng.random(20_000)])
    truth = np.array([-1.0, 2.0, 0.5])
    y = (rng.random(20_000) < 1 / (1 + np.exp(-x @ truth))).astype(float)
    assert module.fit(x, y) == pytest.approx(truth, abs=0.15)
    assert not math.isnan(float(module.fit(x, y).sum()))
