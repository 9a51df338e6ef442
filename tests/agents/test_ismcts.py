"""ISMCTS on the toy trick game: sound choices, reproducible, blind to hidden facts."""

from __future__ import annotations

import random

import pytest

from ludoteca.agents import SeatView, make_agent
from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.core import OptionError, State, game_seed
from ludoteca.sim.runner import play_match
from tests.core.toy import Toy, ToyState


def two_trick_ending() -> ToyState:
    """Seat 1 follows a lead of c5 holding c6 and c9, two tricks to play, none taken.

    c6 takes this trick and c9 the last one: a sure win. c9 first leaves c6 to lead
    the last trick, lost if seat 0's hidden card is c7 or c8 (a draw then).
    """
    state = Toy(hand=2).new_game(0)
    assert isinstance(state, ToyState)
    state.hands = [["c2"], ["c6", "c9"]]
    state.stock = ["c0", "c1", "c3", "c4", "c7", "c8"]
    state.table = ["c5"]
    state.leader = 0
    state.tricks = [0, 0]
    state._legal = None
    return state


def test_keeps_the_high_card_for_the_last_trick() -> None:
    """UCT: c6 now and c9 last is a sure win; c9 now risks a draw. (A tie in visits
    would go to the greater action string, c9: the test cannot pass by a tie.)"""
    for seed in range(3):
        agent = ISMCTSAgent(seed=seed, iterations=300)
        assert agent.act(SeatView(two_trick_ending(), 1)) == "play:c6"


def test_same_seed_same_choice() -> None:
    state = Toy(hand=5).new_game(4)
    choices = {make_agent("ismcts:iterations=150", 9).act(SeatView(state, 0)) for _ in range(3)}
    assert len(choices) == 1


def test_choice_ignores_how_hidden_cards_lie() -> None:
    state = Toy(hand=3).new_game(6)
    worlds = [state.determinize(0, random.Random(seed)) for seed in range(4)]
    assert any(w.hands[1] != state.hands[1] for w in worlds)  # type: ignore[attr-defined]
    expected = make_agent("ismcts:iterations=120", 3).act(SeatView(state, 0))
    for world in worlds:
        assert make_agent("ismcts:iterations=120", 3).act(SeatView(world, 0)) == expected


def test_beats_random_more_often_than_not() -> None:
    game = Toy(hand=5)
    wins = 0
    games = 40
    for index in range(games):
        seed = game_seed(5, index)
        seat = index % 2
        agents = [make_agent("random", seed), make_agent("random", seed + 1)]
        agents[seat] = make_agent("ismcts:iterations=80", seed)
        wins += play_match(game, agents, seed).winner == seat
    assert wins >= 26  # random vs random wins about half


def test_time_budget() -> None:
    agent = make_agent("ismcts:seconds=0.05", 0)
    assert isinstance(agent, ISMCTSAgent)
    agent.act(SeatView(Toy(hand=5).new_game(1), 0))
    assert agent.last_iterations > 0


def last_legal(world: State, rng: random.Random) -> str:
    """A prior that always names the last legal action."""
    return world.legal_actions()[-1]


def highest_card(world: State, rng: random.Random) -> str:
    """A prior that always plays the highest card."""
    return max(world.legal_actions(), key=lambda a: int(a.split(":c")[1]))


def test_puct_first_iteration_follows_the_prior() -> None:
    """PUCT (prior=...): with one iteration the only expanded root action is the prior's."""
    state = Toy(hand=5).new_game(2)
    view = SeatView(state, 0)
    agent = ISMCTSAgent(seed=0, iterations=1, prior=last_legal)
    assert agent.act(view) == view.legal_actions[-1]


def test_puct_values_overrule_a_bad_prior() -> None:
    """The prior plays c9 (a draw in 2 worlds of 7); the searched values pick c6."""
    for seed in range(3):
        agent = ISMCTSAgent(seed=seed, iterations=300, prior=highest_card)
        assert agent.act(SeatView(two_trick_ending(), 1)) == "play:c6"


