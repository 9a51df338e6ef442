"""Terminal picture of the pitch, action labels and refusal messages."""

from __future__ import annotations

import re

import pytest

from ludoteca.core import IllegalAction

from .helpers import arrange, new_state


def _plain(text: str) -> str:
    return re.sub(r"\[/?[a-z_ ]*\]", "", text)


def test_render_draws_every_row_with_pawns_ball_and_score() -> None:
    state = arrange({"B1": "d5", "O1": "d9", "O2": "c12"}, "d5")
    text = _plain(state.game.render(state.observation(0)))
    lines = text.splitlines()
    assert lines[0].split() == list("abcdefg")
    assert lines[5].split()[:3] == ["5", "~", "L"] and "B1@" in lines[5]
    assert "O2" in lines[12] and "GG" in lines[13]
    assert "Score: Blue 0 - 0 Orange" in text and "to move: Blue" in text


def test_render_shows_the_penalty_pick_only_to_the_takers_side() -> None:
    state = arrange({"B1": "d2", "B2": "f5", "O1": "c3"}, "c3")
    state.apply("steal:B1")
    state.apply("keeper:B2:c2")
    state.apply("aim:3")
    assert "penalty#1:aim:3" in state.game.render(state.observation(1))
    assert "aim:3" not in state.game.render(state.observation(0))
    assert "has picked (hidden)" in state.game.render(state.observation(0))


def test_describe_action_names_cards_and_goals() -> None:
    state = arrange({"B1": "c10", "B2": "d12", "O1": "d11"}, "d11")
    obs = state.observation(0)
    assert "yellow card" in state.game.describe_action(obs, "steal:B1")
    state = arrange({"B1": "d12"}, "d12")
    obs = state.observation(0)
    assert "GOAL" in state.game.describe_action(obs, "move:B1:d13")
    assert "GOAL" in state.game.describe_action(obs, "pass:c13")


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("dance:B1", "unknown action 'dance:B1'"),
        ("aim:1", "not possible now: it is Blue's turn"),
        ("move:Z9:d4", "there is no pawn 'Z9'"),
        ("move:O1:d8", "O1 is not Blue's pawn"),
        ("move:B1:z99", "there is no space 'z99'"),
        ("move:B1:d7", "B1 cannot reach d7"),
        ("pass:d6", "Blue does not have the ball"),
    ],
)
def test_refusals_name_what_is_wrong(action: str, message: str) -> None:
    state = arrange({"B1": "d5", "O1": "d9"}, "d9")
    before = state.to_json()
    with pytest.raises(IllegalAction, match=re.escape(message)):
        state.apply(action)
    assert state.to_json() == before


def test_placement_refusal_names_the_space() -> None:
    state = new_state(0, placement="free")
    with pytest.raises(IllegalAction, match="is not a free starting space"):
        state.apply("place:d7")
