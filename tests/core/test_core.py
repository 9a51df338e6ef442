"""The core contract on the toy game: options, refusals, replay files, views."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca import games, testing
from ludoteca.core import DataFileError, IllegalAction, OptionError, Replay
from ludoteca.sim.playout import random_game
from tests.core.toy import Toy, ToyState


def test_unknown_game_is_named() -> None:
    with pytest.raises(OptionError, match="unknown game 'chess'"):
        games.load("chess")


def test_unknown_option_is_named() -> None:
    with pytest.raises(OptionError, match="unknown option 'colour' for toy"):
        Toy(colour="red")


def test_bad_choice_lists_the_choices() -> None:
    with pytest.raises(OptionError, match="must be one of high, low; got 'middle'"):
        Toy(variant="middle")


def test_int_option_bounds_and_parsing() -> None:
    assert Toy(hand="2").options["hand"] == 2
    with pytest.raises(OptionError, match="at most 5"):
        Toy(hand=6)
    with pytest.raises(OptionError, match="whole number"):
        Toy(hand="many")


@given(st.dictionaries(st.sampled_from(["variant", "hand", "x"]), st.text(max_size=4)))
def test_options_are_valid_or_refused_clearly(given_options: dict[str, Any]) -> None:
    try:
        game = Toy(**given_options)
    except OptionError as exc:
        assert str(exc)
    else:
        assert game.options["variant"] in ("high", "low")


def test_illegal_action_changes_nothing() -> None:
    state = Toy().new_game(1)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="'play:c99' is not legal now for seat 0"):
        state.apply("play:c99")
    assert state.to_json() == before


def test_finished_game_refuses_actions() -> None:
    state = random_game(Toy(), 3)
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply("play:c1")


def test_private_events_reach_only_their_seat() -> None:
    state = Toy().new_game(5)
    assert any(line.startswith("you hold") for line in state.events_for(0))
    assert not any(line.startswith("you hold") for line in state.events_for(None))
    mine = [line for line in state.events_for(1) if line.startswith("you hold")]
    assert mine == [f"you hold {' '.join(state.hands[1])}"]  # type: ignore[attr-defined]


def test_observation_refuses_unknown_seat() -> None:
    with pytest.raises(IllegalAction, match="no seat 2"):
        Toy().new_game(1).observation(2)


def test_determinize_keeps_own_hand_and_reshuffles_the_rest() -> None:
    state = Toy().new_game(8)
    hands = {
        tuple(state.determinize(0, random.Random(i)).hands[1])  # type: ignore[attr-defined]
        for i in range(20)
    }
    assert len(hands) > 1
    world = state.determinize(0, random.Random(0))
    assert world.hands[0] == state.hands[0]  # type: ignore[attr-defined]


def test_replay_file_round_trip(tmp_path: Path) -> None:
    game = Toy(variant="low")
    state = random_game(game, 9)
    path = tmp_path / "game.json"
    game.record(state).save(path)
    again = games.load("toy", **Replay.load(path).options).replay(Replay.load(path))
    assert again.to_json() == state.to_json()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[]", "must be a JSON object"),
        ('{"format": "other"}', "not a ludoteca replay"),
        ('{"format": "ludoteca-replay", "version": 1, "game": "toy", "seed": "x"}', "'seed'"),
        (
            '{"format": "ludoteca-replay", "version": 1, "game": "toy", "seed": 1, "actions": [1]}',
            "'actions'",
        ),
    ],
)
def test_malformed_replay_is_named(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(DataFileError, match=message):
        Replay.load(path)


def test_replay_with_illegal_action_names_it() -> None:
    record = Replay(game="toy", options={}, seed=1, actions=["play:c42"])
    with pytest.raises(DataFileError, match="replay action #1 'play:c42' is illegal"):
        Toy().replay(record)


def test_replay_that_does_not_reproduce_its_result_is_refused() -> None:
    game = Toy()
    record = game.record(random_game(game, 2))
    assert record.result is not None
    record.result = {"scores": [9, 9], "winner": None}
    with pytest.raises(DataFileError, match="does not reproduce"):
        game.replay(record)


def test_state_json_refuses_other_games_and_garbage() -> None:
    game = Toy()
    data = game.new_game(1).to_json()
    with pytest.raises(DataFileError, match="for game 'toinc'"):
        game.state_from_json({**data, "game": "toinc"})
    with pytest.raises(DataFileError, match="malformed state"):
        game.state_from_json({**data, "data": {"hands": 3}})
    with pytest.raises(DataFileError, match="other options"):
        Toy(hand=2).state_from_json(json.loads(json.dumps(data)))


class LeakyState(ToyState):
    """Shows the opponent's hand: the conformance suite must catch it."""

    def _observe(self, seat: int | None) -> dict[str, Any]:
        view = super()._observe(seat)
        view["all_hands"] = self.hands
        return view


class LeakyToy(Toy):
    state_class = LeakyState


def test_conformance_suite_catches_a_leak() -> None:
    with pytest.raises(AssertionError, match="can see hidden"):
        testing.observations_leak_nothing(LeakyToy(), 0)


def test_conformance_suite_catches_a_non_resampling_determinize() -> None:
    class Fixed(ToyState):
        def _resample(self, seat: int, rng: random.Random) -> None:
            return None

    class FixedToy(Toy):
        state_class = Fixed

    with pytest.raises(AssertionError, match="re-sampled"):
        testing.determinize_resamples_hidden_information(FixedToy(), 0)


def test_conformance_suite_catches_a_determinize_that_reads_hidden_facts() -> None:
    class Peeking(ToyState):
        def _resample(self, seat: int, rng: random.Random) -> None:
            other = 1 - seat
            pool = self.hands[other] + self.stock  # true order, not canonical
            rng.shuffle(pool)
            size = len(self.hands[other])
            self.hands[other], self.stock = sorted(pool[:size]), pool[size:]

    class PeekingToy(Toy):
        state_class = Peeking

    with pytest.raises(AssertionError, match="hidden facts"):
        testing.determinize_depends_only_on_what_the_seat_sees(PeekingToy(), 0)


def test_a_state_keeps_who_took_each_action_and_restores_it() -> None:
    """`actors` names the seat of every action; a saved state without it (saved before
    ludoteca kept it) gets it back by re-playing; a wrong length is refused."""
    game = Toy()
    state = random_game(game, 3)
    assert len(state.actors) == len(state.history) > 0
    replayed = game.new_game(3)
    for action, seat in zip(state.history, state.actors, strict=True):
        assert replayed.current_player == seat
        replayed.apply(action)
    saved = json.loads(json.dumps(state.to_json()))
    del saved["actors"]
    assert game.state_from_json(saved).actors == state.actors
    saved["actors"] = state.actors[1:]
    with pytest.raises(DataFileError, match="an actor for every action"):
        game.state_from_json(saved)


def test_an_information_state_holds_the_seats_own_actions_and_no_more() -> None:
    """Seat 0's information state changes with its own action, not with the hidden cards
    a determinized world re-deals (`State.information_state`)."""
    game = Toy()
    state = game.new_game(5)
    seat = state.current_player
    assert seat is not None
    before = state.information_state(seat)
    world = state.determinize(seat, random.Random(1))
    assert world.information_state(seat) == before
    assert world.to_json()["data"] != state.to_json()["data"]
    state.apply(state.legal_actions()[0])
    assert state.own_actions(seat) == state.history[:1]
    assert json.loads(state.information_state(seat))["mine"] == state.history[:1]
