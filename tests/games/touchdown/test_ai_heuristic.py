"""The Touch down heuristic: legal choices, sensible play calls (*Schieramento*:
attack, punt or field goal) and a measurable edge over the random agent."""

from __future__ import annotations

import random

from ludoteca import games
from ludoteca.agents import make_agent
from ludoteca.agents.knowledge import knowledge
from ludoteca.core import game_seed
from ludoteca.games.touchdown.ai.heuristic import evaluate, policy
from ludoteca.games.touchdown.state import TouchdownState
from ludoteca.sim.ratings import wilson_interval
from ludoteca.sim.runner import play_match
from tests.games.touchdown.helpers import open_move, situation

PRACTICE = {"quarter_minutes": 1}


def test_registered_as_touchdown_knowledge() -> None:
    known = knowledge("touchdown")
    assert known.known and known.policy is policy and known.evaluate is evaluate


def test_policy_choices_are_legal_and_values_bounded() -> None:
    """Four practice matches, the policy on one seat (alternating) against random:
    every choice is legal; leaf values lie in [-1, 1] and equal the returns at the end."""
    game = games.load("touchdown", **PRACTICE)
    for index in range(4):
        state = game.new_game(game_seed(21, index))
        rng = random.Random(index)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            actions = state.legal_actions()
            if seat == index % 2:
                action = policy(state.clone(), rng)
                assert action in actions, f"illegal {action!r} in phase {state.phase}"
            else:
                action = actions[rng.randrange(len(actions))]
            assert -1.0 <= evaluate(state, seat) <= 1.0
            assert abs(evaluate(state, 0) + evaluate(state, 1)) < 1e-9
            state.apply(action)
        assert all(evaluate(state, s) == state.returns()[s] for s in (0, 1))


def declaring(seed: int) -> TouchdownState:
    """A practice match played by the heuristic up to a declaration of a play."""
    game = games.load("touchdown", **PRACTICE)
    state = game.new_game(seed)
    assert isinstance(state, TouchdownState)
    rng = random.Random(seed)
    while not (state.phase == "declare" and "punt" in state.legal_actions()):
        assert not state.is_terminal
        state.apply(policy(state, rng))
    return state


def at_down(state: TouchdownState, down: int, adv_row: int) -> TouchdownState:
    """The same declaration with the offence on `down`, `adv_row` rows forward."""
    trial = state.clone()
    trial.down = down
    trial.spot = trial.board.sq(trial.board.centre_col, trial.row_for(trial.play_offence, adv_row))
    trial._legal = None
    return trial


def test_play_calls_follow_down_and_field_position() -> None:
    """*Schieramento*: attack on early downs; on 4th down punt deep in one's own
    half, kick a field goal close to the goal, go for it in between."""
    state = declaring(5)
    b = state.board
    rng = random.Random(0)
    own = b.first_field_row() + 2
    close = b.last_field_row() - 1
    middle = b.first_field_row() + b.field_rows // 2 + 1
    assert policy(at_down(state, 1, own), rng) == "attack"
    assert policy(at_down(state, 4, own), rng) == "punt"
    assert policy(at_down(state, 4, close), rng) == "fieldgoal"
    assert policy(at_down(state, 4, middle), rng) == "attack"


def test_heuristic_beats_random() -> None:
    """12 practice matches, the heuristic alternating seats: the lower 95% Wilson
    bound of its score rate (win 1, draw 1/2) is above 0.5."""
    game = games.load("touchdown", **PRACTICE)
    n, points = 12, 0.0
    for index in range(n):
        seed = game_seed(13, index)
        seat = index % 2
        agents = [make_agent("random", seed), make_agent("random", seed + 1)]
        agents[seat] = make_agent("heuristic", seed + seat)
        winner = play_match(game, agents, seed).winner
        points += 1.0 if winner == seat else 0.5 if winner is None else 0.0
    low, _ = wilson_interval(points, n)
    assert low > 0.5, f"score {points}/{n}"


def _pass_phase(players: dict[str, str]) -> TouchdownState:
    """Yellow's AQ holding the ball behind the line on g12, move 2: phase 5."""
    s = situation(players, carrier="Y12", spot="g12", move_no=2)
    s.phase, s.actor = "pass", 0
    s._legal = None
    return s


def test_throws_a_forward_pass_to_an_open_receiver() -> None:
    """*Lancio*: an open AE 8 rows ahead of the AQ (distance 8 halved to 4: R on 4-6)
    is worth the throw (1/2 x 8 rows); marked by a defender, the AQ runs instead."""
    open_receiver = _pass_phase({"Y12": "g10", "Y80": "g18", "W40": "b25", "Y77": "b3"})
    assert policy(open_receiver, random.Random(0)) == "pass:Y80"
    marked = _pass_phase({"Y12": "g10", "Y80": "g18", "W40": "g19", "Y77": "b3"})
    assert policy(marked, random.Random(0)) == "play"
    short = _pass_phase({"Y12": "g10", "Y80": "g12", "W40": "b25", "Y77": "b3"})
    assert policy(short, random.Random(0)) == "play"  # 2 rows at 5/6: not worth a down


def test_the_snap_goes_to_the_quarterback() -> None:
    """The first move's hand-off (*snap*) goes to the AQ when he may receive it."""
    s = situation(
        {"Y70": "g12", "Y12": "g10", "Y20": "f11", "W40": "b25"}, carrier="Y70", move_no=1
    )
    s.phase, s.actor = "pass", 0
    s._legal = None
    assert "handoff:Y20" in s.legal_actions()
    assert policy(s, random.Random(0)) == "handoff:Y12"


def test_the_strongest_tackler_goes_for_the_carrier_first() -> None:
    """*Contrasti* read with A/D as sides (docs/rules/touchdown.md): W91 (tackle 3) is
    likelier than W95 (tackle 1) to fell the carrier Y20 (tackle 1), so of two defenders
    who can both reach him, the heuristic sends W91 first, whatever its tie-break noise."""
    for w91, w95 in (("g14", "h14"), ("h14", "g14")):
        players = {"W91": w91, "W95": w95, "Y20": "g12", "Y70": "a5"}
        s = situation(players, carrier="Y20", spot="g12")
        s.pass_tried = True
        open_move(s, 1, 2)
        assert {"pick:W91", "pick:W95"} <= set(s.legal_actions())
        assert {policy(s, random.Random(seed)) for seed in range(6)} == {"pick:W91"}
