"""The conformance checks have teeth: a game that breaks a check's rule fails it."""

from __future__ import annotations

import dataclasses
import random
from enum import StrEnum
from typing import Any, TypedDict

import numpy as np
import numpy.typing as npt
import pytest

from ludoteca.core import Block, TensorLayout
from ludoteca.testing import (
    NotApplicable,
    info_is_declared,
    information_states_are_what_the_seat_knows,
    logs_only_grow,
    observation_tensors_show_what_the_seat_knows,
    observations_follow_their_schema,
    random_games_finish_consistently,
    schema_errors,
    short_options_give_a_whole_game,
)
from tests.core.toy import Toy, ToyState


class ForgetfulState(ToyState):
    """Drops the oldest line of its log at every move."""

    def _apply(self, action: str) -> None:
        super()._apply(action)
        if self.events:
            self.events.pop(0)


class Forgetful(Toy):
    state_class = ForgetfulState


def test_a_log_that_drops_a_line_fails_logs_only_grow() -> None:
    logs_only_grow(Toy(), 0)
    with pytest.raises(AssertionError, match=r"seat None: step 1 changed its events"):
        logs_only_grow(Forgetful(), 0)


class Unshortened(Toy):
    @classmethod
    def short_options(cls) -> dict[str, Any]:
        return {"hand": 9}  # over the option's maximum of 5


class Unresearched(Toy):
    @classmethod
    def research_options(cls) -> dict[str, Any]:
        return {"quarter_minutes": 1}  # not an option of the toy game


class Knocked(Toy):
    info = dataclasses.replace(Toy.info, knockout=(("hand", 2),))


class Unknockable(Toy):
    info = dataclasses.replace(Toy.info, knockout=(("overtime", "playoff"),))  # no such option


class Overknocked(Toy):
    info = dataclasses.replace(Toy.info, knockout=(("hand", 9),))  # over its maximum of 5


def test_knockout_options_the_game_does_not_take_fail_the_info_check() -> None:
    info_is_declared(Toy())
    info_is_declared(Knocked())
    for wrong in (Unknockable, Overknocked):
        with pytest.raises(AssertionError, match=r"knockout options are not options of"):
            info_is_declared(wrong())


def test_short_options_the_game_does_not_take_fail_their_check() -> None:
    short_options_give_a_whole_game(Toy(), 0)
    with pytest.raises(AssertionError, match=r"short_options are not options of the game"):
        short_options_give_a_whole_game(Unshortened(), 0)
    with pytest.raises(AssertionError, match=r"research_options are not options of the game"):
        short_options_give_a_whole_game(Unresearched(), 0)


class Step(StrEnum):
    PLAY = "play"
    OVER = "over"


class PhasedState(ToyState):
    """Names its phase (`play` until the end), its observations too."""

    @property
    def phase(self) -> Step:
        return Step.OVER if self.is_terminal else Step.PLAY

    def _observe(self, seat: int | None) -> dict[str, Any]:
        return {**super()._observe(seat), "phase": self.phase.value}


class Phased(Toy):
    state_class = PhasedState
    phases = Step


class MisnamedState(PhasedState):
    """Its observations name another phase than the state's."""

    def _observe(self, seat: int | None) -> dict[str, Any]:
        return {**super()._observe(seat), "phase": "bidding"}


class Misnamed(Phased):
    state_class = MisnamedState


class Unphased(Toy):
    phases = Step  # declared, but its states have no `phase`


def test_a_game_out_of_its_declared_phases_fails_its_check() -> None:
    random_games_finish_consistently(Phased(), 0)
    with pytest.raises(AssertionError, match=r"observations name phase 'bidding'"):
        random_games_finish_consistently(Misnamed(), 0)
    with pytest.raises(AssertionError, match=r"phase None is not one of"):
        random_games_finish_consistently(Unphased(), 0)


class Way(StrEnum):
    HANDS_EMPTY = "hands empty"


class EndingState(ToyState):
    def ending(self) -> StrEnum:
        return Way.HANDS_EMPTY


class Ended(Toy):
    state_class = EndingState
    endings = Way


class Unended(Toy):
    endings = Way  # declared, but its states name none


def test_a_game_that_ends_outside_its_declared_endings_fails_its_check() -> None:
    random_games_finish_consistently(Ended(), 0)
    with pytest.raises(AssertionError, match=r"ending None is not one of \('hands empty',\)"):
        random_games_finish_consistently(Unended(), 0)


