"""The conformance checks of hidden information: what a seat's observation, its tensor, its
information state and a determinized world may and may not show it (`determinize`,
`secrets`)."""

from __future__ import annotations

import json
import random
import re

import numpy as np

from ludoteca.core import Game, TensorLayout
from ludoteca.testing.walks import NotApplicable, sample, viewers, walk


def observations_leak_nothing(game: Game, seed: int) -> None:
    """No seat's (or the spectator's) observation contains a token it must not see."""
    for state in sample(walk(game, seed), 12, seed):
        for seat in viewers(game):
            text = json.dumps(state.observation(seat))
            tokens = set(re.findall(r"[A-Za-z0-9_.:#+-]+", text))
            leaked = state.secrets(seat) & tokens
            assert not leaked, f"seat {seat} can see hidden {sorted(leaked)}"


def determinize_keeps_what_the_seat_sees(game: Game, seed: int) -> None:
    """A determinized world looks the same to the seat, and the original is untouched."""
    rng = random.Random(seed)
    for state in sample(walk(game, seed), 12, seed):
        before = state.to_json()
        for seat in range(game.num_seats):
            world = state.determinize(seat, rng)
            assert world.observation(seat) == state.observation(seat)
            if seat == state.current_player:
                assert world.legal_actions() == state.legal_actions()
            if not world.is_terminal:
                world.apply(world.legal_actions()[0])  # the copy plays on
        assert state.to_json() == before, "determinize must not touch the original"


def clone_with_a_generator_changes_only_the_chance(game: Game, seed: int) -> None:
    """`clone(rng)` is the state with `rng` as its generator; the original keeps its own."""
    for state in sample(walk(game, seed), 6, seed):
        before = state.to_json()
        rng = random.Random(seed)
        world = state.clone(rng)
        assert world.rng is rng and state.rng is not rng
        plain = state.clone()
        plain.rng = random.Random(seed)
        assert world.to_json() == plain.to_json()
        if not world.is_terminal:
            world.apply(world.legal_actions()[0])
        assert state.to_json() == before


def determinize_depends_only_on_what_the_seat_sees(game: Game, seed: int) -> None:
    """Two states of one information set determinize to the same worlds."""
    for state in sample(walk(game, seed), 6, seed):
        for seat in range(game.num_seats):
            # Two states of one information set, then the same sampling of each.
            one = state.determinize(seat, random.Random(1))
            two = state.determinize(seat, random.Random(2))
            world_one = one.determinize(seat, random.Random(99)).to_json()
            world_two = two.determinize(seat, random.Random(99)).to_json()
            assert world_one == world_two, "determinize must not depend on hidden facts"
            assert all(e[1] is None or seat in e[1] for e in world_one["events"])


def determinize_resamples_hidden_information(game: Game, seed: int) -> None:
    """What a seat cannot see is re-sampled by `determinize`."""
    if not game.info.hidden_information:
        raise NotApplicable("perfect-information game")
    hidden = [
        (state, seat)
        for state in walk(game, seed)
        for seat in range(game.num_seats)
        if state.secrets(seat)
    ]
    if not hidden:
        raise NotApplicable("nothing was hidden from any seat in this game")
    for state, seat in hidden[:: max(1, len(hidden) // 25)]:
        worlds = {
            json.dumps(state.determinize(seat, random.Random(i)).dump(), sort_keys=True)
            for i in range(6)
        }
        if len(worlds) > 1:
            return
    raise AssertionError("what a seat cannot see must be re-sampled")


def observation_tensors_show_what_the_seat_knows(game: Game, seed: int) -> None:
    """Each seat's observation tensor (issue 21) has the declared shape, is float32,
    keeps within its layout's finite bounds (issue 41), and stays the same when only
    what the seat cannot see is re-dealt."""
    try:
        shape = game.observation_shape()
    except NotImplementedError:
        raise NotApplicable("no observation tensor declared") from None
    try:
        layout = game.observation_layout()
    except NotImplementedError:
        raise AssertionError(
            "an observation tensor without a layout (_observation_layout)"
        ) from None
    assert layout.shape == shape, f"layout of {layout.shape}, tensor of {shape}"
    low, high = layout.bounds()
    rng = random.Random(seed)
    for state in sample(walk(game, seed), 8, seed):
        for seat in range(game.num_seats):
            tensor = state.observation_tensor(seat)
            assert tensor.shape == shape and tensor.dtype == np.float32
            assert np.isfinite(tensor).all()
            outside = np.flatnonzero((tensor < low) | (tensor > high))
            assert not outside.size, (
                f"seat {seat}'s tensor leaves its bounds at {_block_at(layout, outside[0])}"
            )
            if game.info.hidden_information and not state.is_terminal:
                world = state.determinize(seat, rng)
                assert np.array_equal(world.observation_tensor(seat), tensor), (
                    f"seat {seat}'s tensor changed with what it cannot see"
                )


def _block_at(layout: TensorLayout, index: int) -> str:
    """The block name and position of the flat tensor's `index`."""
    for block in layout.blocks:
        where = layout.slice(block.name)
        if where.start <= index < where.stop:
            return f"{block.name}[{index - where.start}]"
    return str(index)


def information_states_are_what_the_seat_knows(game: Game, seed: int) -> None:
    """A seat's `information_state` names no secret of it and is kept by `determinize`:
    the worlds OpenSpiel's ISMCTS and CFR sample for the seat lie in its information set."""
    rng = random.Random(seed)
    for state in sample(walk(game, seed), 8, seed):
        for seat in range(game.num_seats):
            known = state.information_state(seat)
            tokens = set(re.findall(r"[A-Za-z0-9_.:#+-]+", known))
            leaked = state.secrets(seat) & tokens
            assert not leaked, f"seat {seat}'s information state shows hidden {sorted(leaked)}"
            world = state.determinize(seat, rng)
            assert world.information_state(seat) == known, (
                f"determinize({seat}) left seat {seat}'s information set"
            )
