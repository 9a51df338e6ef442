"""The contract's value types: parsed actions, outcomes, utility kinds, game lengths."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca import games
from ludoteca.core import Action, Termination, Utility
from ludoteca.games import built_in
from ludoteca.sim.playout import GameTooLong, random_game
from ludoteca.sim.usage import card_label

PART = st.text(alphabet=st.characters(blacklist_characters=":"), min_size=1, max_size=8)


@given(kind=PART, args=st.lists(PART, max_size=4))
def test_an_action_parses_into_its_kind_and_arguments_and_prints_back(
    kind: str, args: list[str]
) -> None:
    text = ":".join([kind, *args])
    action = Action.parse(text)
    assert action.kind == kind
    assert action.args == tuple(args)
    assert str(action) == text


def test_an_action_without_argument_has_an_empty_one() -> None:
    assert Action.parse("end") == Action("end", "")
    assert Action.parse("end").args == ()


def test_every_game_declares_a_utility_kind() -> None:
    for name in games.names():
        assert isinstance(games.info(name).utility, Utility)


def test_a_finished_game_says_which_rule_ended_it() -> None:
    state = random_game(games.load("toinc", length="practice", practice_turns=4), 3)
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.RULES
    assert outcome.reason == "practice limit reached"
    assert outcome.scores == state.scores and outcome.winner == state.winner


def test_a_game_in_play_has_no_outcome() -> None:
    assert games.load("futebol").new_game(1).outcome() is None


def test_a_match_stopped_by_its_turn_limit_ends_by_a_limit_with_no_result() -> None:
    state = random_game(games.load("futebol", mode="goal-limit", goals=9, turn_limit=6), 2)
    outcome = state.outcome()
    assert outcome is not None and outcome.unfinished
    assert outcome.termination is Termination.LIMIT
    assert outcome.reason == "turn limit 6 reached" and outcome.winner is None


def test_the_end_reason_survives_a_saved_state() -> None:
    game = games.load("toinc", length="practice", practice_turns=4)
    state = random_game(game, 5)
    again = game.state_from_json(state.to_json())
    assert again.outcome() == state.outcome()


@pytest.mark.parametrize("name", built_in())
def test_a_game_longer_than_its_declared_length_is_a_runaway(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = games.load(name)
    monkeypatch.setattr(game, "max_game_length", lambda: 20)
    with pytest.raises(GameTooLong, match=f"{name} did not end within 20 actions"):
        random_game(game, 0)


def test_card_names_label_the_cards_a_report_counts() -> None:
    touchdown = games.load("touchdown")
    some = next(iter(touchdown.cards))
    assert card_label(touchdown, some) == f"{some} {touchdown.cards[some].role}"
    toinc = games.load("toinc")
    card = next(iter(toinc.labels))
    assert card_label(toinc, card) == f"{card} {toinc.labels[card]}"
    assert card_label(games.load("futebol"), "x") == "x"
