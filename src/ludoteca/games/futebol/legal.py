"""What the side to act may do, by the phase the match is in (the rulebook's order)."""

from __future__ import annotations

from collections.abc import Callable

from ludoteca.games.futebol import fouls
from ludoteca.games.futebol import reach as act
from ludoteca.games.futebol.action import Verb
from ludoteca.games.futebol.fields import FutebolFields, Phase
from ludoteca.games.futebol.pawns import BENCH, PAWNS_PER_SIDE, PITCH, SUB, pawn_name


def play(state: FutebolFields) -> list[str]:
    """A turn (*Jogadas*): the moves, passes and steals, a coaching call, a substitution."""
    side = state.side
    found = act.main_actions(state) or ["skip"]
    if state.config.coaching and not state.called and state.last_member[1 - side] >= 0:
        found.append("call:coaching")
    if not state.sub_used[side] and state.status[side * PAWNS_PER_SIDE + SUB] == BENCH:
        first = side * PAWNS_PER_SIDE
        found.extend(
            Verb.SUB.of(pawn_name(p))
            for p in range(first, first + PAWNS_PER_SIDE)
            if state.status[p] == PITCH
        )
    return found


def chain(state: FutebolFields) -> list[str]:
    """A chain pass goes on to a team-mate, or ends."""
    names = state.board.cell_names
    return [Verb.PASS.of(names[c]) for c in act.chain_targets(state, state.side)] + ["end"]


def place(state: FutebolFields) -> list[str]:
    """A pawn's starting space in the side's half."""
    names = state.board.cell_names
    return [Verb.PLACE.of(names[c]) for c in fouls.placement_cells(state, state.side)]


def kickoff(state: FutebolFields) -> list[str]:
    """Any of the side's pawns on the pitch takes the kick-off."""
    first = state.side * PAWNS_PER_SIDE
    pawns = range(first, first + PAWNS_PER_SIDE)
    return [Verb.KICKOFF.of(pawn_name(p)) for p in pawns if state.status[p] == PITCH]


def keeper(state: FutebolFields) -> list[str]:
    """A goalkeeper and his space; compulsory before a penalty."""
    names = state.board.cell_names
    found = [
        Verb.KEEPER.of(pawn_name(p), names[c]) for p, c in act.keeper_choices(state, state.side)
    ]
    compulsory = bool(state.pending) and state.pending[0][0] == fouls.PENALTY
    return found if compulsory else [*found, "keeper:none"]


def ruling(state: FutebolFields) -> list[str]:
    """The coached player admits or denies the call (docs/rules/futebol.md, decision 21)."""
    return ["coaching:admit", "coaching:deny"]


def aim(state: FutebolFields) -> list[str]:
    """The penalty taker's hidden shot."""
    return ["aim:1", "aim:2", "aim:3"]


def dive(state: FutebolFields) -> list[str]:
    """The keeper's dive against it."""
    return ["dive:1", "dive:2", "dive:3"]


LEGAL: dict[Phase, Callable[[FutebolFields], list[str]]] = {
    Phase.PLAY: play,
    Phase.CHAIN: chain,
    Phase.PLACE: place,
    Phase.KICKOFF: kickoff,
    Phase.KEEPER: keeper,
    Phase.RULING: ruling,
    Phase.AIM: aim,
    Phase.DIVE: dive,
}
"""Each decision phase's legal actions; `OVER` awaits none."""
assert set(LEGAL) == set(Phase) - {Phase.OVER}