def test_puct_same_seed_same_choice_and_blind_to_hidden_cards() -> None:
    state = Toy(hand=3).new_game(6)
    spec = "ismcts:iterations=120,prior=heuristic"  # the toy has no heuristic: random prior
    expected = make_agent(spec, 3).act(SeatView(state, 0))
    for seed in range(4):
        world = state.determinize(0, random.Random(seed))
        assert make_agent(spec, 3).act(SeatView(world, 0)) == expected


def test_settled_search_stops_early_with_the_same_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stopping once the leader's visit lead exceeds the iterations left never changes
    the choice (the full run's first iterations are the same), and saves iterations."""
    saved = 0
    for seed in range(6):
        state = Toy(hand=4).new_game(seed)
        for prior in ("none", "heuristic"):
            spec = f"ismcts:iterations=400,prior={prior}"
            pruned = make_agent(spec, seed)
            choice = pruned.act(SeatView(state, 0))
            with monkeypatch.context() as patch:
                patch.setattr("ludoteca.agents.ismcts.SETTLED_EVERY", 10**9)
                full = make_agent(spec, seed)
                assert full.act(SeatView(state, 0)) == choice
            assert isinstance(pruned, ISMCTSAgent) and isinstance(full, ISMCTSAgent)
            assert full.last_iterations == 400
            saved += full.last_iterations - pruned.last_iterations
    assert saved > 0


def test_reply_rollouts_wait_for_the_other_seat() -> None:
    """`reply`: in a Touch down movement phase (one team makes several moves in a
    row) every leaf is evaluated after the other team has moved and with the
    searching team to move again; without it, the short rollouts never see a reply."""
    from ludoteca import games
    from ludoteca.agents.knowledge import knowledge

    known = knowledge("touchdown")
    state = games.load("touchdown").new_game(3)
    rng = random.Random(3)
    while not (state.phase == "move" and state.current_player == 0 and state.picked is None):
        state.apply(known.policy(state, rng))
    movers: list[int | None] = []
    leaves: list[tuple[bool, int | None]] = []

    def rollout(world: State, rng: random.Random) -> str:
        movers.append(world.current_player)
        return known.policy(world, rng)

    def evaluate(world: State, seat: int) -> float:
        if movers:  # the first evaluation after a rollout: one leaf
            leaves.append((any(m != 0 for m in movers), world.current_player))
            movers.clear()
        return known.evaluate(world, seat)

    for reply in (0, 60):
        leaves.clear()
        agent = ISMCTSAgent(
            seed=1,
            iterations=8,
            rollout_depth=2,
            rollout=rollout,
            evaluation=evaluate,
            prior=known.policy,
            reply=reply,
        )
        agent.act(SeatView(state, 0))
        assert len(leaves) >= (4 if reply else 1)
        if reply:
            assert all(seen and mover == 0 for seen, mover in leaves)
        else:
            assert not any(seen for seen, _ in leaves)


def test_checkpoint_rollouts_stop_at_the_next_action() -> None:
    """`horizon=checkpoint`: Touch down leaves are valued at the start of the next
    action (after the dead ball and its administration), whatever the depth."""
    from ludoteca import games
    from ludoteca.agents.knowledge import knowledge

    known = knowledge("touchdown")
    state = games.load("touchdown").new_game(3)
    rng = random.Random(3)
    while not (state.phase == "pass" and len(state.legal_actions()) > 1):
        state.apply(known.policy(state, rng))
    leaves: list[bool] = []

    def evaluate(world: State, seat: int) -> float:
        leaves.append(world.is_terminal or known.checkpoint(world))
        return known.evaluate(world, seat)

    agent = ISMCTSAgent(
        seed=1,
        iterations=10,
        rollout_depth=2,
        rollout="heuristic",
        evaluation=evaluate,
        prior="heuristic",
        reply=400,
        horizon="checkpoint",
    )
    agent.act(SeatView(state, state.current_player or 0))
    assert leaves and all(leaves)
    parsed = make_agent("ismcts:horizon=checkpoint,reply=5")
    assert isinstance(parsed, ISMCTSAgent) and (parsed.horizon, parsed.reply) == ("checkpoint", 5)
    with pytest.raises(OptionError, match="horizon"):
        make_agent("ismcts:horizon=forever")
