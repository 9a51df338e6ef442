"""OpenSpiel's MCTS as the `openspiel-mcts` agent (issue 21, part 3): named in an agent
spec, it meets ludoteca's agents in `ludoteca arena`, and it searches only worlds drawn
from its seat's view, never the true state."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from ludoteca import games
from ludoteca.agents import SeatView, make_agent
from ludoteca.cli.main import app
from ludoteca.core import OptionError
from ludoteca.interop import openspiel
from ludoteca.interop.openspiel_agent import OpenSpielMCTS, ShortRollout
from tests.cli.test_hostile_cli import one_error, run

runner = CliRunner()


def test_the_arena_takes_an_openspiel_bot_beside_ludotecas_agents() -> None:
    args = ["arena", "kalah", "--agents", "openspiel-mcts:simulations=60,random,heuristic"]
    done = runner.invoke(app, [*args, "-n", "4", "--json"])
    assert done.exit_code == 0, done.output
    report = json.loads(done.output)
    assert [row["agent"] for row in report["agents"]] == [
        "openspiel-mcts:simulations=60",
        "random",
        "heuristic",
    ]
    # 60 simulations a move beat random play at Kalah nearly always (8 games, seats swapped).
    won, lost = report["pairwise"][0][1], report["pairwise"][1][0]
    assert won + lost == 8 and won >= 7


def test_a_bad_spec_is_one_clear_refusal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(OptionError, match="no parameter 'iterations'"):
        make_agent("openspiel-mcts:iterations=5")
    with pytest.raises(OptionError, match="above 0"):
        make_agent("openspiel-mcts:worlds=0")
    code = run(monkeypatch, "arena", "kalah", "--agents", "openspiel-mcts:c=x,random")
    assert code == 2
    assert one_error(capsys) == "error: agent parameter c='x' must be a number"


def test_it_searches_only_worlds_sampled_from_its_seats_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = games.load("toinc", length="practice", practice_turns=2)
    state = game.new_game(4)
    rng = random.Random(4)
    while len(state.legal_actions()) < 2 or state.current_player != 0:
        state.apply(rng.choice(state.legal_actions()))
    view = SeatView(state, 0)
    sampled, searched = [], []
    sample = view.sample_world

    def recorded_sample(generator: random.Random) -> object:
        world = sample(generator)
        sampled.append(world)
        return world

    real_state_of = openspiel.SpielGame.state_of

    def recorded_state_of(self: openspiel.SpielGame, world: object) -> object:
        searched.append(world)
        return real_state_of(self, world)  # type: ignore[arg-type]

    monkeypatch.setattr(view, "sample_world", recorded_sample)
    monkeypatch.setattr(openspiel.SpielGame, "state_of", recorded_state_of)
    agent = OpenSpielMCTS(seed=1, simulations=8, worlds=2, depth=3)
    action = agent.act(view)
    assert action in state.legal_actions()
    assert len(searched) == 2 and all(any(w is s for s in sampled) for w in searched)
    assert all(world is not state for world in searched)
    # A sampled world keeps what seat 0 sees and re-draws the opponent's hand.
    assert all(w.observation(0)["hand"] == state.observation(0)["hand"] for w in searched)
    assert any(w.to_json() != state.to_json() for w in searched)


def test_openspiels_depth_limited_minimax_searches_with_the_games_value() -> None:
    """OpenSpiel's `alpha_beta_search` refuses a depth below `max_game_length` (1,000 in
    Kalah) without a value function; with ludoteca's it plays."""
    import pyspiel
    from open_spiel.python.algorithms import minimax

    from ludoteca.interop import openspiel
    from ludoteca.interop.openspiel_agent import value_function

    openspiel.register()
    game = pyspiel.load_game("ludoteca_kalah")
    with pytest.raises(NotImplementedError):
        minimax.alpha_beta_search(game, maximum_depth=3)
    state = game.new_initial_state()
    value, action = minimax.alpha_beta_search(
        game, state, value_function=value_function, maximum_depth=3
    )
    assert action in state.legal_actions() and -1 <= value <= 1


def test_openspiels_ismcts_bot_meets_ludotecas_agents_in_the_arena() -> None:
    """`openspiel-ismcts` is OpenSpiel's own ISMCTSBot: it plays whole Toinc games in the
    arena, and a run is the same run again (its resampling is seeded by the agent's seed)."""
    with pytest.raises(OptionError, match="above 0"):
        make_agent("openspiel-ismcts:seconds=0")
    args = ["arena", "toinc", "--agents", "openspiel-ismcts:simulations=16,random"]
    practice = ["-o", "length=practice", "-o", "practice_turns=2"]  # a whole game in seconds
    reports = []
    for _run in range(2):
        done = runner.invoke(app, [*args, "-n", "2", "--json", *practice])
        assert done.exit_code == 0, done.output
        reports.append(json.loads(done.output))
    assert reports[0]["agents"][0]["agent"] == "openspiel-ismcts:simulations=16"
    won, lost = reports[0]["pairwise"][0][1], reports[0]["pairwise"][1][0]
    assert won + lost == 4  # 2 rounds, seats swapped: every game has a winner or a split
    assert reports[0]["pairwise"] == reports[1]["pairwise"]


def test_with_seconds_it_fits_its_simulations_to_the_time() -> None:
    agent = make_agent("openspiel-ismcts:seconds=0.02", 3)
    game = games.load("toinc", **games.game_class("toinc").short_options())
    state, counts = game.new_game(4), []
    while len(counts) < 6 and not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        action = agent.act(SeatView(state, seat))
        if len(state.legal_actions()) > 1:
            counts.append(agent.last_simulations)  # type: ignore[attr-defined]
        state.apply(action)
    assert counts[0] == 16 and len(set(counts)) > 1  # a probe, then the measured rate


def test_heuristic_leaves_play_the_games_policy_and_value_with_its_evaluation() -> None:
    with pytest.raises(OptionError, match="leaf='deep' must be one of score, heuristic"):
        make_agent("openspiel-ismcts:leaf=deep")
    game = games.load("futebol", turn_limit=200)
    spiel = openspiel.SpielGame(game)
    state, rng = game.new_game(6), random.Random(6)
    while state.current_player is None or len(state.legal_actions()) < 2:
        state.apply(rng.choice(state.legal_actions()))
    knowledge = game.knowledge()
    assert knowledge is not None and knowledge.evaluate is not None
    # No rollout step: the leaf is the game's evaluation of this very position.
    values = ShortRollout(0, random.Random(1), "heuristic").evaluate(spiel.state_of(state))
    assert list(values) == [knowledge.evaluate(state, seat) for seat in (0, 1)]
    # A rollout plays the policy's choices: the same generator state, the same world.
    policy_rng, rollout_rng = random.Random(9), random.Random(9)
    expected = state.clone()
    for _step in range(5):
        if not expected.is_terminal:
            expected.apply(knowledge.policy(expected, policy_rng))
    played = ShortRollout(5, rollout_rng, "heuristic").evaluate(spiel.state_of(state))
    assert list(played) == [knowledge.evaluate(expected, seat) for seat in (0, 1)]
