"""*Roubar*, *Robô diagonal*, *Cartão amarelo/vermelho* and *Desqualificação*."""

from __future__ import annotations

import pytest

from ludoteca.core import IllegalAction
from ludoteca.games.futebol.pawns import EXPELLED

from .helpers import arrange, custom_board, spaces

B1, O1 = 0, 7


def test_orthogonal_steal_swaps_pawns_and_takes_the_ball_without_a_card() -> None:
    """*O peão do seu oponente deve trocar espaços com você*; forward/back/sideways."""
    state = arrange({"B1": "d5", "O1": "d6", "O2": "a9", "B2": "b4"}, "d6")
    state.apply("steal:B1")
    names = state.board.cell_names
    assert names[state.pos[B1]] == "d6" and names[state.pos[O1]] == "d5"
    assert state.occ[state.ball] == B1
    assert state.yellow[B1] == 0


def test_robbed_pawn_cannot_steal_back_on_its_next_turn_only() -> None:
    """*não pode roubar sua bola durante o próximo turno*."""
    state = arrange({"B1": "d5", "O1": "d6", "O2": "e7", "B2": "b4"}, "d6")
    state.apply("steal:B1")
    assert "O1" not in spaces(state, "steal:") and "O2" in spaces(state, "steal:")
    with pytest.raises(IllegalAction, match="O1 was just robbed"):
        state.apply("steal:O1")
    state.apply("move:O2:f8")
    state.apply("move:B2:b5")
    assert "O1" in spaces(state, "steal:")


def test_steal_needs_a_pawn_next_to_the_carrier() -> None:
    state = arrange({"B1": "d4", "O1": "d6"}, "d6")
    assert spaces(state, "steal:") == set()
    with pytest.raises(IllegalAction, match="not next to the ball carrier"):
        state.apply("steal:B1")


def test_diagonal_steal_earns_a_yellow_card() -> None:
    """*Robô diagonal ... resultará em um Cartão amarelo*."""
    state = arrange({"B1": "c5", "O1": "d6"}, "d6")
    state.apply("steal:B1")
    assert state.yellow[B1] == 1 and state.occ[state.ball] == B1
    assert state.reds == [0, 0]


def test_second_diagonal_steal_is_a_red_card_and_the_ball_stays_loose() -> None:
    """*Cartão vermelho*: the pawn is expelled; *Deixe a bola no espaço vazio*."""
    state = arrange({"B1": "c5", "O1": "d6", "B2": "a3"}, "d6")
    state.yellow[B1] = 1
    state.apply("steal:B1")
    assert state.status[B1] == EXPELLED and state.pos[B1] == -1
    assert state.reds == [1, 0] and state.yellow[B1] == 2
    assert state.board.cell_names[state.ball] == "d6" and state.occ[state.ball] == -1
    assert state.board.cell_names[state.pos[O1]] == "c5"


def test_four_red_cards_lose_the_match_at_once() -> None:
    """*Desqualificação*: a side with 4 expelled pawns loses, whatever the score."""
    state = arrange({"B1": "c5", "O1": "d6", "B2": "a3"}, "d6", mode="goal-limit", goals=5)
    state.goals, state.reds, state.yellow[B1] = [2, 0], [3, 0], 1
    state.apply("steal:B1")
    assert state.is_terminal and state.winner == 1
    assert state.returns() == (-1.0, 1.0)


def test_diagonal_steal_in_own_penalty_area_gives_a_penalty() -> None:
    """*Se um time fizer uma roubada diagonal dentro de seu Área de penal*: penalty."""
    state = arrange({"B1": "d2", "B2": "f5", "O1": "c3"}, "c3")
    state.apply("steal:B1")
    assert state.yellow[B1] == 1
    # Blue's keeper left the goal-kick area: a pawn must take its place first.
    assert state.phase == "keeper" and state.current_player == 0
    assert set(state.legal_actions()) == {"keeper:B2:c2", "keeper:B2:e2"}


def test_orthogonal_steal_in_own_penalty_area_is_no_foul() -> None:
    state = arrange({"B1": "c2", "O1": "c3", "O2": "a9"}, "c3")
    state.apply("steal:B1")
    assert state.phase == "play" and state.side == 1 and state.yellow[B1] == 0


def test_diagonal_steal_in_the_opponents_penalty_area_gives_no_penalty() -> None:
    state = arrange({"B1": "c10", "O1": "d11", "O2": "a3"}, "d11")
    state.apply("steal:B1")
    assert state.yellow[B1] == 1 and state.phase == "play" and state.side == 1


def test_a_goalkeepers_steal_puts_the_attacker_in_the_goal_kick_area() -> None:
    """Decision 5: *"Se o goleiro foi expulso com um cartão vermelho"* needs a
    goalkeeper who steals, and a steal swaps places (*"O peão do seu oponente deve
    trocar espaços com você"*): the robbed attacker lands in the goal-kick area."""
    state = arrange({"B1": "d2", "O1": "d3", "O2": "a9"}, "d3")
    state.apply("steal:B1")
    names, area_of = state.board.cell_names, state.board.keeper_area_of
    assert names[state.pos[O1]] == "d2" and area_of[state.pos[O1]] == 0


def test_steal_may_not_put_two_pawns_of_a_side_in_a_goal_kick_area() -> None:
    state = arrange({"B1": "d2", "O1": "d3", "O2": "e2"}, "d3")
    assert spaces(state, "steal:") == set()
    with pytest.raises(IllegalAction, match="goal-kick area"):
        state.apply("steal:B1")


OPEN_KEEPER = [
    "##GGG##", "..KKK..", ".......", "SPP*PPS", "SL...LS", "S.....S",
    "=======",
    "S.....S", "SL...LS", "SPP*PPS", ".......", "..KKK..", "##GGG##",
]  # fmt: skip


def test_expelled_goalkeeper_may_be_replaced_before_the_next_turn() -> None:
    """*Se o goleiro foi expulso ... você pode mover qualquer peão ... para a posição
    de goleiro antes do próximo turno* (optional: keeper:none declines)."""
    board = custom_board(OPEN_KEEPER, "d7")
    state = arrange({"B1": "c2", "B2": "f5", "O1": "b3", "O2": "a9"}, "b3", board=board)
    state.yellow[B1] = 1
    state.apply("steal:B1")
    assert state.status[B1] == EXPELLED
    assert state.phase == "keeper" and state.side == 0
    assert set(state.legal_actions()) == {"keeper:B2:d2", "keeper:B2:e2", "keeper:none"}
    state.apply("keeper:B2:d2")
    assert state.board.cell_names[state.pos[1]] == "d2"
    assert state.phase == "play" and state.side == 1


def test_expelled_goalkeeper_replacement_may_be_declined() -> None:
    board = custom_board(OPEN_KEEPER, "d7")
    state = arrange({"B1": "c2", "B2": "f5", "O1": "b3", "O2": "a9"}, "b3", board=board)
    state.yellow[B1] = 1
    state.apply("steal:B1")
    state.apply("keeper:none")
    assert state.phase == "play" and state.side == 1
