"""The Touch down leaf evaluation: expected points of the ball as if it went dead
now (*Palla morta*: downs, the ten-yard marker, a failed fourth down), kick-offs,
and the end of the half."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca import games
from ludoteca.agents import SeatView, make_agent
from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.agents.knowledge import knowledge
from ludoteca.games.touchdown.ai import value as tv
from ludoteca.games.touchdown.state import TouchdownState
from tests.agents.scripts import benchmark_script
from tests.games.touchdown.helpers import situation

PLAYERS = {"Y12": "g12", "W40": "b25", "Y77": "b3"}


def carrying(row: int, down: int = 1) -> TouchdownState:
    """Yellow's AQ carrying on g`row` in an attack from g12 (marker on row 12)."""
    s = situation({**PLAYERS, "Y12": f"g{row}"}, carrier="Y12", spot="g12")
    s.down = down
    return s


def test_an_earlier_down_and_more_rows_are_worth_more() -> None:
    """Between actions the ball is worth the down about to be played: first down
    more than fourth at the same spot, further forward more than further back."""
    s = carrying(12)
    row = s.board.row(s.spot)
    values = [tv.expected_points(s, 0, down, row) for down in (1, 2, 3, 4)]
    assert values == sorted(values, reverse=True) and values[0] > values[3]
    assert tv.expected_points(s, 0, 1, row + 4) > tv.expected_points(s, 0, 1, row)


def test_a_carrier_beyond_the_ten_yard_marker_has_a_first_down() -> None:
    """*Palla morta*: more than four rows past the marker is a first down; short of
    it, the next down. The gap between the two is more than the rows gained."""
    short, beyond = carrying(16, down=2), carrying(17, down=2)
    team, short_points = tv.ball_value(short)
    assert team == 0
    assert short_points == pytest.approx(tv.expected_points(short, 0, 3, 16))
    _, beyond_points = tv.ball_value(beyond)
    assert beyond_points == pytest.approx(tv.expected_points(beyond, 0, 1, 17))
    assert beyond_points - short_points > tv.EP_PER_ROW


def test_a_failed_fourth_down_gives_the_ball_to_the_other_team() -> None:
    """Short of the marker on fourth down the ball is worth the opponents' first down
    at the spot, so to Yellow it is worth minus that."""
    s = carrying(14, down=4)
    team, points = tv.ball_value(s)
    assert team == 0
    assert points == pytest.approx(-tv.expected_points(s, 1, 1, 14))
    assert points < 0


def test_a_kick_off_is_worth_ep_kickoff_to_the_receiving_team() -> None:
    s = situation({"Y12": "g8"}, carrier="Y12", spot="g8", kind="kickoff")
    assert tv.ball_value(s) == (1, tv.EP_KICKOFF)
    returner = situation({"W40": "g10"}, carrier="W40", spot="g8", kind="kickoff")
    team, points = tv.ball_value(returner)
    assert team == 1 and points == pytest.approx(tv.expected_points(returner, 1, 1, 10))


def test_expected_points_shrink_at_the_end_of_the_half() -> None:
    """On the half's last action the ball counts for a third of what it counts for
    with the half ahead; the score margin always counts in full."""
    early = carrying(20)
    late = carrying(20)
    late.quarter, late.last = late.game_quarters() // 2, True
    early.score = late.score = [3, 0]
    assert tv.plays_left(late) == 1.0 and tv.plays_left(early) >= tv.FULL_EP_PLAYS
    margin = 3.0 / tv.POINTS_SCALE
    _, points = tv.ball_value(early)
    assert points > 0
    assert tv.ep_evaluate(early, 0) > tv.ep_evaluate(late, 0) > math.tanh(margin)
    assert tv.expected_margin(early, 0) == pytest.approx(3.0 + points)
    assert tv.expected_margin(late, 0) == pytest.approx(3.0 + points / tv.FULL_EP_PLAYS)
    assert tv.expected_margin(late, 1) == pytest.approx(-tv.expected_margin(late, 0))


@given(
    st.floats(-40.0, 40.0),
    st.floats(0.01, 40.0),
    st.floats(0.0, 2.0),
    st.floats(0.0, 2.0),
)
def test_win_value_is_monotonic_antisymmetric_and_sharpens_with_time(
    margin: float, more: float, quarters: float, less_time: float
) -> None:
    """`win_value` is in [-1, 1], odd in the margin, grows with it, and a lead is
    worth at least as much with less time left (the margin still to come has less
    variance)."""
    value = tv.win_value(margin, quarters)
    assert -1.0 <= value <= 1.0
    assert tv.win_value(-margin, quarters) == pytest.approx(-value)
    assert tv.win_value(margin + more, quarters) >= value
    earlier = tv.win_value(abs(margin), quarters + less_time)
    assert tv.win_value(abs(margin), quarters) >= earlier


