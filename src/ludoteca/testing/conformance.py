"""The conformance checks every ludoteca game passes, for its authors and for ludoteca.

Each check is a function `check(game, seed)` that raises `AssertionError` naming what
is wrong (or `NotApplicable` when it does not apply to the game). ludoteca's test suite
runs them over every registered game and configuration (`tests/conformance/`); a game
plugin runs them on itself with `check_conformance("name")`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from ludoteca import games
from ludoteca.core import Action, Game, IllegalAction, OptionError, Replay, State, Utility
from ludoteca.sim.playout import random_game
from ludoteca.testing.hidden import (
    clone_with_a_generator_changes_only_the_chance,
    determinize_depends_only_on_what_the_seat_sees,
    determinize_keeps_what_the_seat_sees,
    determinize_resamples_hidden_information,
    information_states_are_what_the_seat_knows,
    observation_tensors_show_what_the_seat_knows,
    observations_leak_nothing,
)
from ludoteca.testing.schema import observations_follow_their_schema
from ludoteca.testing.walks import (
    SEEDS,
    NotApplicable,
    sample,
    viewers,
    walk,
)


def info_is_declared(game: Game, seed: int = 0) -> None:
    """The game declares its name, seats, title, summary and rulebook; its real minutes,
    if it gives them, are a range of whole minutes above zero; its `knockout` options are
    options it takes, each named once."""
    info = game.info
    assert info.name in games.names()
    assert 1 <= info.min_seats <= game.num_seats <= info.max_seats
    assert info.title and info.summary and info.rulebook
    knockout = dict(info.knockout)
    assert len(knockout) == len(info.knockout), f"an option named twice in {info.knockout}"
    try:
        type(game)(**knockout)
    except OptionError as refused:
        raise AssertionError(f"knockout options are not options of the game: {refused}") from None
    minutes = game.real_minutes()
    if minutes is not None:
        least, most = minutes
        assert isinstance(least, int) and least > 0, f"real minutes {minutes}"
        assert most is None or (isinstance(most, int) and most >= least), f"real minutes {minutes}"


def short_options_give_a_whole_game(game: Game, seed: int = 0) -> None:
    """The game's `short_options` are options it takes, and a random game with them ends
    within its `max_game_length` (tests, examples and demonstrations play them); its
    `research_options` are options it takes too."""
    try:
        type(game)(**type(game).research_options())
    except OptionError as refused:
        raise AssertionError(f"research_options are not options of the game: {refused}") from None
    try:
        short = type(game)(**type(game).short_options())
    except OptionError as refused:
        raise AssertionError(f"short_options are not options of the game: {refused}") from None
    limit = short.max_game_length()
    state = random_game(short, seed, max_steps=limit)
    assert state.is_terminal, f"a random game with the short options went on past {limit}"


def random_games_finish_consistently(game: Game, seed: int) -> None:
    """Random games end within `max_game_length`; each position offers distinct,
    non-blank action strings that `Action.parse` reads back; the end has scores,
    returns of the declared utility kind, the same for every seat of a side (`sides`),
    and an `Outcome` whose termination is
    the rules' (with a reason) or, for an unfinished game, a limit's with no result; a game
    that declares `phases` is always in one of them, as its observations say, and one that
    declares `endings` ends by one of them."""
    state = game.new_game(seed)
    rng = random.Random(seed)
    limit = game.max_game_length()
    steps = 0
    _in_a_declared_phase(game, state, observed=True)
    while not state.is_terminal:
        _in_a_declared_phase(game, state, observed=False)
        assert steps < limit, f"a random game went on after max_game_length {limit} actions"
        player = state.current_player
        assert player is not None and 0 <= player < game.num_seats
        assert state.outcome() is None, "a game in play has no outcome"
        actions = state.legal_actions()
        assert actions, "a non-terminal state must offer an action"
        assert len(actions) == len(set(actions)), "legal actions must be distinct"
        assert all(isinstance(a, str) and a and a.strip() == a for a in actions)
        assert all(str(Action.parse(a)) == a for a in actions), "Action.parse must round-trip"
        state.apply(rng.choice(actions))
        steps += 1
    assert state.legal_actions() == []
    _in_a_declared_phase(game, state, observed=True)
    assert len(state.scores) == game.num_seats
    returns = state.returns()
    low, high = game.utility_range()
    assert all(low <= r <= high for r in returns), f"returns {returns} outside {low}..{high}"
    if game.info.utility is Utility.ZERO_SUM:
        assert abs(sum(returns)) < 1e-9, f"zero-sum returns {returns} add up to {sum(returns)}"
    _sides_win_together(game, returns)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason, "a finished game names why it ended"
    assert outcome.returns == returns and outcome.winner == state.winner
    assert outcome.unfinished is state.unfinished
    endings = () if game.endings is None else tuple(e.value for e in game.endings)
    if endings and not state.unfinished:
        assert outcome.ending in endings, f"ending {outcome.ending!r} is not one of {endings}"
    else:
        assert outcome.ending is None, "an unfinished game, or one without endings, has none"
    # A game stopped by a limit in its options has no result (no winner, no draw).
    result = state.result()
    assert result.get("unfinished", False) is state.unfinished
    if state.unfinished:
        assert state.winner is None and returns == (0.0,) * game.num_seats
        assert state.observation(None)["unfinished"] is True


def _sides_win_together(game: Game, returns: tuple[float, ...]) -> None:
    """`game.sides()` parts the seats, and the seats of a side have the same returns."""
    sides = game.sides()
    seats = sorted(seat for side in sides for seat in side)
    assert seats == list(range(game.num_seats)), f"sides {sides} do not part the seats"
    assert all(side for side in sides), f"sides {sides}: a side has no seat"
    for side in sides:
        assert len({returns[seat] for seat in side}) == 1, f"side {side} split: {returns}"


def _in_a_declared_phase(game: Game, state: State, observed: bool) -> None:
    """`state.phase` is one of `game.phases` (if it declares them), and, if `observed`,
    an observation that names a phase names that one."""
    if game.phases is None:
        return
    phase = getattr(state, "phase", None)
    assert isinstance(phase, game.phases), f"phase {phase!r} is not one of {game.phases}"
    if observed:
        shown = state.observation(None).get("phase", phase.value)
        assert shown == phase.value, f"observations name phase {shown!r}, the state {phase!r}"


def replay_reproduces(game: Game, seed: int) -> None:
    """A replay file, through JSON, rebuilds the same final state."""
    state = random_game(game, seed)
    record = Replay.from_json(json.loads(json.dumps(game.record(state).to_json())))
    again = game.replay(record)
    assert again.to_json() == state.to_json()


def same_seed_same_game(game: Game, seed: int = 0) -> None:
    """The same seed plays the same game."""
    assert random_game(game, 7).to_json() == random_game(game, 7).to_json()


def json_round_trip(game: Game, seed: int) -> None:
    """A state through JSON equals itself, with the same legal actions, and both copies
    play on identically (the RNG state travels with the rest)."""
    snapshots = walk(game, seed)
    for state in sample(snapshots, 8, seed):
        text = json.dumps(state.to_json())
        restored = game.state_from_json(json.loads(text))
        assert restored.to_json() == state.to_json()
        assert restored.legal_actions() == state.legal_actions()
        # Both continue identically: the RNG state travelled with the rest.
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        for _ in range(50):
            if state.is_terminal:
                break
            state.apply(rng_a.choice(state.legal_actions()))
            restored.apply(rng_b.choice(restored.legal_actions()))
        assert restored.to_json() == state.to_json()


def logs_only_grow(game: Game, seed: int) -> None:
    """A seat's log (and its events) only grows, line for line: the web sends a page only
    the entries after those it holds. Looked at after steps 2^k and 2^k + 1, and the end."""
    rng = random.Random(seed)
    state = game.new_game(seed)
    held = {seat: (state.events_for(seat), state.log_for(seat)) for seat in viewers(game)}
    step = 0
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        step += 1
        if step & (step - 1) and (step - 1) & (step - 2) and not state.is_terminal:
            continue
        for seat, (events, log) in held.items():
            now = state.events_for(seat), state.log_for(seat)
            assert len(now[0]) == len(now[1]), f"seat {seat}: events and log differ in length"
            assert now[0][: len(events)] == events, f"seat {seat}: step {step} changed its events"
            assert now[1][: len(log)] == log, f"seat {seat}: step {step} changed its log"
            held[seat] = now


def seat_names_are_public_and_name_every_seat(game: Game, seed: int = 0) -> None:
    """`seat_names` gives one distinct, non-empty name a seat, the same whichever seat's
    observation (or a spectator's) it is read from: the names are public."""
    for state in sample(walk(game, 0), 6, 0):
        named = [game.seat_names(state.observation(seat)) for seat in viewers(game)]
        assert all(names == named[0] for names in named), named
        assert len(named[0]) == game.num_seats and all(named[0])
        assert len(set(named[0])) == game.num_seats, named[0]


BAD_ACTIONS = ["", "nonsense", "confirm:extra:junk", "12345", " pass", "\u00e9\u00e9"]


def illegal_actions_refused_unchanged(game: Game, seed: int) -> None:
    """Malformed and illegal actions are refused with a reason, the state unchanged."""
    for state in sample(walk(game, seed), 10, seed):
        before = state.to_json()
        legal = set(state.legal_actions())
        for bad in BAD_ACTIONS:
            if bad in legal:
                continue
            try:
                state.apply(bad)
            except IllegalAction as refusal:
                assert str(refusal), "the refusal names a reason"
            else:
                raise AssertionError(f"the illegal action {bad!r} was accepted")
            assert state.to_json() == before


def clone_is_independent(game: Game, seed: int = 0) -> None:
    """Playing on a clone leaves the original unchanged; a quiet state's copies and
    sampled worlds are quiet too (a search's worlds log nothing)."""
    state = game.new_game(11)
    state.quiet = True
    assert state.clone().quiet and state.clone(random.Random(1)).quiet
    assert state.determinize(0, random.Random(1)).quiet
    state.quiet = False
    assert not state.clone().quiet
    copy = state.clone()
    before = state.to_json()
    random_rng = random.Random(0)
    for _ in range(30):
        if copy.is_terminal:
            break
        copy.apply(random_rng.choice(copy.legal_actions()))
    assert state.to_json() == before


def a_quiet_game_differs_only_in_its_log(game: Game, seed: int) -> None:
    """`State.quiet` (search worlds, learners' environments) changes no rule: the same
    actions give the same legal actions and the same game, with nothing logged, from
    the set-up on; ids are the same too."""
    loud, quiet = game.new_game(seed), game.new_game(seed, quiet=True)
    rng = random.Random(seed)
    while not loud.is_terminal:
        assert quiet.legal_actions() == loud.legal_actions()
        assert quiet.legal_action_ids() == loud.legal_action_ids()
        action = rng.choice(loud.legal_actions())
        loud.apply(action)
        quiet.apply(action)
    assert quiet.is_terminal and quiet.events == []
    assert quiet.dump() == loud.dump() and quiet.returns() == loud.returns()


def action_ids_round_trip(game: Game, seed: int) -> None:
    """The fixed action space (issue 21): every legal action of random positions is in it,
    ids and strings round-trip, the mask is the legal set, and a game played by ids is the
    game played by strings; an id outside the space is refused, the state unchanged."""
    space = game.action_space
    assert game.num_distinct_actions == len(space) > 0
    for state in sample(walk(game, seed), 10, seed):
        legal = state.legal_actions()
        missing = [action for action in legal if action not in space]
        assert not missing, f"legal actions outside the action space: {missing[:5]}"
        ids = state.legal_action_ids()
        assert ids == sorted(ids) and len(ids) == len(set(ids)) == len(legal)
        assert {space.action_of(i) for i in ids} == set(legal)
        mask = state.action_mask()
        assert mask.shape == (len(space),) and mask.dtype.kind == "i"
        assert sorted(int(i) for i in mask.nonzero()[0]) == ids
        before = state.to_json()
        for bad in (-1, len(space)):
            try:
                state.apply_action_id(bad)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"action id {bad} outside the space was accepted")
        assert state.to_json() == before
    rng = random.Random(seed)
    by_ids = game.new_game(seed)
    while not by_ids.is_terminal:
        ids = by_ids.legal_action_ids()  # a game may list them itself: check every one
        assert ids == space.ids_of(by_ids.legal_actions()), "legal ids are not the actions'"
        by_ids.apply_action_id(rng.choice(ids))
    again = game.replay(game.record(by_ids))
    assert again.history == by_ids.history and again.scores == by_ids.scores


