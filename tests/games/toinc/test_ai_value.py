"""The Toinc leaf evaluation: the chance to win from the score, the drive (down,
yards to go, field position) and the turns (*turnos*) left; checkpoints between plays."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca import games
from ludoteca.agents.knowledge import knowledge
from ludoteca.games.toinc.ai import value as tv
from ludoteca.games.toinc.fields import Phase
from ludoteca.games.toinc.state import ToincState
from tests.agents.scripts import benchmark_script
from tests.depth import examples

TURNS = 10


def play_start(seed: int = 3) -> ToincState:
    """A practice game of TURNS turns at the attack's first discard of its first play."""
    state = games.load("toinc", length="practice", practice_turns=TURNS).new_game(seed)
    assert isinstance(state, ToincState)
    rng = random.Random(seed)
    while not (state.phase == Phase.DISCARD and state.to_discard == 2):
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return state


def at(
    down: int = 1, pos: int = 30, to_go: int = 10, turns: int = 0, score: tuple[int, int] = (0, 0)
) -> ToincState:
    """Seat 0 with the ball: `down` and `to_go` on its `pos`, `turns` turns played."""
    s = play_start()
    s.offense, s.down, s.pos, s.line = 0, down, pos, pos + to_go
    s.turns, s.score = turns, list(score)
    return s


def test_values_are_antisymmetric_and_bounded() -> None:
    """What one seat gains the other loses; every value lies in [-1, 1]."""
    for down, pos, turns, score in ((1, 30, 0, (0, 0)), (4, 80, 8, (3, 7)), (2, 5, 9, (14, 0))):
        s = at(down=down, pos=pos, turns=turns, score=score)
        assert -1.0 <= tv.evaluate(s, 0) <= 1.0
        assert tv.evaluate(s, 0) == pytest.approx(-tv.evaluate(s, 1))


def test_more_field_position_is_worth_more() -> None:
    """For the team with the ball its 70 is worth more than its 30, at every number of
    turns left. (The down and the yards to go matter little in heuristic play: a 4th
    down is worth about as much as a 1st at the same spot, since the punt or field
    goal that follows it is what the 1st down's drive often ends in.)"""
    for turns in range(TURNS):
        assert tv.evaluate(at(pos=70, turns=turns), 0) > tv.evaluate(at(pos=30, turns=turns), 0)
        assert tv.evaluate(at(pos=70, turns=turns), 1) < tv.evaluate(at(pos=30, turns=turns), 1)


@settings(max_examples=examples(60), deadline=None)
@given(
    lead=st.integers(-20, 19),
    down=st.integers(1, 4),
    pos=st.integers(1, 99),
    turns=st.integers(0, TURNS - 1),
)
def test_a_bigger_lead_is_always_worth_more(lead: int, down: int, pos: int, turns: int) -> None:
    """One more point of margin never lowers the value, whatever the drive."""
    behind = at(down=down, pos=pos, to_go=5, turns=turns, score=(20 + lead, 20))
    ahead = at(down=down, pos=pos, to_go=5, turns=turns, score=(21 + lead, 20))
    assert tv.evaluate(ahead, 0) >= tv.evaluate(behind, 0)
    assert tv.evaluate(ahead, 1) <= tv.evaluate(behind, 1)


def test_a_lead_counts_for_more_as_the_turns_run_out() -> None:
    """Seven points ahead on the defense: nearly won on the last turn, far less sure
    with the whole game to play; the spread grows with the turns left."""
    last = at(pos=50, turns=TURNS - 1, score=(0, 7))
    first = at(pos=50, turns=0, score=(0, 7))
    assert tv.evaluate(last, 1) > 0.9
    assert tv.evaluate(last, 1) > tv.evaluate(first, 1) > 0
    spreads = [tv.spread(left) for left in range(1, 30)]
    assert spreads == sorted(spreads)


def test_a_level_score_before_the_ball_is_won_is_even() -> None:
    """*Preparação 4*: before the ball marker's guess, a level game is worth 0."""
    s = games.load("toinc", length="practice", practice_turns=TURNS).new_game(1)
    assert isinstance(s, ToincState)
    assert tv.evaluate(s, 0) == pytest.approx(0.0, abs=1e-12)


def test_the_end_returns_the_result() -> None:
    s = play_start()
    rng = random.Random(0)
    while not s.is_terminal:
        actions = s.legal_actions()
        s.apply(actions[rng.randrange(len(actions))])
    assert [tv.evaluate(s, seat) for seat in (0, 1)] == list(s.returns())


def test_turns_left_follow_the_length_of_the_game() -> None:
    """Practice: the turn limit; regular: four periods of 15 turns (*turnos*)."""
    s = at(turns=3)
    assert tv.turns_left(s) == TURNS - 3
    regular = games.load("toinc").new_game(0)
    assert isinstance(regular, ToincState)
    regular.turns = 20
    assert tv.turns_left(regular) == 4 * regular.game.period_turns - 20


def test_checkpoints_are_between_plays() -> None:
    """The first discard of a play and a try after a touchdown are checkpoints; the
    rest of a play is not."""
    checkpoint = knowledge("toinc").checkpoint
    s = play_start()
    assert checkpoint(s)
    s.apply(s.legal_actions()[0])
    assert s.phase == Phase.DISCARD and not checkpoint(s)
    s.phase = Phase.EXTRA
    assert checkpoint(s)


def test_fit_recovers_known_coefficients() -> None:
    """`benchmarks/fit_toinc_value.py` fits each turns-left row of DRIVE by least
    squares: on noiseless synthetic records it gets it back, with no spread."""
    module = benchmark_script("fit_toinc_value")
    rng = random.Random(0)
    truth = (1.0, 0.5, -0.5, -2.0, 0.05, -0.1)
    records = []
    for left in range(1, module.BUCKETS + 1):
        for _ in range(60):
            down, pos, to_go = rng.randint(1, 4), rng.randint(1, 99), rng.randint(1, 20)
            net = truth[down - 1] + truth[4] * pos + truth[5] * to_go + left
            records.append({"down": down, "pos": pos, "to_go": to_go, "left": left, "net": net})
    rows, spreads = module.fit(records)
    for left, row in enumerate(rows, start=1):
        shifted = [c + left for c in truth[:4]] + list(truth[4:])
        assert row == pytest.approx(shifted, abs=0.01)
    assert spreads == pytest.approx([0.0] * module.BUCKETS, abs=0.01)
