"""*Contexto*: coin toss, placement of 6 pawns a side, the substitute, the kick-off."""

from __future__ import annotations

import pytest

from ludoteca.core import IllegalAction
from ludoteca.games.futebol.pawns import BENCH

from .helpers import new_state, spaces


def test_coin_toss_comes_from_the_seed_and_either_side_may_win_it() -> None:
    """*Jogue uma moeda*: the toss is the state's seeded chance."""
    tosses = {new_state(seed, placement="free").kickoff_side for seed in range(20)}
    assert tosses == {0, 1}
    assert new_state(3).kickoff_side == new_state(3).kickoff_side


def test_placement_excludes_speed_zones_long_pass_spaces_and_the_centre_line() -> None:
    """*não podem ser colocados ... Zonas de velocidade o Espaços de passes longos*;
    *A linha do meio ... está fora de campo para iniciar o jogo*."""
    state = new_state(0, placement="free")
    side = state.side
    allowed = spaces(state, "place:")
    kinds = {state.board.kinds[state.board.cell(name)] for name in allowed}
    assert kinds <= {"K", "P", "*", "."}
    assert all(state.board.half[state.board.cell(name)] == side for name in allowed)
    with pytest.raises(IllegalAction):
        state.apply("place:a4" if side == 0 else "place:a10")


def test_placement_alternates_and_allows_one_goalkeeper() -> None:
    """Sides alternate, the kick-off side first (the other places last); one pawn at
    most in the goal-kick area (*só pode ter 1 peão ... como goleiro*)."""
    state = new_state(1, placement="free")
    first = state.side
    assert first == state.kickoff_side
    keeper_rows = {0: "2", 1: "12"}
    state.apply(f"place:c{keeper_rows[first]}")
    assert state.side == 1 - first
    state.apply(f"place:c{keeper_rows[1 - first]}")
    assert state.side == first
    assert not any(name[1:] == keeper_rows[first] for name in spaces(state, "place:"))


def test_after_placement_six_a_side_the_sub_on_the_bench_and_kick_off_to_the_centre() -> None:
    """*O vencedor colocará a bola em cima de um peão e começará do centro*."""
    state = new_state(2, placement="free")
    while state.phase == "place":
        state.apply(state.legal_actions()[0])
    kicker = state.kickoff_side
    assert state.phase == "kickoff" and state.side == kicker
    assert state.placed == [6, 6]
    assert state.status[6] == BENCH and state.status[13] == BENCH
    centre = [c for c in range(len(state.board.kinds)) if state.board.half[c] == -1]
    assert all(state.occ[c] < 0 for c in centre)
    assert state.ball == -1
    action = state.legal_actions()[0]
    state.apply(action)
    pawn = state.occ[state.board.kickoff]
    assert pawn // 7 == kicker and state.ball == state.board.kickoff
    assert state.phase == "play" and state.side == kicker


def test_game_declares_simultaneous_penalties_seats_and_options() -> None:
    """GameInfo: chance (the toss), simultaneous (the penalty), 2 or 6 seats."""
    from ludoteca import games

    info = games.info("futebol")
    assert info.simultaneous and info.chance and (info.min_seats, info.max_seats) == (2, 6)
    names = {option.name for option in info.options}
    assert {"mode", "goals", "format", "coaching", "placement", "turn_limit", "board"} <= names