def test_a_lead_is_worth_more_as_the_match_runs_out() -> None:
    """The same lead and ball: worth more on the match's last action than at the
    start of the second half, and the two sides' values are opposite."""
    second_half = carrying(20)
    second_half.quarter = second_half.game_quarters()
    second_half.clock = 0
    last = carrying(20)
    last.quarter, last.last = last.game_quarters(), True
    second_half.score = last.score = [3, 0]
    assert tv.quarters_left(last) == 0.0 and tv.quarters_left(second_half) == 1.0
    assert 0.0 < tv.evaluate(second_half, 0) < tv.evaluate(last, 0) < 1.0
    assert tv.evaluate(last, 1) == pytest.approx(-tv.evaluate(last, 0))


def test_wp_fit_recovers_known_variances() -> None:
    """`benchmarks/fit_touchdown_wp.py` picks the grid variances with the least
    squared error: on results drawn from a known normal model it gets back
    values near the truth, and beats the `tanh(m / 7)` value on them."""
    module = benchmark_script("fit_touchdown_wp")
    rng = random.Random(1)
    base, per_quarter = 9.0, 100.0
    records = []
    for index in range(4000):
        margin, left = rng.uniform(-14, 14), rng.uniform(0, 2)
        final = margin + rng.gauss(0, math.sqrt(base + per_quarter * left))
        records.append((index, margin, left, float((final > 0) - (final < 0))))
    got_base, got_per_quarter = module.fit(
        records, bases=[1.0, 9.0, 30.0], per_quarter=[25.0, 100.0, 300.0]
    )
    assert (got_base, got_per_quarter) == (9.0, 100.0)
    old = module.error(records, lambda m, q: math.tanh(m / tv.POINTS_SCALE))
    assert module.error(records, module.wp(got_base, got_per_quarter)) < old


def test_fit_recovers_known_coefficients() -> None:
    """`benchmarks/fit_touchdown_ep.py` fits EP_DOWN, EP_PER_ROW and EP_KICKOFF by
    least squares: on noiseless synthetic records it gets them back."""
    module = benchmark_script("fit_touchdown_ep")
    rng = random.Random(0)
    truth, slope = (1.0, 0.5, -0.5, -2.0), 0.1
    records = [
        {"kind": "down", "down": d, "row": r, "next": truth[d - 1] + slope * r}
        for d, r in ((rng.randint(1, 4), rng.randint(0, 24)) for _ in range(200))
    ]
    records += [{"kind": "kickoff", "row": 0, "down": 1, "next": n} for n in (0, 3, 6)]
    down, per_row, kickoff = module.fit(records)
    assert down == pytest.approx(list(truth), abs=0.01)
    assert per_row == pytest.approx(slope, abs=0.001) and kickoff == pytest.approx(3.0)


def test_ismcts_leaves_set_up_and_movement_to_the_policy() -> None:
    """`routine`: set-up squares and player moves are the policy's choices, unsearched;
    a play call (*Schieramento*: attack, punt or field goal) is searched."""
    known = knowledge("touchdown")
    spec = "ismcts:iterations=30,depth=4,rollout=heuristic,eval=heuristic,prior=heuristic"
    rng = random.Random(0)
    game = games.load("touchdown").new_game(4)
    assert isinstance(game, TouchdownState)
    seen: set[str] = set()
    while seen != {"setup", "move", "declare"}:
        seat = game.current_player
        assert seat is not None
        phase = game.phase
        if len(game.legal_actions()) > 1 and phase in ("setup", "move", "declare"):
            agent = make_agent(spec, 1)
            assert isinstance(agent, ISMCTSAgent)
            choice = agent.act(SeatView(game, seat))
            deterministic = phase == "move" and game.picked is not None
            deterministic |= phase == "setup" and game.kind == "attack"
            if phase == "declare":
                assert agent.last_iterations > 0
                seen.add(phase)
            elif deterministic:
                assert agent.last_iterations == 0
                assert choice == known.policy(game.clone(), random.Random(0))
                seen.add(phase)
        game.apply(known.policy(game, rng))


def test_bench_searched_positions_are_decisions_the_search_makes() -> None:
    """`bench_ismcts.py searched` measures speed only where ISMCTS searches: every
    position has several legal actions and is not `routine` (no set-up square, no
    player move)."""
    module = benchmark_script("bench_ismcts")
    known = knowledge("touchdown")
    found = module.searched_positions("touchdown", 4)
    assert len(found) == 4
    for state in found:
        assert len(state.legal_actions()) > 1 and not known.routine(state)
        assert state.phase not in ("setup", "move")