class ToyView(TypedDict):
    """The toy's observation, declared."""

    hand: list[str] | None
    hand_sizes: list[int]
    table: list[str]
    tricks: list[int]


class Declared(Toy):
    observation_schema = ToyView


class TooNarrow(TypedDict):
    """A schema the toy's observations break: no `tricks`, hand sizes as text."""

    hand: list[str] | None
    hand_sizes: list[str]
    table: list[str]


class Misdeclared(Toy):
    observation_schema = TooNarrow


def test_observations_are_checked_key_by_key_against_the_declared_schema() -> None:
    with pytest.raises(NotApplicable):
        observations_follow_their_schema(Toy(), 0)
    observations_follow_their_schema(Declared(), 0)
    with pytest.raises(AssertionError, match=r"seat None's observation: .*"):
        observations_follow_their_schema(Misdeclared(), 0)
    observation = Declared().new_game(0).observation(0)
    assert schema_errors(observation, ToyView) == ""
    assert "'tricks'" in schema_errors({**observation, "tricks": None}, ToyView)
    assert "undeclared" in schema_errors({**observation, "undeclared": 1}, ToyView)
    assert schema_errors(observation, TooNarrow) != ""
    assert "seat" in schema_errors({**observation, "seat": "0"}, ToyView)


class TellingState(ToyState):
    """Its information state tells a seat the cards in the stock."""

    def information_state(self, seat: int) -> str:
        return super().information_state(seat) + " ".join(self.stock)


class Telling(Toy):
    state_class = TellingState


class AmnesiacState(ToyState):
    """Its determinized worlds forget the actions the seat took."""

    def determinize(self, seat: int, rng: random.Random) -> AmnesiacState:
        world = super().determinize(seat, rng)
        world.history, world.actors = [], []
        return world


class Amnesiac(Toy):
    state_class = AmnesiacState


def test_an_information_state_that_leaks_or_a_world_outside_it_fails_its_check() -> None:
    information_states_are_what_the_seat_knows(Toy(), 0)
    with pytest.raises(AssertionError, match=r"information state shows hidden \['c"):
        information_states_are_what_the_seat_knows(Telling(), 0)
    with pytest.raises(AssertionError, match=r"left seat \d's information set"):
        information_states_are_what_the_seat_knows(Amnesiac(), 0)


class TensoredState(ToyState):
    """Its tensor: the seat's own hand (one-hot over c0..c9) and the tricks won."""

    def _observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        tensor = self.game.observation_layout().zeros()
        for card in self.hands[seat]:
            tensor[int(card[1:])] = 1.0
        tensor[10:] = [self.tricks[seat] / 5, self.tricks[1 - seat] / 5]
        return tensor


class Tensored(Toy):
    state_class = TensoredState

    def _observation_layout(self) -> TensorLayout:
        return TensorLayout([Block("hand", (10,)), Block("tricks", (2,))])


class RawCountState(TensoredState):
    """Counts tricks as they are, past the layout's bound of 1."""

    def _observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        tensor = super()._observation_tensor(seat)
        tensor[10:] *= 5
        return tensor


class RawCount(Tensored):
    state_class = RawCountState


class Unlaid(Toy):
    """Declares a tensor's shape and no layout."""

    state_class = TensoredState

    def observation_shape(self) -> tuple[int, ...]:
        return (12,)


def test_a_tensor_outside_its_layout_or_without_one_fails_its_check() -> None:
    observation_tensors_show_what_the_seat_knows(Tensored(), 0)
    with pytest.raises(AssertionError, match=r"leaves its bounds at tricks\[\d\]"):
        observation_tensors_show_what_the_seat_knows(RawCount(), 0)
    with pytest.raises(AssertionError, match=r"without a layout"):
        observation_tensors_show_what_the_seat_knows(Unlaid(), 0)


class Overlapping(Toy):
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return ((0, 1), (1,))


class Teamed(Toy):
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return ((0, 1),)  # one side, yet one seat wins and the other loses


def test_sides_that_do_not_part_the_seats_or_split_a_result_fail_their_check() -> None:
    random_games_finish_consistently(Toy(), 0)
    with pytest.raises(AssertionError, match=r"do not part the seats"):
        random_games_finish_consistently(Overlapping(), 0)
    seed = next(s for s in range(50) if _decided(s))
    with pytest.raises(AssertionError, match=r"side \(0, 1\) split"):
        random_games_finish_consistently(Teamed(), seed)


def _decided(seed: int) -> bool:
    """Whether the toy's random game from `seed` has a winner (not a draw)."""
    state = Toy().new_game(seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state.winner is not None
