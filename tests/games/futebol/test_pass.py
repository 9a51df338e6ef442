"""*Passar o Pontapé*, *Passar por cima* (long pass) and *Passar de corrente* (chain)."""

from __future__ import annotations

import pytest

from ludoteca.core import IllegalAction

from .helpers import arrange, spaces


def test_pass_reaches_team_mates_and_empty_spaces_within_two() -> None:
    """*deve estar em 2 espaços*: team-mate or empty space, 2 spaces or closer."""
    state = arrange({"B1": "d5", "B2": "d7", "O1": "e5", "B3": "d8"}, "d5")
    targets = spaces(state, "pass:")
    assert "d7" in targets and "b3" in targets and "f7" in targets
    assert "e5" not in targets  # an opponent does not receive a pass
    assert "d8" not in targets  # 3 spaces away
    with pytest.raises(IllegalAction, match="out of reach"):
        state.apply("pass:d8")


def test_blocked_spaces_cannot_be_targeted() -> None:
    """*Espaços bloqueados ... estão fora de alcance*."""
    state = arrange({"B1": "c11"}, "c11")
    assert not spaces(state, "pass:") & {"a12", "b12"}
    with pytest.raises(IllegalAction, match="b12 is a blocked space"):
        state.apply("pass:b12")


def test_shot_at_goal_needs_the_space_between_empty() -> None:
    """*Importante: Ao chutar a bola em direção ao gol, os espaços intermediários
    devem estar vazios*: c11-c13 passes c12 (empty); c11-e13 passes d12 (keeper)."""
    state = arrange({"B1": "c11", "O1": "d12"}, "c11")
    targets = spaces(state, "pass:")
    assert "c13" in targets
    assert "e13" not in targets


def test_shot_cannot_be_aimed_through_a_blocked_space() -> None:
    """a11-c13 would cross b12 (X): not a shot; nor a bent (knight) line d11-c13."""
    assert not spaces(arrange({"B1": "a11"}, "a11"), "pass:") & {"c13", "d13", "e13"}
    assert not spaces(arrange({"B1": "d11", "O1": "d12"}, "d11"), "pass:") & {"c13", "e13"}


def test_no_shot_at_ones_own_goal() -> None:
    assert not spaces(arrange({"B1": "d3"}, "d3"), "pass:") & {"c1", "d1", "e1"}


def test_kick_to_an_empty_space_leaves_the_ball_loose_and_ends_the_turn() -> None:
    state = arrange({"B1": "d5", "O1": "a9"}, "d5")
    state.apply("pass:d6")
    assert state.ball == state.board.cell("d6") and state.occ[state.ball] < 0
    assert state.side == 1


def test_long_pass_reaches_anywhere_in_that_half_and_the_centre_line() -> None:
    """*Passar por cima*: from a long-pass space to any pawn or empty space of that
    half, centre line included (and not across into the other half)."""
    state = arrange({"B1": "f9", "B2": "c12", "O1": "b11"}, "f9")
    targets = spaces(state, "long:")
    assert {"c12", "a7", "b10", "e12"} <= targets
    assert "b11" not in targets  # an opponent
    assert "a12" not in targets  # blocked
    assert not any(int(t[1:]) < 7 for t in targets)  # the other half
    with pytest.raises(IllegalAction, match="stays in the half"):
        state.apply("long:d5")


def test_long_pass_only_from_a_long_pass_space() -> None:
    state = arrange({"B1": "e9"}, "e9")
    assert spaces(state, "long:") == set()
    with pytest.raises(IllegalAction, match="needs the carrier on a long-pass space"):
        state.apply("long:c12")


def test_long_pass_cannot_be_combined_with_a_chain_pass() -> None:
    """*Um passe de corrente não pode ser combinado com um Passar por cima*."""
    state = arrange({"B1": "f9", "B2": "c12", "B3": "d12", "O1": "a3"}, "f9")
    state.apply("long:c12")
    assert state.phase == "play" and state.side == 1


def test_chain_pass_goes_along_team_mates_within_two() -> None:
    """*Passar de corrente*: each link to a team-mate within 2 spaces of the last."""
    state = arrange({"B1": "d5", "B2": "d7", "B3": "d9", "B4": "d12", "O1": "a3"}, "d5")
    state.apply("pass:d7")
    assert state.phase == "chain" and state.side == 0
    assert set(state.legal_actions()) == {"pass:d9", "end"}  # not back to B1, not d12
    state.apply("pass:d9")
    assert state.side == 1, "no further team-mate within 2: the chain ends by itself"
    assert state.occ[state.ball] == 2


def test_chain_pass_may_stop_at_any_link() -> None:
    state = arrange({"B1": "d5", "B2": "d7", "B3": "d9", "O1": "a3"}, "d5")
    state.apply("pass:d7")
    state.apply("end")
    assert state.side == 1 and state.occ[state.ball] == 1


def test_chain_pass_links_are_passes_to_pawns_only() -> None:
    state = arrange({"B1": "d5", "B2": "d7", "B3": "d9", "O1": "a3"}, "d5")
    state.apply("pass:d7")
    with pytest.raises(IllegalAction, match="chain pass"):
        state.apply("move:B3:d10")
    with pytest.raises(IllegalAction):
        state.apply("pass:e8")
