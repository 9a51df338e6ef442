"""The fixed action space (issue 21, part 1): ids are positions, strings stay the truth."""

from __future__ import annotations

import pytest

from ludoteca import games
from ludoteca.core import IllegalAction
from ludoteca.core.spaces import ActionSpace
from ludoteca.games import built_in


def test_an_id_is_the_actions_position_and_both_ways_agree() -> None:
    space = ActionSpace(["sow:a", "sow:b", "sow:c"])
    assert len(space) == 3 and "sow:b" in space and "sow:z" not in space
    assert [space.id_of(a) for a in space.actions] == [0, 1, 2]
    assert [space.action_of(i) for i in range(3)] == list(space.actions)
    assert space.mask(["sow:c", "sow:a"]).tolist() == [1, 0, 1]


def test_a_space_that_lists_an_action_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        ActionSpace(["end", "pass", "end"])


@pytest.mark.parametrize("bad", [-1, 3, 10**12, True])
def test_an_id_outside_the_space_is_refused_by_name(bad: int) -> None:
    with pytest.raises(IllegalAction, match="outside this game's 3 actions"):
        ActionSpace(["a", "b", "c"]).action_of(bad)


def test_an_action_the_game_can_never_offer_has_no_id() -> None:
    with pytest.raises(IllegalAction, match="is not an action of this game"):
        ActionSpace(["a"]).id_of("b" * 500)


@pytest.mark.parametrize(
    ("name", "options", "size"),
    [
        ("kalah", {}, 6),
        ("futebol", {}, 2875),
        ("touchdown", {}, 2082),
        ("toinc", {"variant": "single-deck"}, 468),
        ("toinc", {"variant": "two-deck"}, 922),
        ("toxicity", {}, 7563),
    ],
)
def test_each_game_declares_a_fixed_space_from_its_options(
    name: str, options: dict[str, str], size: int
) -> None:
    """The space is known before any game starts, from the options alone (its size is
    what a policy network's output layer is built with)."""
    game = games.load(name, **options)
    assert game.num_distinct_actions == size
    assert game.action_space is game.action_space  # built once


@pytest.mark.parametrize("name", [*built_in(), "kalah"])
def test_every_game_of_ludoteca_and_the_example_plugin_declares_a_tensor(name: str) -> None:
    """The conformance check skips a game without tensors; ludoteca's own games and the
    example plugin must not be skipped."""
    game = games.load(name)
    state = game.new_game(0)
    for seat in range(game.num_seats):
        assert state.observation_tensor(seat).shape == game.observation_shape()