Check = Callable[[Game, int], None]
CHECKS: tuple[Check, ...] = (
    info_is_declared,
    short_options_give_a_whole_game,
    random_games_finish_consistently,
    replay_reproduces,
    same_seed_same_game,
    json_round_trip,
    observations_leak_nothing,
    observations_follow_their_schema,
    logs_only_grow,
    seat_names_are_public_and_name_every_seat,
    determinize_keeps_what_the_seat_sees,
    clone_with_a_generator_changes_only_the_chance,
    determinize_depends_only_on_what_the_seat_sees,
    determinize_resamples_hidden_information,
    information_states_are_what_the_seat_knows,
    illegal_actions_refused_unchanged,
    clone_is_independent,
    a_quiet_game_differs_only_in_its_log,
    action_ids_round_trip,
    observation_tensors_show_what_the_seat_knows,
)
"""Every check, in the order ludoteca runs them."""
ONCE: frozenset[Check] = frozenset(
    (
        info_is_declared,
        short_options_give_a_whole_game,
        same_seed_same_game,
        seat_names_are_public_and_name_every_seat,
        clone_is_independent,
    )
)
"""The checks that do not depend on the seed: run once per configuration."""


def check_conformance(name: str, seeds: int = SEEDS) -> None:
    """Run every check on registered game `name`, every conformance configuration and
    `seeds` seeds; raise `AssertionError` listing every failure."""
    failures = []
    for config in games.game_class(name).conformance_configs():
        game = games.load(name, **config)
        for check in CHECKS:
            for seed in range(1 if check in ONCE else seeds):
                try:
                    check(game, seed)
                except NotApplicable:
                    break
                except AssertionError as failure:
                    failures.append(f"{check.__name__} {config} seed {seed}: {failure}")
    if failures:
        raise AssertionError("\n".join(failures))
