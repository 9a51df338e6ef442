"""Set-up, opening roll and role rotation (*Setup do Tabuleiro*, *Decidir o Gamemaster*,
*Rotação de Personagens*)."""

from __future__ import annotations

import itertools
import random

import pytest

from ludoteca import games
from ludoteca.core import OptionError
from ludoteca.games.toxicity import rounds
from ludoteca.games.toxicity.cards import kind

from .helpers import new_state


class Scripted(random.Random):
    """An RNG whose die rolls are given in advance."""

    def __init__(self, rolls: list[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0)


def test_opening_roll_orders_seats_highest_first() -> None:
    """*Decidir o Gamemaster*: the highest roll is gamemaster, then blue, red, yellow, green."""
    st = new_state(5)
    st.rng = Scripted([2, 6, 4, 1, 5])
    assert rounds.opening_roll(st) == [1, 4, 2, 0, 3]


def test_opening_roll_ties_reroll_among_themselves() -> None:
    """*Decidir o Gamemaster*: tied players roll again until the order is known."""
    st = new_state(5)
    # seats 0 and 2 tie on 5, then tie again (3, 3), then 0 rolls 1 and 2 rolls 6.
    st.rng = Scripted([5, 2, 5, 1, 4, 3, 3, 1, 6])
    assert rounds.opening_roll(st) == [2, 0, 4, 1, 3]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_pawns_left_out_from_the_end(players: int) -> None:
    """With fewer than five, the pawns at the end of blue-red-yellow-green are left out."""
    st = new_state(players)
    assert st.colours == ("blue", "red", "yellow", "green")[: players - 1]
    assert sorted(st.roles) == list(range(players))


def test_players_option_bounds() -> None:
    """The `players` option accepts 3 to 5."""
    assert games.load("toxicity", players=3).num_seats == 3
    with pytest.raises(OptionError):
        games.load("toxicity", players=6)
    with pytest.raises(OptionError):
        games.load("toxicity", players=2)


def test_board_setup() -> None:
    """*Setup do Tabuleiro*: the first two columns hold plain floor cards, face up;
    the rest is unexplored; pawns start on their colour's square."""
    st = new_state(5)
    for s in range(st.geo.size):
        x = s % st.geo.columns
        if x < 2:
            assert kind(st.board[s] or "") == "start-floor" and st.face_up[s]
        else:
            assert st.board[s] is None
    for p in st.pawns:
        assert st.geo.xy(p.square) == st.data.start[p.colour]


def test_rotation_rule() -> None:
    """*Rotação*: blue -> gamemaster, red -> blue, yellow -> red, green -> yellow,
    gamemaster -> green."""
    gm, blue, red, yellow, green = 10, 11, 12, 13, 14
    assert rounds.rotate([gm, blue, red, yellow, green]) == [blue, red, yellow, green, gm]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_seat_holds_every_role_once(players: int) -> None:
    """*Rotação de Personagens*: *"No fim do jogo, todos os jogadores terão percorrido
    todos os papéis"*: as many rounds as seats (five for five, *"Quando terminarem 5
    rondas"*), and every seat holds every role (gamemaster and each pawn) exactly once."""
    st = new_state(players, seed=3)
    seen: list[list[int]] = []
    rng = random.Random(0)
    while not st.is_terminal:
        if st.round > len(seen):
            seen.append(list(st.roles))
        st.apply(rng.choice(st.legal_actions()))
    assert len(seen) == players and st.observation(None)["rounds"] == players
    for before, after in itertools.pairwise(seen):
        assert after == rounds.rotate(before)
    for role in range(players):
        assert sorted(r[role] for r in seen) == list(range(players))
