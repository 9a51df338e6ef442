"""*Substituições*: one substitute a side, any time before or after one's turn."""

from __future__ import annotations

import random

import pytest

from ludoteca import games
from ludoteca.core import IllegalAction
from ludoteca.games.futebol import fouls
from ludoteca.games.futebol.ai.heuristic import policy as futebol_policy
from ludoteca.games.futebol.pawns import EXPELLED, OFF, PAWNS_PER_SIDE, PITCH, pawn_name
from ludoteca.games.futebol.state import FutebolState

from .helpers import arrange, spaces

B1, B2, B7 = 0, 1, 6


def test_substitution_takes_the_space_and_ball_and_keeps_the_turn() -> None:
    state = arrange({"B1": "d5", "B2": "b4", "O1": "d9"}, "d5")
    state.apply("sub:B1")
    assert state.status[B1] == OFF and state.status[B7] == PITCH
    assert state.occ[state.ball] == B7
    assert state.side == 0 and state.phase == "play", "the substitution is not the turn"
    assert spaces(state, "sub:") == set()
    state.apply("move:B7:d6")
    assert state.side == 1


def test_only_one_substitution_per_side() -> None:
    state = arrange({"B1": "d5", "B2": "b4", "O1": "d9"}, None)
    state.apply("sub:B2")
    with pytest.raises(IllegalAction, match="already made its one substitution"):
        state.apply("sub:B1")


def test_expelled_pawn_cannot_be_substituted() -> None:
    """*Peões com cartões vermelhos não podem ser substituído*: they left the pitch."""
    state = arrange({"B2": "b4", "O1": "d9"}, None)
    state.status[B1] = EXPELLED
    assert "B1" not in spaces(state, "sub:")
    with pytest.raises(IllegalAction, match="B1 is not on the pitch"):
        state.apply("sub:B1")


def test_substitute_takes_the_replaced_pawns_formation_space() -> None:
    """After a goal the substitute returns to the space of the pawn it replaced."""
    state = arrange({"B1": "d12", "B2": "b4", "O1": "a3"}, "d12", mode="goal-limit")
    state.slots[0] = [0, 1, 2, 3, 4, 5]
    state.formation[0] = [state.board.cell(n) for n in ("d2", "b3", "f3", "d4", "c6", "e6")]
    state.apply("sub:B2")
    state.apply("move:B1:d13")
    assert state.board.cell_names[state.pos[B7]] == "b3"
    assert state.pos[B2] == -1


def _equivalence_samples(seed: int) -> list[tuple[FutebolState, list[str], FutebolState]]:
    """From a heuristic match: (the state as a side's turn ends, the actions until its
    next turn begins, the state then) for every such stretch while its sub is unused."""
    game = games.load("futebol", turn_limit=120)
    state = game.new_game(seed)
    rng = random.Random(seed)
    found: list[tuple[FutebolState, list[str], FutebolState]] = []
    waiting: dict[int, tuple[FutebolState, list[str]]] = {}
    while not state.is_terminal:
        side = state.side
        if state.phase == "play" and side in waiting:
            after, between = waiting.pop(side)
            found.append((after, between, state.clone()))
        before_side, before_phase = state.side, state.phase
        action = futebol_policy(state, rng)
        state.apply(action)
        for log in waiting.values():
            log[1].append(action)
        turn_over = before_phase in ("play", "chain") and state.side != before_side
        if turn_over and not state.sub_used[before_side] and state.phase == "play":
            waiting[before_side] = (state.clone(), [])
    return found


def test_a_substitution_after_ones_turn_equals_one_before_the_next() -> None:
    """*a qualquer momento no jogo antes ou depois de sua vez* (decision 17): nothing
    in the opponents' turn depends on which of the two pawns stands on the space, so
    substituting as one's turn ends and as one's next turn begins give the same match."""
    checked = 0
    for seed in range(4):
        for after, between, then in _equivalence_samples(seed):
            side = then.side
            first = side * PAWNS_PER_SIDE
            for pawn in range(first, first + PAWNS_PER_SIDE):
                name = pawn_name(pawn)
                if then.status[pawn] != PITCH or any(name in a for a in between):
                    continue
                early = after.clone()
                fouls.substitute(early, pawn)
                for action in between:
                    early.apply(action)
                late = then.clone()
                late.apply(f"sub:{name}")
                assert early.dump() == late.dump(), (seed, name, between)
                checked += 1
    assert checked > 100
