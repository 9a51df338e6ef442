"""The Touch down leaf evaluation: expected points of the ball as if it went dead
now (*Palla morta*: downs, the ten-yard marker, a failed fourth down), kick-offs,
and the end of the half."""

from __future__ import annotations

import math
import random

import pytest

from ludoteca import games
from ludoteca.agents import SeatView, make_agent
from ludoteca.agents.heuristics import knowledge
from ludoteca.agents.heuristics import touchdown_value as tv
from ludoteca.agents.ismcts import ISMCTSAgent
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
    assert tv.evaluate(early, 0) > tv.evaluate(late, 0) > math.tanh(margin)


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
